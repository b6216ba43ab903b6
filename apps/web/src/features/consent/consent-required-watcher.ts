import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '@trust/domain';
import { meQueryKey } from '../../api/auth/get-me.ts';
import { isConsentRequiredError } from './consent-gate.tsx';

/**
 * A session can be held for consent while the app runs: a signature was revoked (issue #12: in this tab, another
 * tab or another device of the user; every session of the user is held at once). Every call then answers 403
 * consent_required. The first such answer to any query or change asks GET /auth/me again, which says
 * `consent_required`, and that opens the Consent Update Required dialog (ConsentGate). Returns the unsubscribe.
 */
export function watchConsentRequired(queryClient: QueryClient): () => void {
  const recheck = (error: unknown) => {
    if (!isConsentRequiredError(error)) return;
    // Already known (the dialog is open): no request loop while other screens keep failing.
    const me = queryClient.getQueryState<Me>(meQueryKey);
    if (me?.data?.consent_required || isConsentRequiredError(me?.error)) return;
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if (event.query.queryHash === JSON.stringify(meQueryKey)) return;
    recheck(event.action.error);
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}

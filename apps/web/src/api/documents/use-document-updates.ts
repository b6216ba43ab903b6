import { useQueryClient } from '@tanstack/react-query';
import { useAppEvents } from '../events/use-app-events.ts';
import { documentKeys } from './keys.ts';

/**
 * Keeps a referral's documents current while they are on screen: when the server says this referral's
 * documents changed (another user, the provider's organization), the list refetches. The event carries ids only.
 */
export function useDocumentUpdates(referralId: number | null): void {
  const queryClient = useQueryClient();
  useAppEvents(['referral.changed'], (event) => {
    const data = event.data as { id?: unknown; change?: unknown } | null;
    if (referralId === null || data?.id !== referralId) return;
    // Other changes of the referral leave its documents as they are (and each list read is audited).
    if (
      typeof data.change === 'string' &&
      !data.change.startsWith('document_') &&
      data.change !== 'deleted'
    ) {
      return;
    }
    void queryClient.invalidateQueries({ queryKey: documentKeys.referral(referralId) });
  });
}

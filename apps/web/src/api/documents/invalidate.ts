import type { QueryClient } from '@tanstack/react-query';
import { referralKeys } from '../referrals/keys.ts';
import { documentKeys } from './keys.ts';

/** After a document changes: its referral's documents, and the referral's history (the timeline shows them). */
export function refreshAfterDocumentChange(queryClient: QueryClient, referralId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: documentKeys.referral(referralId) }),
    queryClient.invalidateQueries({ queryKey: referralKeys.events(referralId) }),
  ]);
}

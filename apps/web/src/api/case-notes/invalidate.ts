import type { QueryClient } from '@tanstack/react-query';
import { referralKeys } from '../referrals/keys.ts';
import { caseNoteKeys } from './keys.ts';

/** After a note changes: its referral's notes, and the referral's history (the timeline shows note events). */
export function refreshAfterNoteChange(queryClient: QueryClient, referralId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: caseNoteKeys.referral(referralId) }),
    queryClient.invalidateQueries({ queryKey: referralKeys.events(referralId) }),
  ]);
}

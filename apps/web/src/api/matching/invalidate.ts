import type { QueryClient } from '@tanstack/react-query';
import { referralKeys } from '../referrals/keys.ts';
import { matchingKeys } from './keys.ts';

/** A match changes the referral everywhere it shows: the matching screens, the queue, details, workspace. */
export function invalidateAfterMatch(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: matchingKeys.all }),
    queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  ]);
}

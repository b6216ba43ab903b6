import { useQueryClient } from '@tanstack/react-query';
import { useAppEvents } from '../events/use-app-events.ts';
import { referralMemberKeys } from './keys.ts';

/** Keeps the member list current: any referral of the organization that changes may change its member. */
export function useReferralMemberUpdates(): void {
  const queryClient = useQueryClient();
  useAppEvents(['referral.changed'], () => {
    void queryClient.invalidateQueries({ queryKey: referralMemberKeys.lists() });
  });
}

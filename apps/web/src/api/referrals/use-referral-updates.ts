import { useQueryClient } from '@tanstack/react-query';
import { useAppEvents } from '../events/use-app-events.ts';
import { referralKeys } from './keys.ts';

/**
 * Keeps every open referral screen current: when the server says a referral of the active organization changed
 * (another user, the provider's answer, the expiry job), the cached queries refetch. The event carries ids only.
 */
export function useReferralUpdates(): void {
  const queryClient = useQueryClient();
  useAppEvents(['referral.changed'], (event) => {
    const id = (event.data as { id?: unknown } | null)?.id;
    void queryClient.invalidateQueries({ queryKey: referralKeys.lists() });
    if (typeof id === 'number') {
      void queryClient.invalidateQueries({ queryKey: referralKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: referralKeys.events(id) });
    }
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useAppEvents } from '../events/use-app-events.ts';
import { caseNoteKeys } from './keys.ts';

/**
 * Keeps a referral's notes current while they are on screen: when the server says this referral's notes
 * changed (another user, the provider's organization), the list refetches. The event carries ids only.
 */
export function useCaseNoteUpdates(referralId: number): void {
  const queryClient = useQueryClient();
  useAppEvents(['referral.changed'], (event) => {
    const data = event.data as { id?: unknown; change?: unknown } | null;
    if (data?.id !== referralId) return;
    // Other changes of the referral leave its notes as they are (and each read of notes is audited).
    if (typeof data.change === 'string' && !data.change.startsWith('note_')) return;
    void queryClient.invalidateQueries({ queryKey: caseNoteKeys.referral(referralId) });
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { COMMUNICATION_EVENTS, type CommunicationEventData } from '@trust/domain';
import { useAppEvents } from '../events/use-app-events.ts';
import { voiceKeys } from './keys.ts';

const VOICE_EVENTS = [COMMUNICATION_EVENTS.created, COMMUNICATION_EVENTS.updated];

/**
 * Keeps calls and voicemails current while they are on screen: a new or changed voice record (a call ringing,
 * answered or ended, a voicemail left) refetches them. Events carry ids and the status only; `onVoiceEvent`
 * sees each one (the phone view's active-call banner follows its call's status from it).
 */
export function useVoiceUpdates(onVoiceEvent?: (data: CommunicationEventData) => void): void {
  const queryClient = useQueryClient();
  useAppEvents(VOICE_EVENTS, (event) => {
    const data = event.data as Partial<CommunicationEventData> | null;
    if (data?.method_type !== 'voice') return;
    void queryClient.invalidateQueries({ queryKey: voiceKeys.all });
    onVoiceEvent?.(data as CommunicationEventData);
  });
}

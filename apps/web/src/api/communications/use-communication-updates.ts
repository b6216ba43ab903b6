import { type Query, useQueryClient } from '@tanstack/react-query';
import {
  COMMUNICATION_EVENTS,
  type CommunicationEventData,
  communicationEventDataSchema,
} from '@trust/domain';
import { useEffect, useState } from 'react';
import { emailKeys } from '../email/keys.ts';
import { useAppEvents } from '../events/use-app-events.ts';
import { referralScreenshotsKey } from '../referrals/get-referral-screenshots.ts';
import { smsKeys } from '../sms/keys.ts';
import { communicationKeys } from './keys.ts';

type ThreadParams = { conversation_id?: number; referral_id?: number; provider_id?: number };

/** Whether a cached thread query (SMS or email) is the thread an event is about. */
export function isThreadOf(params: ThreadParams, event: CommunicationEventData): boolean {
  if (params.conversation_id !== undefined) return params.conversation_id === event.conversation_id;
  return (
    params.provider_id === (event.provider_id ?? undefined) &&
    (params.referral_id ?? null) === event.referral_id
  );
}

function threadPredicate(event: CommunicationEventData) {
  return (query: Query) => {
    const params = query.queryKey[2];
    return typeof params === 'object' && params !== null && isThreadOf(params as ThreadParams, event);
  };
}

// Every panel and list mounts the hook so that each works on its own (the case workspace, the inbox, one
// provider's screen), but one event must refetch once: the first mounted instance acts for the page.
const mounted: symbol[] = [];

/**
 * Keeps every communications screen current over the page's shared event stream (001 §2.11 "new messages
 * arrive as they happen"): a new or changed record refetches its thread and the lists, a thread whose unread
 * count changed refetches the lists. The events carry ids only; the content comes from the refetch.
 */
export function useCommunicationUpdates(): void {
  const queryClient = useQueryClient();
  const [self] = useState(() => Symbol('communication-updates'));
  useEffect(() => {
    mounted.push(self);
    return () => {
      mounted.splice(mounted.indexOf(self), 1);
    };
  }, [self]);
  useAppEvents(
    [COMMUNICATION_EVENTS.created, COMMUNICATION_EVENTS.updated, COMMUNICATION_EVENTS.conversationChanged],
    (event) => {
      if (mounted[0] !== self) return;
      void queryClient.invalidateQueries({ queryKey: communicationKeys.conversations() });
      if (event.type === COMMUNICATION_EVENTS.conversationChanged) return;
      void queryClient.invalidateQueries({ queryKey: communicationKeys.records() });
      const parsed = communicationEventDataSchema.safeParse(event.data);
      if (!parsed.success) return;
      const data = parsed.data;
      if (data.method_type === 'sms') {
        void queryClient.invalidateQueries({
          queryKey: smsKeys.conversations(),
          predicate: threadPredicate(data),
        });
      } else if (data.method_type === 'email') {
        void queryClient.invalidateQueries({
          queryKey: emailKeys.conversations(),
          predicate: threadPredicate(data),
        });
      } else if (data.method_type === 'web_form' && data.referral_id !== null) {
        void queryClient.invalidateQueries({ queryKey: referralScreenshotsKey(data.referral_id) });
      }
    },
  );
}

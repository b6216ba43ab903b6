import { useConversations } from './get-conversations.ts';
import { useCommunicationUpdates } from './use-communication-updates.ts';

/**
 * The organization's unread inbound messages over every thread (001 §2.11 total unread badge), for a badge
 * outside the inbox (the sidebar's Communications entry). One thread is asked for: only the total is read.
 * It follows the live stream, and polls at 15 s only while the stream is down. Signed-in screens only.
 */
export function useUnreadTotal(): number {
  useCommunicationUpdates();
  const list = useConversations({ page: 1, page_size: 1 });
  return list.data?.total_unread ?? 0;
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENT, type NotificationList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { useAppEvents } from '../events/use-app-events.ts';

// The header's bell (issue #17): the signed-in person's in-app notifications in the active organization, their
// unread count, marking read. A `notification.created` event on the stream reads them again.

const bellKey = ['notifications', 'bell'] as const;
/** The newest this many are shown. */
const SHOWN = 20;

export function useBellNotifications(enabled: boolean) {
  const list = useQuery({
    queryKey: bellKey,
    queryFn: ({ signal }) =>
      apiRequest<NotificationList>(`/api/notifications?page_size=${SHOWN}`, { signal }),
    enabled,
  });
  useAppEvents([NOTIFICATION_EVENT], () => {
    if (enabled) void list.refetch({ cancelRefetch: false });
  });
  return list;
}

function useRefreshBell() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bellKey });
}

/** PUT /api/notifications/{id}/read. */
export function useMarkNotificationRead() {
  const onSuccess = useRefreshBell();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ unread_count: number }>(`/api/notifications/${id}/read`, { method: 'PUT' }),
    onSuccess,
  });
}

/** PUT /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const onSuccess = useRefreshBell();
  return useMutation({
    mutationFn: () => apiRequest<{ unread_count: number }>('/api/notifications/read-all', { method: 'PUT' }),
    onSuccess,
  });
}

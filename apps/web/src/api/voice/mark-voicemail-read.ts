import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Voicemail, VoicemailList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { voiceKeys } from './keys.ts';

/** POST /api/voicemails/{id}/mark-read (001 §4: unread becomes read on first play). */
export function markVoicemailRead(id: number): Promise<{ success: boolean; voicemail: Voicemail }> {
  return apiRequest(`/api/voicemails/${id}/mark-read`, { method: 'POST' });
}

/** Every cached list shows the voicemail read at once (the NEW tag goes, the unread count drops). */
function markReadInLists(lists: VoicemailList | undefined, id: number): VoicemailList | undefined {
  if (!lists) return lists;
  const target = lists.voicemails.find((v) => v.id === id);
  if (!target || target.is_read) return lists;
  return {
    ...lists,
    unread: Math.max(0, lists.unread - 1),
    voicemails: lists.voicemails.map((v) => (v.id === id ? { ...v, is_read: true } : v)),
  };
}

export function useMarkVoicemailRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markVoicemailRead,
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<VoicemailList>({ queryKey: voiceKeys.voicemails() }, (data) =>
        markReadInLists(data, id),
      );
      void queryClient.invalidateQueries({ queryKey: voiceKeys.voicemails() });
    },
  });
}

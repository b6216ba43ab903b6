import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationAssign } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { emailKeys } from '../email/keys.ts';
import { smsKeys } from '../sms/keys.ts';
import { communicationKeys } from './keys.ts';

/**
 * POST /api/conversations/{id}/assign: files an unmatched thread (an unknown number or address) under one of
 * the organization's referrals; its messages join that referral's thread.
 */
export function assignConversation(id: number, body: ConversationAssign): Promise<Conversation> {
  return apiRequest<Conversation>(`/api/conversations/${id}/assign`, { method: 'POST', body });
}

export function useAssignConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ConversationAssign & { id: number }) => assignConversation(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: communicationKeys.all }),
        queryClient.invalidateQueries({ queryKey: smsKeys.all }),
        queryClient.invalidateQueries({ queryKey: emailKeys.all }),
      ]),
  });
}

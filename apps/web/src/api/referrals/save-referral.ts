import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ClientReferral,
  type ClientReferralForm,
  type Referral,
  type SameMemberChoice,
  toClientReferral,
  toServerPayload,
} from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from './keys.ts';

/** What the coordinator confirmed after the server's 409 (issue #14 duplicates). */
export type CreateConfirmations = {
  confirm_same_member?: SameMemberChoice;
  confirm_duplicate_need?: boolean;
};

/**
 * POST /api/referrals (000 §7): the form's values in the server shape; answers the created referral. Issue #19:
 * `voiceConversationId` links it to the voice referral conversation it was taken in.
 */
export async function createReferral(
  form: ClientReferralForm,
  confirmations: CreateConfirmations = {},
  voiceConversationId: number | null = null,
): Promise<ClientReferral> {
  const created = await apiRequest<Referral>('/api/referrals', {
    method: 'POST',
    body: {
      ...toServerPayload(form),
      ...confirmations,
      ...(voiceConversationId !== null ? { voice_conversation_id: voiceConversationId } : {}),
    },
  });
  return toClientReferral(created);
}

/** PUT /api/referrals/{id} with the update payload (000 §3.3); the Medicaid ID cannot change. */
export async function updateReferral(id: number, form: ClientReferralForm): Promise<ClientReferral> {
  const updated = await apiRequest<Referral>(`/api/referrals/${id}`, {
    method: 'PUT',
    body: toServerPayload(form),
  });
  return toClientReferral(updated);
}

export function useSaveReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      form,
      confirmations,
      voiceConversationId,
    }: {
      id: number | null;
      form: ClientReferralForm;
      confirmations?: CreateConfirmations;
      voiceConversationId?: number | null;
    }) =>
      id === null
        ? createReferral(form, confirmations, voiceConversationId ?? null)
        : updateReferral(id, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}

import type {
  VoiceConversationCreate,
  VoiceConversationCreateResponse,
  VoiceConversationSaveField,
  VoiceConversationUpdate,
} from '@trust/domain';
import { apiRequest } from '../client.ts';

// 000 §7 voice conversation calls: POST /api/voice-conversations with an `action`. The callers only log their
// failures (000 §7), so these just throw the ApiError.

const PATH = '/api/voice-conversations';

/** action create → the new conversation's id. */
export async function createVoiceConversation(
  body: Omit<VoiceConversationCreate, 'action'>,
): Promise<number> {
  const answer = await apiRequest<VoiceConversationCreateResponse>(PATH, {
    method: 'POST',
    body: { action: 'create', ...body },
  });
  return answer.conversation_id;
}

/** action update: the whole transcript, extracted data and messages so far. */
export async function updateVoiceConversation(body: Omit<VoiceConversationUpdate, 'action'>): Promise<void> {
  await apiRequest<{ success: boolean }>(PATH, { method: 'POST', body: { action: 'update', ...body } });
}

/** action save_field: one extracted field. */
export async function saveVoiceField(body: Omit<VoiceConversationSaveField, 'action'>): Promise<void> {
  await apiRequest<{ success: boolean }>(PATH, { method: 'POST', body: { action: 'save_field', ...body } });
}

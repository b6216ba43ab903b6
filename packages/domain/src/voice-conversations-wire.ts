import { z } from 'zod';
import { idNumber, timestampSchema } from './common.ts';
import { VOICE_FIELDS, voiceFieldSchema, voiceLanguageSchema } from './voice-intake.ts';

// 000 §3.6, §7 voice conversations on the wire: POST /api/voice-conversations with an `action` (create, update,
// save_field), and a saved conversation as GET returns it.

export const VOICE_CONVERSATION_LIMITS = {
  transcript: 50_000,
  extractedKeys: 60,
  messages: 500,
  messageContent: 5_000,
  originalText: 5_000,
  /** A text value of an extracted field, and one item of a list value. */
  value: 5_000,
  listItems: 50,
} as const;

/** 000 §3.6: a session id is generated per session; letters, digits, '_' and '-', 8–100 characters. */
export const voiceSessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Must be 8 to 100 letters, digits, underscores or hyphens.');

/** The value of an extracted field: text, a list of texts (needs), or a yes/no (consent, authorization). */
export const extractedValueSchema = z.union([
  z.string().max(VOICE_CONVERSATION_LIMITS.value),
  z.array(z.string().max(VOICE_CONVERSATION_LIMITS.value)).max(VOICE_CONVERSATION_LIMITS.listItems),
  z.boolean(),
]);

/** 000 §3.6 extracted data: field → value, for the known fields only. */
export const extractedDataSchema = z
  .record(z.string(), extractedValueSchema)
  .refine((data) => Object.keys(data).length <= VOICE_CONVERSATION_LIMITS.extractedKeys, {
    message: `At most ${VOICE_CONVERSATION_LIMITS.extractedKeys} fields.`,
  })
  .refine((data) => Object.keys(data).every((key) => (VOICE_FIELDS as readonly string[]).includes(key)), {
    message: `Field names must be among: ${VOICE_FIELDS.join(', ')}.`,
  });

export const voiceMessageTypeSchema = z.enum(['assistant', 'user']);

/** 000 §3.6 a conversation message as the client sends it. */
export const voiceConversationMessageSchema = z.strictObject({
  type: voiceMessageTypeSchema,
  content: z.string().max(VOICE_CONVERSATION_LIMITS.messageContent),
  timestamp: z.iso.datetime({ offset: true }),
});
export type VoiceConversationMessage = z.infer<typeof voiceConversationMessageSchema>;

export const voiceConfidenceSchema = z.enum(['high', 'medium']);

export const voiceConversationCreateSchema = z.strictObject({
  action: z.literal('create'),
  session_id: voiceSessionIdSchema,
  language: voiceLanguageSchema,
});
export const voiceConversationUpdateSchema = z.strictObject({
  action: z.literal('update'),
  conversation_id: idNumber(),
  transcript: z.string().max(VOICE_CONVERSATION_LIMITS.transcript),
  extracted_data: extractedDataSchema,
  conversation_messages: z.array(voiceConversationMessageSchema).max(VOICE_CONVERSATION_LIMITS.messages),
});
export const voiceConversationSaveFieldSchema = z.strictObject({
  action: z.literal('save_field'),
  conversation_id: idNumber(),
  field_name: voiceFieldSchema,
  extracted_value: extractedValueSchema,
  original_text: z.string().max(VOICE_CONVERSATION_LIMITS.originalText),
  confidence: voiceConfidenceSchema,
});

/** 000 §7 POST /api/voice-conversations body, by its `action`. */
export const voiceConversationRequestSchema = z.discriminatedUnion('action', [
  voiceConversationCreateSchema,
  voiceConversationUpdateSchema,
  voiceConversationSaveFieldSchema,
]);
export type VoiceConversationRequest = z.infer<typeof voiceConversationRequestSchema>;
export type VoiceConversationCreate = z.infer<typeof voiceConversationCreateSchema>;
export type VoiceConversationUpdate = z.infer<typeof voiceConversationUpdateSchema>;
export type VoiceConversationSaveField = z.infer<typeof voiceConversationSaveFieldSchema>;

/** 000 §7 create returns the conversation id. */
export const voiceConversationCreateResponseSchema = z.object({ conversation_id: idNumber() });
export type VoiceConversationCreateResponse = z.infer<typeof voiceConversationCreateResponseSchema>;

/** A saved conversation (000 §3.6), as GET returns it. */
export const voiceConversationSchema = z
  .object({
    id: z.number().int(),
    session_id: z.string(),
    language: voiceLanguageSchema,
    transcript: z.string(),
    extracted_data: z.record(z.string(), extractedValueSchema),
    messages: z.array(
      z.object({ type: voiceMessageTypeSchema, content: z.string(), timestamp: timestampSchema }),
    ),
    fields: z.array(
      z.object({
        field: z.string(),
        value: extractedValueSchema,
        confidence: voiceConfidenceSchema,
        original_text: z.string(),
        timestamp: timestampSchema,
      }),
    ),
    referral_id: z.number().int().nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'VoiceConversation' });
export type VoiceConversation = z.infer<typeof voiceConversationSchema>;

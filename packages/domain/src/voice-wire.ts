import { z } from 'zod';
import { idString, pageQuery, timestampSchema } from './common.ts';

// Calls and voicemail on the wire (001 §2.14–§2.16, §3 Call and Voicemail, §4, §7 "Phone and voicemail").

/**
 * 001 §3 Call status: in flight initiating → ringing → in_progress; then completed, no_answer (also busy) or
 * failed (also canceled).
 */
export const CALL_STATUSES = [
  'initiating',
  'ringing',
  'in_progress',
  'completed',
  'no_answer',
  'failed',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const CALL_FINAL_STATUSES: readonly CallStatus[] = ['completed', 'no_answer', 'failed'];

/** 001 §2.15 status badge colours: completed green, no_answer yellow, others grey. */
export function callStatusColor(status: string): 'green' | 'yellow' | 'gray' {
  if (status === 'completed') return 'green';
  if (status === 'no_answer') return 'yellow';
  return 'gray';
}

/** 001 §2.16: a duration as m:ss. */
export function formatDuration(seconds: number | null | undefined): string {
  const s = Math.max(0, Math.round(seconds ?? 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** 001 §2.14 dial pad: at most 15 characters entered, input maxLength 14, Call needs 10 digits. */
export const DIAL_PAD_MAX_CHARS = 15;
export const DIAL_INPUT_MAX_LENGTH = 14;
export const DIAL_MIN_DIGITS = 10;

export const VOICE_MESSAGES = {
  dialAny: 'Dial any number',
  dialHint: 'Enter at least 10 digits to call',
  noReferralLinked: 'No referral linked',
  noContacts: 'No saved contacts',
  noVoicemails: 'No voicemails yet',
  noCalls: 'No calls yet',
  callFailed: 'Call failed',
  recordingOn: 'Recording ON',
  recordingOff: 'Recording OFF',
  voicemailNotFound: 'Voicemail not found',
  callNotFound: 'Call not found',
  recordingNotFound: 'No recording for this call',
  audioRequired: 'Choose an audio file for the voicemail.',
  audioType: 'The voicemail must be an audio file (WAV, MP3, OGG, WebM or M4A).',
} as const;

/** 001 §8 'Failed to initiate call: {message}' (default 'Call failed'). */
export function callFailedMessage(message: string | null | undefined): string {
  return `Failed to initiate call: ${message?.trim() || VOICE_MESSAGES.callFailed}`;
}

/** 001 §2.14 contact rows: Main Phone (work), Mobile, Alternative. */
export const CONTACT_LABELS = { main: 'Main Phone', mobile: 'Mobile', alternative: 'Alternative' } as const;

/** 001 §7 POST /api/providers/{providerId}/communications/phone. */
export const placeCallSchema = z.strictObject({
  to_number: z.string().trim().min(1).max(40),
  referral_id: z.number().int().positive().optional().nullable(),
  provider_id: z.number().int().positive().optional().nullable(),
  call_type: z.enum(['referral', 'general']).default('general'),
  /** What the call says to whoever answers before connecting the coordinator (may name the member). */
  context_message: z.string().max(1000).optional().nullable(),
  /** 001 §2.14 Recording ON/OFF, default ON. */
  record: z.boolean().default(true),
});
export type PlaceCall = z.input<typeof placeCallSchema>;

/**
 * Where a recording's transcription stands: none (nothing to transcribe, or nothing asked), pending (the speech
 * service or the server's speech-to-text job works on it), completed, failed (no words came out of it).
 */
export const TRANSCRIPTION_STATUSES = ['none', 'pending', 'completed', 'failed'] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];
export const transcriptionStatusSchema = z.enum(TRANSCRIPTION_STATUSES);

/** 001 §3 Call. */
export const callSchema = z
  .object({
    id: z.number().int(),
    communication_id: z.number().int().nullable(),
    call_sid: z.string().nullable(),
    direction: z.enum(['outbound', 'inbound']),
    to_number: z.string(),
    from_number: z.string(),
    initiated_at: timestampSchema,
    answered_at: timestampSchema.nullable(),
    ended_at: timestampSchema.nullable(),
    status: z.string(),
    duration_seconds: z.number().int().nullable(),
    /** Where the signed-in browser fetches the recording (bearer token; audited), or null. */
    recording_url: z.string().nullable(),
    recording_duration_seconds: z.number().int().nullable(),
    has_voicemail: z.boolean(),
    record: z.boolean(),
    call_type: z.string(),
    referral_id: z.number().int().nullable(),
    referral_number: z.string().nullable(),
    provider_id: z.number().int().nullable(),
    provider_name: z.string().nullable(),
    placed_by_name: z.string().nullable(),
    error_message: z.string().nullable(),
    /** What was said on the recording (issue #19, the server's speech to text), or null. */
    transcription_text: z.string().nullable(),
    transcription_status: transcriptionStatusSchema,
  })
  .meta({ id: 'Call' });
export type Call = z.infer<typeof callSchema>;

/** A call just placed: it has no recording yet, so no transcription (and the answer carries no PHI). */
export const placedCallSchema = callSchema.omit({ transcription_text: true }).meta({ id: 'PlacedCall' });
export type PlacedCall = z.infer<typeof placedCallSchema>;

export const placeCallResponseSchema = z.object({
  success: z.boolean(),
  call_sid: z.string().nullable(),
  error: z.string().nullable(),
  call: placedCallSchema,
});
export type PlaceCallResponse = z.infer<typeof placeCallResponseSchema>;

/** 001 §7 GET /api/call-history?referral_id&provider_id → {calls}, newest first. */
export const callHistoryQuerySchema = z.object({
  referral_id: idString().optional(),
  provider_id: idString().optional(),
  ...pageQuery(50, 200),
});
export type CallHistoryQuery = z.output<typeof callHistoryQuerySchema>;

export const callHistorySchema = z.object({
  calls: z.array(callSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CallHistory = z.infer<typeof callHistorySchema>;

/** 001 §3 Voicemail. */
export const voicemailSchema = z
  .object({
    id: z.number().int(),
    communication_id: z.number().int().nullable(),
    from_number: z.string(),
    duration_seconds: z.number().int().nullable(),
    received_at: timestampSchema,
    /** Where the signed-in browser fetches the audio (bearer token; audited), or null while it is fetched. */
    recording_url: z.string().nullable(),
    recording_content_type: z.string().nullable(),
    transcription_text: z.string().nullable(),
    transcription_status: transcriptionStatusSchema,
    is_read: z.boolean(),
    provider_id: z.number().int().nullable(),
    provider_name: z.string().nullable(),
    referral_id: z.number().int().nullable(),
    referral_number: z.string().nullable(),
  })
  .meta({ id: 'Voicemail' });
export type Voicemail = z.infer<typeof voicemailSchema>;

/** 001 §7 GET /api/voicemails (optional referral_id, provider_id) → {voicemails}, newest first. */
export const voicemailListQuerySchema = z.object({
  referral_id: idString().optional(),
  provider_id: idString().optional(),
  ...pageQuery(50, 200),
});
export type VoicemailListQuery = z.output<typeof voicemailListQuerySchema>;

export const voicemailListSchema = z.object({
  voicemails: z.array(voicemailSchema),
  unread: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type VoicemailList = z.infer<typeof voicemailListSchema>;

export const voicemailReadResponseSchema = z.object({ success: z.boolean(), voicemail: voicemailSchema });

import type { Call, TranscriptionStatus, Voicemail } from '@trust/domain';
import type { AppDeps } from '../../../platform/deps.ts';
import { openBody } from '../communications/body.ts';
import type { ListedCall, ListedVoicemail } from './repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Where the signed-in browser fetches a call's recording (bearer token; audited). */
export function callRecordingUrl(id: number): string {
  return `/api/calls/${id}/recording`;
}

/** Where the signed-in browser fetches a voicemail's audio (bearer token; audited). */
export function voicemailAudioUrl(id: number): string {
  return `/api/voicemails/${id}/audio`;
}

const transcriptionStatus = (status: string) => status as TranscriptionStatus;

/**
 * 001 §3 Call. The context message stays sealed: the history does not show it. The recording's transcription
 * (sealed: the call may name the member) is opened for a reader who may see it.
 */
export function toCallWire(deps: AppDeps, listed: ListedCall): Call {
  const c = listed.row;
  return {
    id: c.id,
    communication_id: c.communicationId,
    call_sid: c.callSid,
    direction: c.direction === 'inbound' ? 'inbound' : 'outbound',
    to_number: c.toNumber,
    from_number: c.fromNumber,
    initiated_at: c.initiatedAt.toISOString(),
    answered_at: iso(c.answeredAt),
    ended_at: iso(c.endedAt),
    status: c.status,
    duration_seconds: c.durationSeconds,
    recording_url: c.recordingStorageKey ? callRecordingUrl(c.id) : null,
    recording_duration_seconds: c.recordingDurationSeconds,
    has_voicemail: c.hasVoicemail,
    record: c.record,
    call_type: c.callType,
    referral_id: c.referralId,
    referral_number: listed.referralNumber,
    provider_id: c.providerId,
    provider_name: listed.providerName,
    placed_by_name: listed.placedByName,
    error_message: c.errorMessage,
    transcription_text: openBody(deps, c.transcriptionText, true),
    transcription_status: transcriptionStatus(c.transcriptionStatus),
  };
}

/** 001 §3 Voicemail; the transcription (sealed: it may name the member) is opened for a reader who may see it. */
export function toVoicemailWire(deps: AppDeps, listed: ListedVoicemail): Voicemail {
  const v = listed.row;
  return {
    id: v.id,
    communication_id: v.communicationId,
    from_number: v.fromNumber,
    duration_seconds: v.durationSeconds,
    received_at: v.receivedAt.toISOString(),
    recording_url: v.recordingStorageKey ? voicemailAudioUrl(v.id) : null,
    recording_content_type: v.recordingStorageKey ? v.recordingContentType : null,
    transcription_text: openBody(deps, v.transcriptionText, true),
    transcription_status: transcriptionStatus(v.transcriptionStatus),
    is_read: v.isRead,
    provider_id: v.providerId,
    provider_name: listed.providerName,
    referral_id: v.referralId,
    referral_number: listed.referralNumber,
  };
}

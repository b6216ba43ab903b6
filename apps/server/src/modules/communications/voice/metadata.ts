import type { CallRow, VoicemailRow } from './repo.ts';

// The facts a call's or voicemail's communication record carries beside its status (ids and counts only, no
// PHI), rewritten whole on every change so the record follows its call.

export function callMetadata(call: CallRow): Record<string, unknown> {
  return {
    call_id: call.id,
    call_type: call.callType,
    record: call.record,
    duration_seconds: call.durationSeconds,
    has_recording: call.recordingStorageKey !== null,
    transcription_status: call.transcriptionStatus,
  };
}

export function voicemailMetadata(voicemail: VoicemailRow): Record<string, unknown> {
  return {
    voicemail_id: voicemail.id,
    duration_seconds: voicemail.durationSeconds,
    has_recording: voicemail.recordingStorageKey !== null,
    transcription_status: voicemail.transcriptionStatus,
    is_read: voicemail.isRead,
  };
}

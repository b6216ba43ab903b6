import { Readable } from 'node:stream';
import {
  CASE_NOTE_MESSAGES,
  type CaseNote,
  type CaseNoteVoiceFields,
  caseNoteVoiceFieldsSchema,
  SPEECH_MESSAGES,
} from '@trust/domain';
import { wavDurationSeconds } from '../../../adapters/voice/wav.ts';
import { type AudioType, sniffAudio } from '../../../platform/audio-type.ts';
import { auditPhiRead } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { newStorageKey, StoredFileMissingError, storageOf } from '../../../platform/storage.ts';
import { transcribeAudio } from '../../communications/speech/service.ts';
import { findVisibleReferral } from '../referrals/access.ts';
import {
  findVisibleNote,
  insertNote,
  type NoteRecording,
  noteBody,
  removeRecording,
  withReferralGone,
} from './service.ts';

// Voice notes (001 §2.17, §4 recorder, §5 "Voice notes with empty transcription are not saved", §9 voice
// languages, audio recorded as webm; issue #19): the browser records, the server transcribes with its own
// speech to text (communications/speech) and keeps the recording, encrypted, beside the note. When the engine
// cannot help (down, or none for the language) the author types the text and sends it with the same recording.

/** The form's text fields, checked: 400 naming each bad field. */
function parseVoiceFields(fields: Record<string, string>): CaseNoteVoiceFields {
  const parsed = caseNoteVoiceFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const messages: Record<string, string> = {};
  for (const issue of parsed.error.issues) messages[String(issue.path[0] ?? 'body')] ??= issue.message;
  const summary = Object.entries(messages)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  throw new AppError('request.invalid', `Invalid voice note. ${summary}`, { fields: messages });
}

/** The recording is there, within the size limit, and audio by its bytes (the same refusals as transcribing). */
function checkRecording(audio: Buffer | null, maxBytes: number): { audio: Buffer; type: AudioType } {
  if (!audio || audio.length === 0) {
    throw new AppError('speech.audio_required', SPEECH_MESSAGES.audioRequired, {
      fields: { audio: SPEECH_MESSAGES.audioRequired },
    });
  }
  if (audio.length > maxBytes) {
    throw new AppError('speech.audio_too_large', SPEECH_MESSAGES.tooLarge(maxBytes));
  }
  const type = sniffAudio(audio);
  if (!type) {
    throw new AppError('speech.audio_type', SPEECH_MESSAGES.audioType, {
      fields: { audio: SPEECH_MESSAGES.audioType },
    });
  }
  return { audio, type };
}

/**
 * POST /api/case-notes/voice: a voice note by the signed-in user on a referral the organization sees (as the
 * text note is). Its text is the transcription of the recording in the language given, or the `content` typed
 * instead (then nothing is transcribed). No speech recognised: 422 and nothing stored (001 §5). The recording is
 * stored encrypted first, then the note with its timeline and audit rows in one transaction; when that fails the
 * recording is removed again.
 */
export async function createVoiceNote(
  ctx: OrgContext,
  input: { fields: Record<string, string>; audio: Buffer | null; maxBytes: number },
): Promise<CaseNote> {
  const fields = parseVoiceFields(input.fields);
  const { record: referral } = await findVisibleReferral(ctx, { id: fields.referral_id });
  const { audio, type } = checkRecording(input.audio, input.maxBytes);

  const typed = fields.content?.trim() ?? '';
  let text = typed;
  let engine: string | null = null;
  let durationSeconds = type.extension === 'wav' ? wavDurationSeconds(audio) : null;
  if (!typed) {
    const result = await transcribeAudio(ctx, {
      audio,
      language: fields.language,
      purpose: 'voice_note',
      entity: { type: 'referral', id: referral.id },
    });
    text = result.text.trim();
    engine = result.engine;
    durationSeconds = result.duration_seconds;
    if (!text) {
      throw new AppError('case_note.no_speech', CASE_NOTE_MESSAGES.noSpeech, {
        fields: { audio: CASE_NOTE_MESSAGES.noSpeech },
      });
    }
  }
  // The transcription is plain text: stored as escaped paragraphs, checked like a typed note.
  const body = noteBody({ content: text, content_html: null });

  const storage = storageOf(ctx.deps);
  const storageKey = newStorageKey();
  await storage.put(storageKey, Readable.from([audio]));
  const recording: NoteRecording = {
    storageKey,
    contentType: type.contentType,
    durationSeconds: durationSeconds === null ? null : Math.max(0, Math.round(durationSeconds)),
    engine,
  };
  try {
    return await withReferralGone(() =>
      insertNote(ctx, referral, {
        body,
        language: fields.language,
        visibility: fields.visibility,
        recording,
      }),
    );
  } catch (error) {
    await removeRecording(ctx, storageKey);
    throw error;
  }
}

/**
 * GET /api/case-notes/{id}/audio: a voice note's recording, for whoever may read the note (its referral seen,
 * the note visible to the caller's organization); 404 otherwise, or when it has none. Audited: it is the note.
 */
export async function openNoteAudio(
  ctx: OrgContext,
  input: { id: number },
): Promise<{ stream: Readable; contentType: string }> {
  const { id } = input;
  const { note, referral } = await findVisibleNote(ctx, id);
  const notFound = () => new AppError('case_note.audio_not_found', CASE_NOTE_MESSAGES.audioNotFound);
  if (!note.audioStorageKey) throw notFound();
  let stream: Readable;
  try {
    stream = await storageOf(ctx.deps).get(note.audioStorageKey);
  } catch (error) {
    if (error instanceof StoredFileMissingError) throw notFound();
    throw error;
  }
  try {
    await auditPhiRead(ctx.db, ctx, {
      action: 'case_note.audio_read',
      entityType: 'case_note',
      ids: [id],
      details: { referral_id: referral.id },
    });
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return { stream, contentType: note.audioContentType ?? 'audio/webm' };
}

import type { Readable } from 'node:stream';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { StoredFileMissingError, storageOf } from '../../../platform/storage.ts';
import { sealBody } from '../communications/body.ts';
import { updateCommunicationStatus } from '../communications/service.ts';
import { transcribeAudio } from '../speech/service.ts';
import { callMetadata, voicemailMetadata } from './metadata.ts';
import * as repo from './repo.ts';

// The words of voicemails and call recordings that arrive without them (issue #19 item 6; 001 §2.16 "a
// transcription block when text exists", §2.15): the local voice driver's recordings, the outbox's voicemail
// left with no typed transcription, a voice service that sends none. Storing the recording queues this job
// (in the same transaction, so the record says 'pending' exactly when a job will come); the job reads the
// audio from encrypted storage, asks the server's speech to text, and seals the words on the record and its
// communication record, whose update tells the screens. The voice service's own transcription (Twilio's
// callback, voicemail-service.ts) is saved by the same code; whichever comes first is kept.

export const TRANSCRIBE_RECORDING_JOB = 'voice.transcribe-recording';
/** Where a job goes once its attempts are spent: it marks the record failed rather than pending for ever. */
export const TRANSCRIPTION_ABANDONED_JOB = 'voice.transcription-abandoned';
/**
 * Attempts while the speech engine is down or too slow: pg-boss's backoff waits about 1, 2, 4 … 64 s (doubled
 * at random) between them, a few minutes in all.
 */
export const TRANSCRIBE_RECORDING_ATTEMPTS = 8;
/**
 * The language recordings are transcribed in. Neither a voicemail nor a call says what language was spoken,
 * and the product's numbers are US ones: US English, which the built-in engine (Debian's pocketsphinx) knows.
 */
export const RECORDING_LANGUAGE = 'en-US';

export type TranscriptionTarget = { kind: 'call' | 'voicemail'; id: number };

/** Refusals that trying again later can change (the engine down or too slow): the job is retried. */
const RETRIED_REASONS: ReadonlySet<string> = new Set(['speech.engine_unavailable']);

/** Whether a stored recording without words gets them here: only with the job queue running. */
export function transcribesRecordings(deps: AppDeps): boolean {
  return deps.jobs !== null;
}

/**
 * Queues the transcription of a call's or voicemail's recording, in the caller's transaction (`ctx.db`): the
 * job exists exactly when the change that stored the recording (and set the status 'pending') commits.
 */
export async function queueTranscription(ctx: ServiceContext, target: TranscriptionTarget): Promise<void> {
  await ctx.deps.jobs?.sendInTransaction(ctx.db, TRANSCRIBE_RECORDING_JOB, target, {
    deadLetter: TRANSCRIPTION_ABANDONED_JOB,
  });
}

/**
 * Saves a voicemail's transcription (`ctx.db` a transaction holding its lock): words are sealed (they may name
 * the member), completed, and become its record's body; no words fail it, unless it already has some (a late
 * failure report does not undo a transcription). The record's metadata follows; its screens hear of it.
 */
export async function saveVoicemailTranscription(
  ctx: ServiceContext,
  voicemail: repo.VoicemailRow,
  text: string | null,
): Promise<repo.VoicemailRow> {
  if (text === null && voicemail.transcriptionText !== null) return voicemail;
  const sealed = sealBody(ctx.deps, text, true);
  const updated = (await repo.updateVoicemail(ctx.db, voicemail.id, {
    transcriptionText: sealed,
    transcriptionStatus: text === null ? 'failed' : 'completed',
  }))!;
  if (updated.communicationId !== null) {
    await updateCommunicationStatus(ctx, {
      id: updated.communicationId,
      patch: { ...(sealed !== null ? { bodyText: sealed } : {}), metadata: voicemailMetadata(updated) },
    });
  }
  return updated;
}

/**
 * Saves a call recording's transcription, as for a voicemail; the call's record keeps its body (the context
 * message the call said), its metadata gets the transcription's status.
 */
export async function saveCallTranscription(
  ctx: ServiceContext,
  call: repo.CallRow,
  text: string | null,
): Promise<repo.CallRow> {
  if (text === null && call.transcriptionText !== null) return call;
  const updated = (await repo.updateCall(ctx.db, call.id, {
    transcriptionText: sealBody(ctx.deps, text, true),
    transcriptionStatus: text === null ? 'failed' : 'completed',
  }))!;
  if (updated.communicationId !== null) {
    await updateCommunicationStatus(ctx, {
      id: updated.communicationId,
      patch: { metadata: callMetadata(updated) },
    });
  }
  return updated;
}

async function findTarget(ctx: ServiceContext, target: TranscriptionTarget) {
  return target.kind === 'call'
    ? repo.findCall(ctx.db, target.id)
    : (await repo.findListedVoicemail(ctx.db, target.id))?.row;
}

/**
 * Saves the outcome in one transaction, unless words got there first (the voice service's callback, another
 * run): then nothing changes.
 */
async function settle(
  ctx: ServiceContext,
  target: TranscriptionTarget,
  text: string | null,
  only?: (row: { transcriptionStatus: string }) => boolean,
): Promise<'completed' | 'failed' | 'skipped'> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    if (target.kind === 'call') {
      const call = await repo.lockCall(tx, target.id);
      if (!call || call.transcriptionText !== null || (only && !only(call))) return 'skipped';
      await saveCallTranscription(txCtx, call, text);
    } else {
      const voicemail = await repo.lockVoicemail(tx, target.id);
      if (!voicemail || voicemail.transcriptionText !== null || (only && !only(voicemail))) return 'skipped';
      await saveVoicemailTranscription(txCtx, voicemail, text);
    }
    return text === null ? 'failed' : 'completed';
  });
}

/** The stored recording's bytes, read up to one byte over the speech limit (transcribeAudio refuses more). */
async function readRecording(ctx: ServiceContext, key: string): Promise<Buffer> {
  const limit = ctx.deps.config.speech.maxBytes + 1;
  const stream: Readable = await storageOf(ctx.deps).get(key);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(bytes);
    size += bytes.length;
    if (size >= limit) {
      stream.destroy();
      break;
    }
  }
  return Buffer.concat(chunks);
}

/**
 * The job: transcribes a call's or voicemail's stored recording. Already transcribed (the voice service's
 * callback won), nothing stored, or gone: nothing to do. The engine down or too slow throws (pg-boss retries
 * with backoff); any other refusal (no engine for the language, not audio, too long or large) will never work:
 * failed at once. Speech with no words in it (a tone, silence) is failed too.
 */
export async function transcribeRecording(
  ctx: ServiceContext,
  target: TranscriptionTarget,
): Promise<'completed' | 'failed' | 'skipped'> {
  const row = await findTarget(ctx, target);
  if (!row || row.transcriptionText !== null || !row.recordingStorageKey) return 'skipped';
  let audio: Buffer;
  try {
    audio = await readRecording(ctx, row.recordingStorageKey);
  } catch (error) {
    if (!(error instanceof StoredFileMissingError)) throw error;
    ctx.log.warn({ ...target }, 'the recording to transcribe is missing from storage');
    return settle(ctx, target, null);
  }
  let text: string | null;
  try {
    const result = await transcribeAudio(ctx, {
      audio,
      language: RECORDING_LANGUAGE,
      purpose: target.kind === 'call' ? 'call_recording' : 'voicemail',
      entity: { type: target.kind, id: target.id },
    });
    text = result.text.trim() || null;
  } catch (error) {
    if (
      !(error instanceof AppError) ||
      !error.reason.startsWith('speech.') ||
      RETRIED_REASONS.has(error.reason)
    )
      throw error;
    // The reason only: the words were never there.
    ctx.log.warn({ ...target, reason: error.reason }, 'the recording cannot be transcribed; giving up');
    text = null;
  }
  return settle(ctx, target, text);
}

/**
 * The dead letter of a transcription whose attempts are spent (the engine stayed down): a record still
 * pending without words is failed, so its screens stop saying 'Transcribing…'.
 */
export async function abandonTranscription(ctx: ServiceContext, target: TranscriptionTarget) {
  const outcome = await settle(ctx, target, null, (row) => row.transcriptionStatus === 'pending');
  if (outcome === 'failed') ctx.log.warn({ ...target }, 'the recording was not transcribed; attempts spent');
}

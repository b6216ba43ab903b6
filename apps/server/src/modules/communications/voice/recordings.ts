import { PermanentDeliveryError } from '../../../adapters/errors.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import { newStorageKey, storageOf } from '../../../platform/storage.ts';
import { updateCommunicationStatus } from '../communications/service.ts';
import { voiceDriverOf } from './driver-of.ts';
import { voicemailMetadata } from './metadata.ts';
import { attachRecording, type RecordingOwner } from './recording-store.ts';
import * as repo from './repo.ts';

// Recordings of calls and voicemails (001 §2.15 recording link, §2.16 playback): the service announces one at
// the recording webhook; a job fetches it once into encrypted storage (platform/storage.ts), after which only
// the storage key is used (recording-store.ts). The local simulation hands over its recordings directly.

export const FETCH_RECORDING_JOB = 'voice.fetch-recording';
export const FETCH_RECORDING_ATTEMPTS = 6;

export type { RecordingOwner } from './recording-store.ts';

/** Twilio's recording callback (WEBHOOK_PATHS.voiceRecording) and <Record>'s recordingStatusCallback. */
export type RecordingReport = {
  CallSid: string;
  RecordingSid?: string | undefined;
  RecordingUrl?: string | undefined;
  RecordingDuration?: string | undefined;
  RecordingStatus?: string | undefined;
};

const seconds = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
};

/**
 * Stores where a finished recording is, on its call or voicemail (by CallSid), and has it fetched: by the job
 * queue (retried) or, with no queue (tests), at once. An unknown sid or an unfinished recording changes nothing.
 */
export async function receiveRecording(
  ctx: ServiceContext,
  report: RecordingReport,
): Promise<RecordingOwner | null> {
  const { deps } = ctx;
  const status = report.RecordingStatus?.trim().toLowerCase();
  if ((status && status !== 'completed') || !report.RecordingUrl) return null;
  const duration = seconds(report.RecordingDuration);
  const owner = await ctx.db.transaction(async (tx): Promise<RecordingOwner | null> => {
    const call = await repo.lockCallBySid(tx, report.CallSid);
    if (call) {
      if (call.recordingStorageKey) return null;
      await repo.updateCall(tx, call.id, {
        recordingSid: report.RecordingSid ?? call.recordingSid,
        recordingRemoteUrl: report.RecordingUrl,
        recordingDurationSeconds: duration ?? call.recordingDurationSeconds,
      });
      return { kind: 'call', id: call.id };
    }
    const voicemail = await repo.lockVoicemailBySid(tx, report.CallSid);
    if (voicemail) {
      if (voicemail.recordingStorageKey) return null;
      const updated = await repo.updateVoicemail(tx, voicemail.id, {
        recordingSid: report.RecordingSid ?? voicemail.recordingSid,
        recordingRemoteUrl: report.RecordingUrl,
        durationSeconds: duration ?? voicemail.durationSeconds,
      });
      if (updated?.communicationId) {
        await updateCommunicationStatus(inTransaction(ctx, tx), {
          id: updated.communicationId,
          patch: { metadata: voicemailMetadata(updated) },
        });
      }
      return { kind: 'voicemail', id: voicemail.id };
    }
    return null;
  });
  if (!owner) return null;
  if (deps.jobs) {
    // A second job for the same recording finds it stored and does nothing (fetchRecording).
    await deps.jobs.send(FETCH_RECORDING_JOB, owner);
  } else {
    try {
      await fetchRecording(ctx, owner);
    } catch (err) {
      deps.log.warn({ err, ...owner }, 'the recording could not be fetched');
    }
  }
  return owner;
}

/**
 * The job: downloads the announced recording into encrypted storage. Already stored, or nothing announced:
 * done. A refusal that trying again cannot change ends the job without a retry (logged by the caller).
 */
export async function fetchRecording(
  ctx: ServiceContext,
  owner: RecordingOwner,
): Promise<'stored' | 'skipped'> {
  const { db, deps } = ctx;
  const row =
    owner.kind === 'call'
      ? await repo.findCall(db, owner.id)
      : (await repo.findListedVoicemail(db, owner.id))?.row;
  if (!row || row.recordingStorageKey || !row.recordingRemoteUrl) return 'skipped';
  const fetched = await voiceDriverOf(deps).fetchRecording(row.recordingRemoteUrl);
  const key = newStorageKey();
  await storageOf(deps).put(key, fetched.stream);
  const kept = await attachRecording(ctx, {
    owner,
    recording: { storageKey: key, contentType: fetched.contentType },
  });
  return kept ? 'stored' : 'skipped';
}

/** The job's handler: a permanent refusal is logged and not retried; anything else is thrown (retried). */
export async function runFetchRecordingJob(ctx: ServiceContext, owner: RecordingOwner) {
  try {
    await fetchRecording(ctx, owner);
  } catch (err) {
    if (err instanceof PermanentDeliveryError) {
      ctx.log.warn({ err, ...owner }, 'the recording cannot be fetched; giving up');
      return;
    }
    throw err;
  }
}

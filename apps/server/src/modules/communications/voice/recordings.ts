import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { PermanentDeliveryError } from '../../../adapters/errors.ts';
import type { LocalRecording } from '../../../adapters/voice/driver.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { newStorageKey, storageOf } from '../../../platform/storage.ts';
import { updateCommunicationStatus } from '../communications/service.ts';
import { voiceDriverOf } from './driver-of.ts';
import { callMetadata, voicemailMetadata } from './metadata.ts';
import * as repo from './repo.ts';

// Recordings of calls and voicemails (001 §2.15 recording link, §2.16 playback): the service announces one at
// the recording webhook; a job fetches it once into encrypted storage (platform/storage.ts), after which only
// the storage key is used. The local simulation hands over its recordings directly.

export const FETCH_RECORDING_JOB = 'voice.fetch-recording';
export const FETCH_RECORDING_ATTEMPTS = 6;

export type RecordingOwner = { kind: 'call' | 'voicemail'; id: number };

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
  deps: AppDeps,
  report: RecordingReport,
  log: FastifyBaseLogger,
): Promise<RecordingOwner | null> {
  const status = report.RecordingStatus?.trim().toLowerCase();
  if ((status && status !== 'completed') || !report.RecordingUrl) return null;
  const duration = seconds(report.RecordingDuration);
  const owner = await deps.database.db.transaction(async (tx): Promise<RecordingOwner | null> => {
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
        await updateCommunicationStatus(deps, tx, updated.communicationId, {
          metadata: voicemailMetadata(updated),
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
      await fetchRecording(deps, owner);
    } catch (err) {
      log.warn({ err, ...owner }, 'the recording could not be fetched');
    }
  }
  return owner;
}

/**
 * The job: downloads the announced recording into encrypted storage. Already stored, or nothing announced:
 * done. A refusal that trying again cannot change ends the job without a retry (logged by the caller).
 */
export async function fetchRecording(deps: AppDeps, owner: RecordingOwner): Promise<'stored' | 'skipped'> {
  const db = deps.database.db;
  const row =
    owner.kind === 'call'
      ? await repo.findCall(db, owner.id)
      : (await repo.findListedVoicemail(db, owner.id))?.row;
  if (!row || row.recordingStorageKey || !row.recordingRemoteUrl) return 'skipped';
  const fetched = await voiceDriverOf(deps).fetchRecording(row.recordingRemoteUrl);
  const key = newStorageKey();
  await storageOf(deps).put(key, fetched.stream);
  const kept = await attachRecording(deps, owner, { storageKey: key, contentType: fetched.contentType });
  return kept ? 'stored' : 'skipped';
}

/** The job's handler: a permanent refusal is logged and not retried; anything else is thrown (retried). */
export async function runFetchRecordingJob(deps: AppDeps, owner: RecordingOwner, log?: FastifyBaseLogger) {
  try {
    await fetchRecording(deps, owner);
  } catch (err) {
    if (err instanceof PermanentDeliveryError) {
      log?.warn({ err, ...owner }, 'the recording cannot be fetched; giving up');
      return;
    }
    throw err;
  }
}

/**
 * Puts a stored recording on its call or voicemail, unless another copy got there first (then this one is
 * removed). The record's screens hear of it.
 */
export async function attachRecording(
  deps: AppDeps,
  owner: RecordingOwner,
  recording: {
    storageKey: string;
    contentType: string;
    recordingSid?: string;
    durationSeconds?: number | null;
  },
): Promise<boolean> {
  const kept = await deps.database.db.transaction(async (tx) => {
    if (owner.kind === 'call') {
      const call = await repo.lockCall(tx, owner.id);
      if (!call || call.recordingStorageKey) return false;
      const updated = await repo.updateCall(tx, call.id, {
        recordingStorageKey: recording.storageKey,
        recordingContentType: recording.contentType,
        recordingRemoteUrl: null,
        ...(recording.recordingSid ? { recordingSid: recording.recordingSid } : {}),
        ...(recording.durationSeconds != null ? { recordingDurationSeconds: recording.durationSeconds } : {}),
      });
      if (updated?.communicationId) {
        await updateCommunicationStatus(deps, tx, updated.communicationId, {
          metadata: callMetadata(updated),
        });
      }
      return true;
    }
    const voicemail = await repo.lockVoicemail(tx, owner.id);
    if (!voicemail || voicemail.recordingStorageKey) return false;
    const updated = await repo.updateVoicemail(tx, voicemail.id, {
      recordingStorageKey: recording.storageKey,
      recordingContentType: recording.contentType,
      recordingRemoteUrl: null,
      ...(recording.recordingSid ? { recordingSid: recording.recordingSid } : {}),
      ...(recording.durationSeconds != null ? { durationSeconds: recording.durationSeconds } : {}),
    });
    if (updated?.communicationId) {
      await updateCommunicationStatus(deps, tx, updated.communicationId, {
        metadata: voicemailMetadata(updated),
      });
    }
    return true;
  });
  if (!kept) await storageOf(deps).remove(recording.storageKey);
  return kept;
}

/** The local simulation's recording of a call: stored like a fetched one. */
export async function storeLocalRecording(deps: AppDeps, recording: LocalRecording): Promise<void> {
  const call = await repo.findCallBySid(deps.database.db, recording.callSid);
  if (!call || call.recordingStorageKey) return;
  const key = newStorageKey();
  await storageOf(deps).put(key, Readable.from([recording.audio]));
  await attachRecording(
    deps,
    { kind: 'call', id: call.id },
    {
      storageKey: key,
      contentType: recording.contentType,
      recordingSid: recording.recordingSid,
      durationSeconds: recording.durationSeconds,
    },
  );
}

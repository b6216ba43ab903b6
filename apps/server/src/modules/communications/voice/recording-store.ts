import { Readable } from 'node:stream';
import type { LocalRecording } from '../../../adapters/voice/driver.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import { newStorageKey, storageOf } from '../../../platform/storage.ts';
import { updateCommunicationStatus } from '../communications/service.ts';
import { callMetadata, voicemailMetadata } from './metadata.ts';
import * as repo from './repo.ts';
import { queueTranscription, transcribesRecordings } from './transcription-job.ts';

// A recording in encrypted storage put on its call or voicemail (001 §2.15, §2.16): fetched from the voice
// service (recordings.ts) or handed over by the local simulation. One without words is queued for the server's
// speech to text (transcription-job.ts).

export type RecordingOwner = { kind: 'call' | 'voicemail'; id: number };

/**
 * Puts a stored recording on its call or voicemail, unless another copy got there first (then this one is
 * removed). The record's screens hear of it.
 */
export async function attachRecording(
  ctx: ServiceContext,
  input: {
    owner: RecordingOwner;
    recording: {
      storageKey: string;
      contentType: string;
      recordingSid?: string;
      durationSeconds?: number | null;
    };
  },
): Promise<boolean> {
  const { owner, recording } = input;
  const kept = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    if (owner.kind === 'call') {
      const call = await repo.lockCall(tx, owner.id);
      if (!call || call.recordingStorageKey) return false;
      const transcribe = call.transcriptionText === null && transcribesRecordings(ctx.deps);
      const updated = await repo.updateCall(tx, call.id, {
        ...(transcribe ? { transcriptionStatus: 'pending' } : {}),
        recordingStorageKey: recording.storageKey,
        recordingContentType: recording.contentType,
        recordingRemoteUrl: null,
        ...(recording.recordingSid ? { recordingSid: recording.recordingSid } : {}),
        ...(recording.durationSeconds != null ? { recordingDurationSeconds: recording.durationSeconds } : {}),
      });
      if (updated?.communicationId) {
        await updateCommunicationStatus(txCtx, {
          id: updated.communicationId,
          patch: { metadata: callMetadata(updated) },
        });
      }
      if (transcribe) await queueTranscription(txCtx, owner);
      return true;
    }
    const voicemail = await repo.lockVoicemail(tx, owner.id);
    if (!voicemail || voicemail.recordingStorageKey) return false;
    // Unless the voice service's transcription already came (Twilio's callback may beat its recording).
    const transcribe =
      voicemail.transcriptionText === null &&
      voicemail.transcriptionStatus !== 'completed' &&
      transcribesRecordings(ctx.deps);
    const updated = await repo.updateVoicemail(tx, voicemail.id, {
      ...(transcribe ? { transcriptionStatus: 'pending' } : {}),
      recordingStorageKey: recording.storageKey,
      recordingContentType: recording.contentType,
      recordingRemoteUrl: null,
      ...(recording.recordingSid ? { recordingSid: recording.recordingSid } : {}),
      ...(recording.durationSeconds != null ? { durationSeconds: recording.durationSeconds } : {}),
    });
    if (updated?.communicationId) {
      await updateCommunicationStatus(txCtx, {
        id: updated.communicationId,
        patch: { metadata: voicemailMetadata(updated) },
      });
    }
    if (transcribe) await queueTranscription(txCtx, owner);
    return true;
  });
  if (!kept) await storageOf(ctx.deps).remove(recording.storageKey);
  return kept;
}

/** The local simulation's recording of a call: stored like a fetched one. */
export async function storeLocalRecording(ctx: ServiceContext, recording: LocalRecording): Promise<void> {
  const call = await repo.findCallBySid(ctx.db, recording.callSid);
  if (!call || call.recordingStorageKey) return;
  const key = newStorageKey();
  await storageOf(ctx.deps).put(key, Readable.from([recording.audio]));
  await attachRecording(ctx, {
    owner: { kind: 'call', id: call.id },
    recording: {
      storageKey: key,
      contentType: recording.contentType,
      recordingSid: recording.recordingSid,
      durationSeconds: recording.durationSeconds,
    },
  });
}

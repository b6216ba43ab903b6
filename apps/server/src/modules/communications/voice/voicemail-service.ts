import { Readable } from 'node:stream';
import {
  COMMUNICATION_MESSAGES,
  DOCUMENT_MESSAGES,
  isDialable,
  phoneDigits,
  toE164,
  VOICE_MESSAGES,
  type Voicemail,
  type VoicemailList,
  type VoicemailListQuery,
} from '@trust/domain';
import { wavDurationSeconds } from '../../../adapters/voice/wav.ts';
import { sniffAudio } from '../../../platform/audio-type.ts';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import {
  inTransaction,
  type OrgContext,
  type OrgUserActor,
  type ServiceContext,
  systemContext,
  type UserContext,
} from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { newStorageKey, StoredFileMissingError, storageOf } from '../../../platform/storage.ts';
import { findVisibleReferral } from '../../referrals/referrals/access.ts';
import { sealBody } from '../communications/body.ts';
import { newestContactOf } from '../communications/records.ts';
import { recordCommunication, updateCommunicationStatus } from '../communications/service.ts';
import { canTriageUnmatched } from '../communications/thread-access.ts';
import { assertCanReadOutbox } from '../outbox/service.ts';
import { voiceDriverOf } from './driver-of.ts';
import { voicemailMetadata } from './metadata.ts';
import * as repo from './repo.ts';
import {
  queueTranscription,
  saveVoicemailTranscription,
  transcribesRecordings,
} from './transcription-job.ts';
import { toVoicemailWire } from './wire.ts';

// Voicemails left on the product's number (001 §2.16, §3 Voicemail, §4 "unread becomes read on first play",
// §7 GET /api/voicemails, POST /api/voicemails/{id}/mark-read). Each is placed by its number: the organization
// of the newest SMS thread or call with it, the provider of that number, the referral of that thread; an
// unknown number leaves it unmatched, for platform operators to see rather than lost (canTriageUnmatched).

/** Largest voicemail accepted from the outbox page. */
export const VOICEMAIL_AUDIO_MAX_BYTES = 10 * 1024 * 1024;
/** Longest transcription typed with a simulated voicemail. */
export const TRANSCRIPTION_MAX_CHARS = 5000;

type Placement = { organizationId: number | null; providerId: number | null; referralId: number | null };

/** Who a number belongs to (see above). */
async function placeNumber(ctx: ServiceContext, e164: string | null): Promise<Placement> {
  if (!e164) return { organizationId: null, providerId: null, referralId: null };
  const contact = await newestContactOf(ctx, { e164 });
  const providerId = contact?.providerId ?? (await repo.providerByDigits(ctx.db, phoneDigits(e164)));
  return {
    organizationId: contact?.organizationId ?? null,
    providerId,
    referralId: contact?.referralId ?? null,
  };
}

export type IncomingVoicemail = {
  from: string;
  to: string | null;
  callSid: string | null;
  transcriptionStatus: 'none' | 'pending' | 'completed';
  transcriptionText?: string | null;
  recording?: { storageKey: string; contentType: string; durationSeconds: number | null };
};

/**
 * Stores one voicemail with its communication record (inbound, received, category voicemail, timeline
 * voicemail_received), published to its organization (or to platform operators when unmatched). Once per CallSid:
 * null when that call already left one.
 */
export async function leaveVoicemail(
  ctx: ServiceContext,
  input: IncomingVoicemail,
): Promise<repo.VoicemailRow | null> {
  const { deps } = ctx;
  const from = toE164(input.from) ?? input.from.trim();
  const to = input.to ? (toE164(input.to) ?? input.to.trim()) : null;
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const placement = await placeNumber(txCtx, toE164(from));
    const transcription = input.transcriptionText?.trim() || null;
    // A recording without words gets them from the server's speech to text (transcription-job.ts).
    const transcribe = input.recording !== undefined && transcription === null && transcribesRecordings(deps);
    const row = await repo.insertVoicemail(tx, {
      ...placement,
      fromNumber: from,
      toNumber: to,
      callSid: input.callSid,
      recordingStorageKey: input.recording?.storageKey ?? null,
      recordingContentType: input.recording?.contentType ?? null,
      durationSeconds: input.recording?.durationSeconds ?? null,
      // What the caller said may name the member: sealed at rest.
      transcriptionText: sealBody(deps, transcription, true),
      transcriptionStatus: transcribe ? 'pending' : input.transcriptionStatus,
    });
    if (!row) return null;
    if (transcribe) await queueTranscription(txCtx, { kind: 'voicemail', id: row.id });
    const { row: communication } = await recordCommunication(txCtx, {
      ...placement,
      channel: 'voice',
      direction: 'inbound',
      category: 'voicemail',
      status: 'received',
      from,
      to,
      bodyText: transcription,
      phi: true,
      externalId: input.callSid,
      deliveredAt: row.receivedAt,
      metadata: voicemailMetadata(row),
      conversation: false,
      timeline: { type: 'voicemail_received', details: { voicemail_id: row.id } },
    });
    return repo.updateVoicemail(tx, row.id, { communicationId: communication.id });
  });
}

/** Twilio's incoming-call webhook (a provider calls the product's number): the voicemail to be recorded. */
export async function receiveIncomingCall(
  ctx: ServiceContext,
  params: { CallSid: string; From: string; To?: string | undefined },
) {
  return leaveVoicemail(ctx, {
    from: params.From,
    to: params.To ?? null,
    callSid: params.CallSid,
    transcriptionStatus: 'pending',
  });
}

/**
 * Twilio's transcription callback: the sealed text on the voicemail and its record (the same save as the
 * server's own transcription job, which it may beat or follow). Unknown sid: nothing.
 */
export async function receiveTranscription(
  ctx: ServiceContext,
  params: {
    CallSid: string;
    TranscriptionText?: string | undefined;
    TranscriptionStatus?: string | undefined;
  },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const voicemail = await repo.lockVoicemailBySid(tx, params.CallSid);
    if (!voicemail) return false;
    const failed = params.TranscriptionStatus?.trim().toLowerCase() === 'failed';
    const text = failed ? null : params.TranscriptionText?.trim() || null;
    await saveVoicemailTranscription(inTransaction(ctx, tx), voicemail, text);
    return true;
  });
}

/** Whether the caller may see a voicemail: their organization's, or an unmatched one for a platform operator. */
function readable(actor: OrgUserActor, voicemail: repo.VoicemailRow): boolean {
  return (
    voicemail.organizationId === actor.org.id ||
    (voicemail.organizationId === null && canTriageUnmatched(actor))
  );
}

async function findReadable(ctx: OrgContext, id: number): Promise<repo.ListedVoicemail> {
  const listed = await repo.findListedVoicemail(ctx.db, id);
  if (!listed || !readable(ctx.actor, listed.row)) {
    throw new AppError('voicemail.not_found', VOICE_MESSAGES.voicemailNotFound);
  }
  return listed;
}

/**
 * GET /api/voicemails: the organization's voicemails, and the unmatched ones for a platform operator, newest first,
 * with the unread count (001 §2.16 'N new'). Audited: transcriptions name members.
 */
export async function listVoicemails(ctx: OrgContext, query: VoicemailListQuery): Promise<VoicemailList> {
  if (query.referral_id !== undefined) await findVisibleReferral(ctx, { id: query.referral_id });
  const { db, deps, actor } = ctx;
  const { rows, total, unread } = await repo.listVoicemailPage(
    db,
    {
      organizationId: actor.org.id,
      withUnmatched: canTriageUnmatched(actor),
      providerId: query.provider_id,
      referralId: query.referral_id,
    },
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  await auditPhiRead(db, ctx, {
    action: 'voicemail.list_read',
    entityType: 'voicemail',
    ids: rows.map((r) => r.row.id),
    details: { referral_id: query.referral_id ?? null, provider_id: query.provider_id ?? null },
  });
  return {
    voicemails: rows.map((r) => toVoicemailWire(deps, r)),
    unread,
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** POST /api/voicemails/{id}/mark-read: the first play marks it read (001 §4); again changes nothing. */
export async function markVoicemailRead(
  ctx: OrgContext,
  input: { id: number },
): Promise<{ success: boolean; voicemail: Voicemail }> {
  const { db, deps, actor } = ctx;
  const { id } = input;
  await db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const voicemail = await repo.lockVoicemail(tx, id);
    if (!voicemail || !readable(actor, voicemail)) {
      throw new AppError('voicemail.not_found', VOICE_MESSAGES.voicemailNotFound);
    }
    if (voicemail.isRead) {
      // Already read: nothing changes, yet the answer is the voicemail and its transcription (issue #12).
      await audit(tx, txCtx, { action: 'voicemail.read', entityType: 'voicemail', entityId: id });
      return;
    }
    const updated = (await repo.updateVoicemail(tx, id, {
      isRead: true,
      readAt: new Date(),
      readBy: actor.user.id,
    }))!;
    if (updated.communicationId !== null) {
      await updateCommunicationStatus(txCtx, {
        id: updated.communicationId,
        patch: { metadata: voicemailMetadata(updated), readAt: updated.readAt },
      });
    }
    await audit(tx, txCtx, { action: 'voicemail.marked_read', entityType: 'voicemail', entityId: id });
  });
  return { success: true, voicemail: toVoicemailWire(deps, await findReadable(ctx, id)) };
}

/** GET /api/voicemails/{id}/audio: the voicemail's audio; audited (the caller may name the member). */
export async function openVoicemailAudio(ctx: OrgContext, input: { id: number }) {
  const { id } = input;
  const { row } = await findReadable(ctx, id);
  if (!row.recordingStorageKey) {
    throw new AppError('voicemail.recording_not_found', VOICE_MESSAGES.recordingNotFound);
  }
  let stream: Readable;
  try {
    stream = await storageOf(ctx.deps).get(row.recordingStorageKey);
  } catch (error) {
    if (error instanceof StoredFileMissingError) {
      throw new AppError('voicemail.recording_not_found', VOICE_MESSAGES.recordingNotFound);
    }
    throw error;
  }
  await audit(ctx.db, ctx, {
    action: 'voicemail.audio_read',
    entityType: 'voicemail',
    entityId: id,
    details: { referral_id: row.referralId, provider_id: row.providerId },
  });
  return { stream, contentType: row.recordingContentType ?? 'audio/wav' };
}

/**
 * Leaving a voicemail from the outbox page is for platform operators (the outbox's readers), and only with
 * the local voice driver: with Twilio, voicemails come from real calls.
 */
export function assertCanSimulateVoicemail(ctx: UserContext) {
  assertCanReadOutbox(ctx);
  if (voiceDriverOf(ctx.deps).name !== 'local') {
    throw new AppError('communication.local_driver_only', COMMUNICATION_MESSAGES.localDriverOnly);
  }
}

export type SimulatedVoicemail = {
  fromPhone: string | undefined;
  transcription: string | undefined;
  /** The audio file's bytes (read up to one byte over the limit), or null when none was sent. */
  audio: Buffer | null;
};

/** POST /api/outbox/inbound/voicemail: the webhook's voicemail path, with the uploaded audio stored encrypted. */
export async function simulateVoicemail(ctx: UserContext, input: SimulatedVoicemail): Promise<Voicemail> {
  assertCanSimulateVoicemail(ctx);
  const { deps } = ctx;
  const from = input.fromPhone?.trim() ?? '';
  if (!from || !isDialable(from)) {
    throw new AppError('communication.phone_invalid', COMMUNICATION_MESSAGES.invalidPhone, {
      fields: { from_phone: COMMUNICATION_MESSAGES.invalidPhone },
    });
  }
  const transcription = input.transcription?.trim() || null;
  if (transcription && transcription.length > TRANSCRIPTION_MAX_CHARS) {
    const message = `The transcription may be at most ${TRANSCRIPTION_MAX_CHARS} characters.`;
    throw new AppError('voicemail.transcription_too_long', message, { fields: { transcription: message } });
  }
  const audio = input.audio;
  if (!audio || audio.length === 0) {
    throw new AppError('voicemail.audio_required', VOICE_MESSAGES.audioRequired, {
      fields: { audio: VOICE_MESSAGES.audioRequired },
    });
  }
  if (audio.length > VOICEMAIL_AUDIO_MAX_BYTES) {
    const message = DOCUMENT_MESSAGES.tooLarge(VOICEMAIL_AUDIO_MAX_BYTES);
    throw new AppError('voicemail.audio_too_large', message, { fields: { audio: message } });
  }
  const type = sniffAudio(audio);
  if (!type) {
    throw new AppError('voicemail.audio_type', VOICE_MESSAGES.audioType, {
      fields: { audio: VOICE_MESSAGES.audioType },
    });
  }
  const storageKey = newStorageKey();
  await storageOf(deps).put(storageKey, Readable.from([audio]));
  let row: repo.VoicemailRow | null;
  try {
    // Left as a real one is: by the system, with no user or address of the operator who typed it.
    row = await leaveVoicemail(systemContext(deps, 'voice.simulated-voicemail'), {
      from,
      to: voiceDriverOf(deps).number,
      callSid: null,
      transcriptionStatus: transcription ? 'completed' : 'none',
      transcriptionText: transcription,
      recording: {
        storageKey,
        contentType: type.contentType,
        durationSeconds: type.extension === 'wav' ? wavDurationSeconds(audio) : null,
      },
    });
  } catch (error) {
    await storageOf(deps)
      .remove(storageKey)
      .catch(() => {});
    throw error;
  }
  await audit(ctx.db, ctx, {
    action: 'voicemail.simulated',
    entityType: 'voicemail',
    entityId: row!.id,
    details: { organization_id: row!.organizationId, provider_id: row!.providerId },
  });
  return toVoicemailWire(deps, (await repo.findListedVoicemail(ctx.db, row!.id))!);
}

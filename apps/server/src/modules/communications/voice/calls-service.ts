import type { Readable } from 'node:stream';
import {
  type Call,
  type CallHistory,
  type CallHistoryQuery,
  type CallStatus,
  COMMUNICATION_MESSAGES,
  callFailedMessage,
  isDialable,
  type PlaceCallResponse,
  type placeCallSchema,
  toE164,
  VOICE_MESSAGES,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallStatusReport } from '../../../adapters/voice/driver.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { StoredFileMissingError, storageOf } from '../../../platform/storage.ts';
import { WEBHOOK_PATHS, webhookUrl } from '../../../platform/webhook-urls.ts';
import { canSeeProvider } from '../../providers/directory/service.ts';
import { recordReferralEvent } from '../../referrals/referrals/history.ts';
import * as referralsRepo from '../../referrals/referrals/repo.ts';
import { type Actor, findVisibleReferral } from '../../referrals/referrals/service.ts';
import { openBody, sealBody } from '../communications/body.ts';
import { recordCommunication, updateCommunicationStatus } from '../communications/service.ts';
import { callStatusFromTwilio, endReason, isFinal, movesForward } from './call-status.ts';
import { voiceDriverOf } from './driver-of.ts';
import { callMetadata } from './metadata.ts';
import * as repo from './repo.ts';
import { callTwimlUrl, outboundCallTwiml } from './twiml.ts';
import { toCallWire } from './wire.ts';

// Calls placed to providers (001 §2.14 phone view, §2.15 call history, §3 Call, §4, §7 "Phone and voicemail",
// §8 'Failed to initiate call: {message}'). A call is stored, with its communication record (channel voice),
// before the voice driver is asked; the driver's answer and then the status callbacks move it along.

export type PlaceCallInput = z.output<typeof placeCallSchema>;

async function listed(db: DbOrTx, id: number): Promise<Call> {
  return toCallWire((await repo.findListedCall(db, id))!);
}

/** Writes call_ended on the call's referral timeline (000 §2.7), once the call reached a final status. */
async function noteCallEnded(deps: AppDeps, tx: DbOrTx, call: repo.CallRow) {
  if (call.referralId === null) return;
  const referral = await referralsRepo.findReferral(tx, call.referralId);
  if (!referral) return;
  await recordReferralEvent(deps, tx, {
    referral,
    type: 'call_ended',
    actorUserId: null,
    details: {
      channel: 'voice',
      direction: call.direction,
      communication_id: call.communicationId,
      provider_id: call.providerId,
      call_id: call.id,
      status: call.status,
      duration_seconds: call.durationSeconds,
    },
  });
}

/** A call's new state, on the call and its communication record; call_ended on the timeline when final. */
async function moveCall(deps: AppDeps, tx: DbOrTx, call: repo.CallRow, patch: Partial<repo.CallInsert>) {
  const updated = (await repo.updateCall(tx, call.id, patch))!;
  if (updated.communicationId !== null) {
    await updateCommunicationStatus(deps, tx, updated.communicationId, {
      status: updated.status,
      ...(updated.answeredAt ? { deliveredAt: updated.answeredAt } : {}),
      ...(updated.errorMessage ? { errorMessage: updated.errorMessage } : {}),
      ...(updated.callSid ? { externalId: updated.callSid } : {}),
      metadata: callMetadata(updated),
    });
  }
  if (isFinal(updated.status) && !isFinal(call.status)) await noteCallEnded(deps, tx, updated);
  return updated;
}

/**
 * POST /api/providers/{providerId}/communications/phone. Refusals of the request are errors (400, 404); a
 * refusal of the voice service is an answer: success false, the §8 message, and the failed call kept in the
 * history (001 §4 "Call: … failed").
 */
export async function placeCall(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  providerId: number,
  input: PlaceCallInput,
): Promise<PlaceCallResponse> {
  if (input.provider_id != null && input.provider_id !== providerId) {
    const message = 'provider_id must be the provider of the path.';
    throw new AppError('validation_failed', message, { fields: { provider_id: message } });
  }
  // 001 §5 "Dialer accepts 10-digit numbers, optionally with a leading 1".
  const to = isDialable(input.to_number) ? toE164(input.to_number) : null;
  if (!to) {
    throw new AppError('validation_failed', COMMUNICATION_MESSAGES.invalidPhone, {
      fields: { to_number: COMMUNICATION_MESSAGES.invalidPhone },
    });
  }
  const db = deps.database.db;
  const provider = await repo.findProvider(db, providerId);
  // Issue #12: another organization's private provider is as unknown as a missing one.
  if (!provider || !(await canSeeProvider(db, actor.org.id, provider.id))) {
    throw new AppError('not_found', COMMUNICATION_MESSAGES.providerNotFound);
  }
  if (input.referral_id != null) await findVisibleReferral(deps, actor, input.referral_id);

  const driver = voiceDriverOf(deps);
  const context = input.context_message?.trim() || null;
  const call = await db.transaction(async (tx) => {
    const row = await repo.insertCall(tx, {
      organizationId: actor.org.id,
      userId: actor.user.id,
      providerId,
      referralId: input.referral_id ?? null,
      direction: 'outbound',
      toNumber: to,
      fromNumber: driver.number,
      status: 'initiating',
      callType: input.call_type,
      // The context message may name the member: sealed at rest like any PHI body.
      contextMessage: sealBody(deps, context, true),
      record: input.record,
      driver: driver.name,
    });
    const { row: communication } = await recordCommunication(deps, tx, {
      organizationId: actor.org.id,
      referralId: row.referralId,
      providerId,
      userId: actor.user.id,
      channel: 'voice',
      direction: 'outbound',
      category: 'call',
      status: 'initiating',
      from: row.fromNumber,
      to,
      bodyText: context,
      phi: true,
      sentAt: row.initiatedAt,
      metadata: callMetadata(row),
      conversation: false,
      timeline: { type: 'call_placed', details: { call_id: row.id, record: row.record } },
    });
    await audit(tx, request, {
      action: 'call.placed',
      entityType: 'call',
      entityId: row.id,
      details: { provider_id: providerId, referral_id: row.referralId, record: row.record },
    });
    return (await repo.updateCall(tx, row.id, { communicationId: communication.id }))!;
  });

  let markStored: () => void = () => {};
  const stored = new Promise<void>((resolve) => {
    markStored = resolve;
  });
  try {
    const { callSid } = await driver.placeCall({
      id: call.id,
      to,
      twimlUrl: callTwimlUrl(deps.config, call.id),
      statusCallbackUrl: webhookUrl(deps.config, WEBHOOK_PATHS.voiceStatus),
      record: call.record,
      recordingStatusCallbackUrl: webhookUrl(deps.config, WEBHOOK_PATHS.voiceRecording),
      stored,
    });
    await db.transaction(async (tx) => {
      const locked = (await repo.lockCall(tx, call.id))!;
      await moveCall(deps, tx, locked, { callSid });
    });
    markStored();
    return { success: true, call_sid: callSid, error: null, call: await listed(db, call.id) };
  } catch (err) {
    markStored();
    const reason = err instanceof Error ? err.message : String(err);
    request.log.warn({ err, callId: call.id }, 'the voice service refused the call');
    await db.transaction(async (tx) => {
      const locked = (await repo.lockCall(tx, call.id))!;
      await moveCall(deps, tx, locked, { status: 'failed', errorMessage: reason, endedAt: new Date() });
    });
    return {
      success: false,
      call_sid: null,
      error: callFailedMessage(reason),
      call: await listed(db, call.id),
    };
  }
}

const wholeSeconds = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
};

/**
 * A status callback (Twilio's, or the local simulation's through the same path): moves the call forward only
 * (a late 'ringing' after 'completed' changes nothing), with its answered and ended times and duration. An
 * unknown sid or status changes nothing. Answers whether the call changed.
 */
export async function applyCallStatus(deps: AppDeps, report: CallStatusReport): Promise<boolean> {
  const status: CallStatus | null = callStatusFromTwilio(report.CallStatus);
  if (!status) return false;
  return deps.database.db.transaction(async (tx) => {
    const call = await repo.lockCallBySid(tx, report.CallSid);
    if (!call || !movesForward(call.status, status)) return false;
    const now = new Date();
    const patch: Partial<repo.CallInsert> = { status };
    if (status === 'in_progress') patch.answeredAt = call.answeredAt ?? now;
    if (isFinal(status)) {
      patch.endedAt = now;
      const duration = wholeSeconds(report.CallDuration);
      if (duration !== null) patch.durationSeconds = duration;
      else if (call.answeredAt)
        patch.durationSeconds = Math.round((now.getTime() - call.answeredAt.getTime()) / 1000);
      // Answered, though the 'answered' callback never came (it is optional): the duration says when.
      if (status === 'completed' && !call.answeredAt && duration) {
        patch.answeredAt = new Date(now.getTime() - duration * 1000);
      }
      if (status !== 'completed') patch.errorMessage = call.errorMessage ?? endReason(report.CallStatus);
    }
    await moveCall(deps, tx, call, patch);
    return true;
  });
}

/** GET /api/call-history: the organization's calls, newest first (001 §2.15; §7 response {calls}). */
export async function listCallHistory(
  deps: AppDeps,
  actor: Actor,
  query: CallHistoryQuery,
): Promise<CallHistory> {
  if (query.referral_id !== undefined) await findVisibleReferral(deps, actor, query.referral_id);
  const { rows, total } = await repo.listCallPage(
    deps.database.db,
    { organizationId: actor.org.id, providerId: query.provider_id, referralId: query.referral_id },
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  return { calls: rows.map(toCallWire), total, page: query.page, page_size: query.page_size };
}

/** GET /api/calls/{id}/recording: the organization's call's recording; audited (a call may discuss the member). */
export async function openCallRecording(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
): Promise<{ stream: Readable; contentType: string }> {
  const db = deps.database.db;
  const call = await repo.findCall(db, id);
  if (!call || call.organizationId !== actor.org.id)
    throw new AppError('not_found', VOICE_MESSAGES.callNotFound);
  if (!call.recordingStorageKey) throw new AppError('not_found', VOICE_MESSAGES.recordingNotFound);
  let stream: Readable;
  try {
    stream = await storageOf(deps).get(call.recordingStorageKey);
  } catch (error) {
    if (error instanceof StoredFileMissingError)
      throw new AppError('not_found', VOICE_MESSAGES.recordingNotFound);
    throw error;
  }
  await audit(db, request, {
    action: 'call.recording_read',
    entityType: 'call',
    entityId: id,
    details: { referral_id: call.referralId, provider_id: call.providerId },
  });
  return { stream, contentType: call.recordingContentType ?? 'audio/wav' };
}

/**
 * The TwiML of an outbound call (its webhook): the context message, then the coordinator who placed it, on
 * their own phone when their profile has one. Null for an unknown call.
 */
export async function outboundTwimlOf(deps: AppDeps, id: number): Promise<string | null> {
  const db = deps.database.db;
  const call = await repo.findCall(db, id);
  if (!call) return null;
  const phone = call.userId !== null ? await repo.findUserPhone(db, call.userId) : null;
  return outboundCallTwiml({
    contextMessage: openBody(deps, call.contextMessage, true),
    coordinatorPhone: toE164(phone),
    callerId: call.fromNumber,
  });
}

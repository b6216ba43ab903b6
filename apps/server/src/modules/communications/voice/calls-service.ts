import type { Readable } from 'node:stream';
import {
  type CallHistory,
  type CallHistoryQuery,
  COMMUNICATION_MESSAGES,
  callFailedMessage,
  isDialable,
  type PlaceCallResponse,
  type PlacedCall,
  type placeCallSchema,
  toE164,
  VOICE_MESSAGES,
} from '@trust/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext, type ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { StoredFileMissingError, storageOf } from '../../../platform/storage.ts';
import { WEBHOOK_PATHS, webhookUrl } from '../../../platform/webhook-urls.ts';
import { canSeeProvider } from '../../providers/directory/service.ts';
import { findVisibleReferral } from '../../referrals/referrals/access.ts';
import { openBody, sealBody } from '../communications/body.ts';
import { recordCommunication } from '../communications/service.ts';
import { moveCall } from './call-status-service.ts';
import { voiceDriverOf } from './driver-of.ts';
import { callMetadata } from './metadata.ts';
import * as repo from './repo.ts';
import { callTwimlUrl, outboundCallTwiml } from './twiml.ts';
import { toCallWire } from './wire.ts';

// Calls placed to providers (001 §2.14 phone view, §2.15 call history, §3 Call, §4, §7 "Phone and voicemail",
// §8 'Failed to initiate call: {message}'). A call is stored, with its communication record (channel voice),
// before the voice driver is asked; the driver's answer and then the status callbacks move it along
// (call-status-service.ts).

export type PlaceCallInput = z.output<typeof placeCallSchema>;

/** The call as placing it answers: no recording yet, so no transcription (no PHI in the answer). */
async function placed(ctx: ServiceContext, db: DbOrTx, id: number): Promise<PlacedCall> {
  const { transcription_text: _none, ...call } = toCallWire(ctx.deps, (await repo.findListedCall(db, id))!);
  return call;
}

/**
 * POST /api/providers/{providerId}/communications/phone. Refusals of the request are errors (400, 404); a
 * refusal of the voice service is an answer: success false, the §8 message, and the failed call kept in the
 * history (001 §4 "Call: … failed").
 */
export async function placeCall(
  ctx: OrgContext,
  input: PlaceCallInput & { providerId: number },
): Promise<PlaceCallResponse> {
  const { providerId } = input;
  if (input.provider_id != null && input.provider_id !== providerId) {
    const message = 'provider_id must be the provider of the path.';
    throw new AppError('call.provider_mismatch', message, { fields: { provider_id: message } });
  }
  // 001 §5 "Dialer accepts 10-digit numbers, optionally with a leading 1".
  const to = isDialable(input.to_number) ? toE164(input.to_number) : null;
  if (!to) {
    throw new AppError('communication.phone_invalid', COMMUNICATION_MESSAGES.invalidPhone, {
      fields: { to_number: COMMUNICATION_MESSAGES.invalidPhone },
    });
  }
  const { db, deps, actor } = ctx;
  const provider = await repo.findProvider(db, providerId);
  // Issue #12: another organization's private provider is as unknown as a missing one.
  if (!provider || !(await canSeeProvider(ctx, { providerId: provider.id }))) {
    throw new AppError('communication.provider_not_found', COMMUNICATION_MESSAGES.providerNotFound);
  }
  if (input.referral_id != null) await findVisibleReferral(ctx, { id: input.referral_id });

  const driver = voiceDriverOf(deps);
  const context = input.context_message?.trim() || null;
  const call = await db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
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
    const { row: communication } = await recordCommunication(txCtx, {
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
    await audit(tx, txCtx, {
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
      await moveCall(inTransaction(ctx, tx), { call: locked, patch: { callSid } });
    });
    markStored();
    return { success: true, call_sid: callSid, error: null, call: await placed(ctx, db, call.id) };
  } catch (err) {
    markStored();
    const reason = err instanceof Error ? err.message : String(err);
    deps.log.warn({ err, callId: call.id, reqId: ctx.meta.requestId }, 'the voice service refused the call');
    await db.transaction(async (tx) => {
      const locked = (await repo.lockCall(tx, call.id))!;
      await moveCall(inTransaction(ctx, tx), {
        call: locked,
        patch: { status: 'failed', errorMessage: reason, endedAt: new Date() },
      });
    });
    return {
      success: false,
      call_sid: null,
      error: callFailedMessage(reason),
      call: await placed(ctx, db, call.id),
    };
  }
}

/**
 * GET /api/call-history: the organization's calls, newest first (001 §2.15; §7 response {calls}), with the
 * transcriptions of their recordings. Audited: what was said may name members.
 */
export async function listCallHistory(ctx: OrgContext, query: CallHistoryQuery): Promise<CallHistory> {
  if (query.referral_id !== undefined) await findVisibleReferral(ctx, { id: query.referral_id });
  const { rows, total } = await repo.listCallPage(
    ctx.db,
    { organizationId: ctx.actor.org.id, providerId: query.provider_id, referralId: query.referral_id },
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  await auditPhiRead(ctx.db, ctx, {
    action: 'call.list_read',
    entityType: 'call',
    ids: rows.map((r) => r.row.id),
    details: { referral_id: query.referral_id ?? null, provider_id: query.provider_id ?? null },
  });
  return {
    calls: rows.map((r) => toCallWire(ctx.deps, r)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** GET /api/calls/{id}/recording: the organization's call's recording; audited (a call may discuss the member). */
export async function openCallRecording(
  ctx: OrgContext,
  input: { id: number },
): Promise<{ stream: Readable; contentType: string }> {
  const { db, deps } = ctx;
  const { id } = input;
  const call = await repo.findCall(db, id);
  if (!call || call.organizationId !== ctx.actor.org.id) {
    throw new AppError('call.not_found', VOICE_MESSAGES.callNotFound);
  }
  if (!call.recordingStorageKey) {
    throw new AppError('call.recording_not_found', VOICE_MESSAGES.recordingNotFound);
  }
  let stream: Readable;
  try {
    stream = await storageOf(deps).get(call.recordingStorageKey);
  } catch (error) {
    if (error instanceof StoredFileMissingError) {
      throw new AppError('call.recording_not_found', VOICE_MESSAGES.recordingNotFound);
    }
    throw error;
  }
  await audit(db, ctx, {
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
export async function outboundTwimlOf(ctx: ServiceContext, input: { id: number }): Promise<string | null> {
  const { db, deps } = ctx;
  const call = await repo.findCall(db, input.id);
  if (!call) return null;
  const phone = call.userId !== null ? await repo.findUserPhone(db, call.userId) : null;
  return outboundCallTwiml({
    contextMessage: openBody(deps, call.contextMessage, true),
    coordinatorPhone: toE164(phone),
    callerId: call.fromNumber,
  });
}

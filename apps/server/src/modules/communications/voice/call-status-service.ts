import type { CallStatus } from '@trust/domain';
import type { CallStatusReport } from '../../../adapters/voice/driver.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import { noteOnReferralTimeline } from '../../referrals/referrals/history.ts';
import { updateCommunicationStatus } from '../communications/service.ts';
import { callStatusFromTwilio, endReason, isFinal, movesForward } from './call-status.ts';
import { callMetadata } from './metadata.ts';
import * as repo from './repo.ts';

// A call's way through its statuses (001 §3 Call): the voice service's answer when the call is placed, then its
// status callbacks (Twilio's webhook, or the local simulation through the same path). Each move is written on the
// call and its communication record; the referral's timeline hears when it ended.

/** Writes call_ended on the call's referral timeline (000 §2.7), once the call reached a final status. */
async function noteCallEnded(ctx: ServiceContext, call: repo.CallRow) {
  if (call.referralId === null) return;
  await noteOnReferralTimeline(ctx, {
    referralId: call.referralId,
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

/**
 * A call's new state, on the call and its communication record, in the context's transaction (the call locked
 * by the caller); call_ended on the timeline when final.
 */
export async function moveCall(
  ctx: ServiceContext,
  input: { call: repo.CallRow; patch: Partial<repo.CallInsert> },
): Promise<repo.CallRow> {
  const { call, patch } = input;
  const updated = (await repo.updateCall(ctx.db, call.id, patch))!;
  if (updated.communicationId !== null) {
    await updateCommunicationStatus(ctx, {
      id: updated.communicationId,
      patch: {
        status: updated.status,
        ...(updated.answeredAt ? { deliveredAt: updated.answeredAt } : {}),
        ...(updated.errorMessage ? { errorMessage: updated.errorMessage } : {}),
        ...(updated.callSid ? { externalId: updated.callSid } : {}),
        metadata: callMetadata(updated),
      },
    });
  }
  if (isFinal(updated.status) && !isFinal(call.status)) await noteCallEnded(ctx, updated);
  return updated;
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
export async function applyCallStatus(ctx: ServiceContext, report: CallStatusReport): Promise<boolean> {
  const status: CallStatus | null = callStatusFromTwilio(report.CallStatus);
  if (!status) return false;
  return ctx.db.transaction(async (tx) => {
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
    await moveCall(inTransaction(ctx, tx), { call, patch });
    return true;
  });
}

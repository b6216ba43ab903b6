import {
  type ErrorReason,
  isCapacityDecline,
  type PHI_EMAIL_STATES,
  REFERRAL_MESSAGES,
  RESPONSE_MESSAGES,
  type ReferralAcceptResponse,
  type ReferralRejectResponse,
  type ReferralResponseStatus,
} from '@trust/domain';
import { findOutboundMessageState } from '../../../adapters/outbound.ts';
import { audit } from '../../../platform/audit.ts';
import {
  inTransaction,
  type OrgContext,
  type ProviderActor,
  type ServiceContext,
} from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { markProviderFull } from '../../providers/directory/service.ts';
import { findVisibleReferral } from './access.ts';
import { AWAITING_STATUSES, expireReferral, isOverdue } from './expiry.ts';
import { recordReferralEvent } from './history.ts';
import { takeStep } from './lifecycle.ts';
import { buildPhiEmail, emailTransportOf } from './phi-email.ts';
import { referralPort } from './ports.ts';
import * as repo from './repo.ts';

// The matched provider's answer to a referral (000 §2.5, §3.5, §4.2, §7): accept (the member's details are then
// emailed to the provider) or reject with a reason. Only the organization that acts for the matched provider
// answers, or the provider itself by text message; each answer is one transaction on the locked row, so of two
// answers at once exactly one applies.

/** The outbound message category of the member-details email (delivery-report.ts follows it). */
export const PHI_EMAIL_CATEGORY = 'referral_phi';

const NO_EMAIL_REASON =
  'The provider has no email address on file, so the member details could not be emailed.';

/**
 * Who answers: the signed-in organization acting for the provider (the response panel, 000 §2.5), or the
 * provider itself from outside the app (issue #6: "YES 4821" from the matched provider's number accepts; the SMS
 * module has matched the number to the provider and stored the inbound message). The same rules hold for both:
 * only the matched provider (or one the referral was sent to, for an accept), first accept wins, an expired or
 * answered referral is refused.
 */
export type AnswerContext = OrgContext | ServiceContext<ProviderActor>;

export type AnswerInput = {
  /** The referral. */
  id: number;
  /** The provider that answers: the panel's provider_id; by SMS, the provider the number belongs to. */
  providerId: number;
  /** The stored inbound message that carried the answer (by SMS): the timeline and the audit log name it. */
  communicationId?: number;
};

function refuse(reason: ErrorReason, message: string): never {
  throw new AppError(reason, message);
}

/**
 * The caller's organization must act for the matched provider: the owner that is not also that provider is
 * told so (403); anyone else does not see the referral at all (404, from findVisibleReferral). A provider
 * answering by SMS must be the matched provider, or hold a sent entry (it may accept or decline for itself).
 */
async function assertAnswersFor(ctx: AnswerContext, input: AnswerInput) {
  const { id, providerId } = input;
  const holdsSentEntry = referralPort('holdsSentEntry');
  if (ctx.actor.kind === 'provider') {
    if (ctx.actor.providerId !== providerId) {
      refuse('referral.not_the_matched_provider', RESPONSE_MESSAGES.onlyMatchedProvider);
    }
    const record = await repo.findReferral(ctx.db, id);
    if (!record) refuse('referral.not_found', REFERRAL_MESSAGES.notFound);
    if (record.matchedProviderId === providerId) return;
    if (record.matchedProviderId !== null) {
      refuse('referral.matched_to_other_provider', RESPONSE_MESSAGES.otherProvider);
    }
    if (await holdsSentEntry(ctx, { referralId: id, providerId, organizationId: null })) return;
    refuse('referral.not_the_matched_provider', RESPONSE_MESSAGES.onlyMatchedProvider);
  }
  const orgCtx = ctx as OrgContext;
  const orgId = orgCtx.actor.org.id;
  // 001 §2.8: a provider the referral was sent to may answer before it is the matched provider.
  if (await holdsSentEntry(ctx, { referralId: id, providerId, organizationId: orgId })) return;
  const { record } = await findVisibleReferral(orgCtx, { id });
  if (record.matchedProvider?.organizationId !== orgId) {
    refuse('referral.not_the_matched_provider', RESPONSE_MESSAGES.onlyMatchedProvider);
  }
}

/**
 * Who did it, for the timeline: the signed-in user of the panel, or for a provider's text no user (actor null
 * on the timeline and in the audit log) and the channel and inbound message in the details.
 */
function recordingOf(ctx: AnswerContext, input: AnswerInput) {
  if (ctx.actor.kind === 'provider') {
    return {
      actorUserId: null,
      details: { channel: ctx.actor.channel, communication_id: input.communicationId ?? null },
    };
  }
  return { actorUserId: (ctx as OrgContext).actor.user.id, details: {} };
}

/** Why a locked referral cannot be answered now, or null when it can (000 §4.2). */
function refusalOf(r: repo.ReferralRecord): { reason: ErrorReason; message: string } | null {
  switch (r.acceptanceStatus) {
    case 'accepted':
      return { reason: 'referral.already_accepted', message: RESPONSE_MESSAGES.alreadyAccepted };
    case 'rejected':
      return { reason: 'referral.already_rejected', message: RESPONSE_MESSAGES.alreadyRejected };
    case 'expired':
      return { reason: 'referral.expired', message: RESPONSE_MESSAGES.expired };
  }
  if (!(AWAITING_STATUSES as readonly string[]).includes(r.status)) {
    return { reason: 'referral.not_awaiting_answer', message: RESPONSE_MESSAGES.notAwaiting };
  }
  return null;
}

/**
 * On the locked referral: when no provider is matched yet and the referral was sent to `providerId`, that
 * provider becomes the matched one, so the accept that follows applies to it (001 §2.8, first accept wins).
 * Returns the re-read record, or the one given when nothing changed.
 */
async function claimSentReferral(
  ctx: AnswerContext,
  before: repo.ReferralRecord,
  providerId: number,
): Promise<repo.ReferralRecord> {
  if (before.matchedProviderId !== null) return before;
  const organizationId = ctx.actor.kind === 'provider' ? null : (ctx as OrgContext).actor.org.id;
  const holds = await referralPort('holdsSentEntry')(ctx, {
    referralId: before.id,
    providerId,
    organizationId,
  });
  if (!holds) return before;
  await repo.updateReferral(ctx.db, before.id, { matchedProviderId: providerId });
  return (await repo.findReferral(ctx.db, before.id)) ?? before;
}

type Answer<T> = { kind: 'done'; value: T } | { kind: 'expired' };

/**
 * How the provider answers: the matched provider (its answer moves the referral), or a provider the referral was
 * sent to while no provider is matched yet (001 §2.8): its accept claims the referral first; its decline is
 * recorded on its own entry and moves the referral only when no other entry is still open (issue #14 item 2).
 */
type Mode = 'accept' | 'decline';

/**
 * Runs `answer` on the locked referral once every rule holds, with the context of the transaction and whether
 * the provider answers by its sent entry. An answer that comes after expires_at expires the referral there and
 * then (the job would within minutes) and is refused with 409, after that commit.
 */
async function withAnswerableReferral<T>(
  ctx: AnswerContext,
  input: AnswerInput,
  mode: Mode,
  answer: (txCtx: AnswerContext, before: repo.ReferralRecord, now: Date, bySentEntry: boolean) => Promise<T>,
): Promise<T> {
  const { id, providerId } = input;
  await assertAnswersFor(ctx, input);
  const orgId = ctx.actor.kind === 'provider' ? null : (ctx as OrgContext).actor.org.id;
  const result: Answer<T> = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    let before = await repo.lockReferral(tx, id);
    if (!before) refuse('referral.not_found', REFERRAL_MESSAGES.notFound);
    // Sent to several providers (001 §2.8): the first to accept becomes the matched provider.
    if (mode === 'accept') before = await claimSentReferral(txCtx, before, providerId);
    const bySentEntry =
      mode === 'decline' &&
      before.matchedProviderId === null &&
      (await referralPort('holdsSentEntry')(txCtx, { referralId: id, providerId, organizationId: orgId }));
    // Re-read under the lock: it may have been matched to someone else since the check above.
    if (
      !bySentEntry &&
      (before.matchedProviderId !== providerId ||
        (orgId !== null && before.matchedProvider?.organizationId !== orgId))
    ) {
      refuse('referral.matched_to_other_provider', RESPONSE_MESSAGES.otherProvider);
    }
    const refusal = refusalOf(before);
    if (refusal) refuse(refusal.reason, refusal.message);
    const now = new Date();
    if (isOverdue(before, now)) {
      await expireReferral(txCtx, { before, now });
      return { kind: 'expired' };
    }
    return { kind: 'done', value: await answer(txCtx, before, now, bySentEntry) };
  });
  if (result.kind === 'expired') refuse('referral.expired', RESPONSE_MESSAGES.expired);
  return result.value;
}

/**
 * POST /api/referrals/{id}/accept, or "YES" by text. The referral becomes Accepted; the member's full details go
 * to the provider's email address through the outbox (sealed at rest, delivered and retried by the job queue:
 * phi_email_sent turns true when it is delivered, delivery-report.ts). A provider without an email address
 * still accepts; the timeline says the details could not be emailed.
 */
export async function acceptReferral(
  ctx: AnswerContext,
  input: AnswerInput,
): Promise<ReferralAcceptResponse> {
  const { id } = input;
  const recording = recordingOf(ctx, input);
  return withAnswerableReferral(ctx, input, 'accept', async (txCtx, before, now) => {
    const tx = txCtx.db;
    const provider = before.matchedProvider!;
    const to = provider.email?.trim() || null;
    let messageId: number | null = null;
    if (to) {
      const email = buildPhiEmail(before, provider.name, emailTransportOf(txCtx.deps.config));
      // Recorded with the owner's communications (001 §3 is_acceptance_email), on the thread with the provider.
      const queued = await referralPort('queueAcceptanceEmail')(txCtx, {
        to,
        ...email,
        category: PHI_EMAIL_CATEGORY,
        organizationId: before.organizationId,
        referralId: before.id,
        providerId: provider.id,
        metadata: { referral_number: before.referralNumber, provider_id: provider.id },
      });
      messageId = queued.messageId;
    }
    const who = { provider_id: provider.id, provider_name: provider.name, ...recording.details };
    const after = await takeStep(txCtx, {
      before,
      action: 'accept',
      actor: 'provider',
      actorUserId: recording.actorUserId,
      at: now,
      changes: {
        acceptanceStatus: 'accepted',
        acceptedAt: now,
        emailSentTo: to,
        phiEmailSent: false,
        phiEmailMessageId: messageId,
      },
      event: {
        type: 'accepted',
        details: {
          ...who,
          email_sent_to: to,
          phi_email: to ? 'queued' : 'no_address',
          message_id: messageId,
        },
      },
      audit: { action: 'referral.accepted', details: who },
    });
    // First accept wins (001 §3 Matched provider entry): the others become not_selected.
    await referralPort('settleFirstAccept')(txCtx, { referralId: id, providerId: provider.id, at: now });
    if (to) {
      await audit(tx, txCtx, {
        action: 'referral.phi_shared',
        entityType: 'referral',
        entityId: id,
        details: { ...who, channel: 'email', to, message_id: messageId },
      });
    } else {
      await recordReferralEvent(txCtx, {
        referral: after,
        type: 'phi_email_failed',
        actorUserId: null,
        details: { ...who, reason: NO_EMAIL_REASON },
      });
    }
    return { accepted_at: now.toISOString(), phi_email_sent: false, email_sent_to: to };
  });
}

/** The referral's reason when it is Rejected because every provider it was sent to declined. */
export const ALL_DECLINED_REASON = 'Every provider it was sent to declined.';

/**
 * POST /api/referrals/{id}/reject, or "NO" by text (000 §4.2, issue #14 item 2). The provider's entry records the
 * decline and its reason, so it is never sent this referral again. The matched provider's decline makes the
 * referral Rejected (it stays on the row as who declined); a provider it was sent to, while none is matched,
 * declines for itself, and the referral is Rejected only when no other entry is still open. A Rejected referral
 * is matched again by itself when its organization's routing allows (the cascade, matching/cascade.ts), else
 * flagged for its coordinator. A decline "at full capacity" also marks the provider full.
 */
export async function rejectReferral(
  ctx: AnswerContext,
  input: AnswerInput & { reason: string },
): Promise<ReferralRejectResponse> {
  const { reason, providerId } = input;
  const recording = recordingOf(ctx, input);
  return withAnswerableReferral(ctx, input, 'decline', async (txCtx, before, now, bySentEntry) => {
    const entry = await referralPort('declineProviderEntry')(txCtx, {
      referralId: before.id,
      providerId,
      reason,
      at: now,
    });
    const name = bySentEntry ? entry.providerName : before.matchedProvider!.name;
    const who = { provider_id: providerId, provider_name: name, ...recording.details };
    let after = before;
    if (bySentEntry) {
      await recordReferralEvent(txCtx, {
        referral: before,
        type: 'provider_declined',
        actorUserId: recording.actorUserId,
        details: { ...who, reason, still_waiting: entry.openLeft },
      });
      await audit(txCtx.db, txCtx, {
        action: 'referral.provider_declined',
        entityType: 'referral',
        entityId: before.id,
        details: { ...who, still_waiting: entry.openLeft },
      });
      if (entry.openLeft === 0) {
        // The last one it waited for: nobody is left, so the referral needs re-matching.
        after = await takeStep(txCtx, {
          before,
          action: 'decline',
          actor: 'system',
          actorUserId: null,
          at: now,
          changes: { acceptanceStatus: 'rejected', rejectedAt: now, rejectionReason: ALL_DECLINED_REASON },
          event: { type: 'rejected', details: { all_declined: true, reason: ALL_DECLINED_REASON } },
          audit: { action: 'referral.rejected', details: { all_declined: true } },
        });
      }
    } else {
      after = await takeStep(txCtx, {
        before,
        action: 'decline',
        actor: 'provider',
        actorUserId: recording.actorUserId,
        at: now,
        changes: { acceptanceStatus: 'rejected', rejectedAt: now, rejectionReason: reason },
        event: { type: 'rejected', details: { ...who, reason } },
        audit: { action: 'referral.rejected', details: who },
      });
    }
    if (isCapacityDecline(reason)) {
      await markProviderFull(txCtx, { providerId, referralId: before.id });
    }
    if (after.status === 'rejected') await referralPort('rematchReferral')(txCtx, { referralId: before.id });
    return { rejected_at: now.toISOString() };
  });
}

type PhiEmailState = (typeof PHI_EMAIL_STATES)[number];

async function phiEmailState(ctx: ServiceContext, r: repo.ReferralRecord): Promise<PhiEmailState> {
  if (r.phiEmailSent) return 'sent';
  if (r.phiEmailMessageId === null) return 'none';
  const message = await findOutboundMessageState(ctx.db, r.phiEmailMessageId);
  if (!message) return 'none';
  if (message.status === 'sent') return 'sent';
  return message.status === 'failed' ? 'failed' : 'pending';
}

/**
 * GET /api/referrals/{id}/status (000 §3.5): the state of the provider's answer, for the owner and the
 * provider's organization. A provider_id that is not the matched provider is not found.
 */
export async function getReferralResponseStatus(
  ctx: OrgContext,
  input: { id: number; providerId?: number | undefined },
): Promise<ReferralResponseStatus> {
  const { record } = await findVisibleReferral(ctx, { id: input.id });
  if (input.providerId !== undefined && record.matchedProviderId !== input.providerId) {
    refuse('referral.provider_not_matched', RESPONSE_MESSAGES.providerNotMatched);
  }
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    acceptance_status: record.acceptanceStatus,
    accepted_at: iso(record.acceptedAt),
    rejected_at: iso(record.rejectedAt),
    rejection_reason: record.rejectionReason,
    expires_at: iso(record.expiresAt),
    phi_shared: record.phiEmailSent,
    email_sent_to: record.emailSentTo,
    phi_email_status: await phiEmailState(ctx, record),
  };
}

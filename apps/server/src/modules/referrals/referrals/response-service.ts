import {
  type PHI_EMAIL_STATES,
  REFERRAL_MESSAGES,
  RESPONSE_MESSAGES,
  type ReferralAcceptResponse,
  type ReferralRejectResponse,
  type ReferralResponseStatus,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import { findOutboundMessageState } from '../../../adapters/outbound.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { queueCommunicationEmail } from '../../communications/communications/queue.ts';
import {
  answersThroughSentEntry,
  claimSentReferral,
  providerHoldsSentEntry,
  settleFirstAccept,
} from '../referral-sending/first-accept.ts';
import { AWAITING_STATUSES, expireReferral, isOverdue } from './expiry.ts';
import { publishFeedChange } from './feed-cards.ts';
import { recordReferralEvent } from './history.ts';
import { buildPhiEmail, emailTransportOf } from './phi-email.ts';
import * as repo from './repo.ts';
import { type Actor, findVisibleReferral } from './service.ts';

// The matched provider's answer to a referral (000 §2.5, §3.5, §4.2, §7): accept (the member's details are then
// emailed to the provider) or reject with a reason. Only the organization that acts for the matched provider
// answers; each answer is one transaction on the locked row, so of two answers at once exactly one applies.

/** The outbound message category of the member-details email (delivery-report.ts follows it). */
export const PHI_EMAIL_CATEGORY = 'referral_phi';

const NO_EMAIL_REASON =
  'The provider has no email address on file, so the member details could not be emailed.';

/**
 * The provider itself answering by text message from its number (issue #6: "YES 4821" from the matched
 * provider's number accepts). There is no signed-in user: the SMS module has matched the number to the provider
 * and stored the inbound message, which the timeline and the audit log name.
 */
export type SmsAnswer = { kind: 'provider_sms'; communicationId: number };

/**
 * Who answers: the signed-in organization acting for the provider (the response panel, 000 §2.5), or the
 * provider by SMS. The same rules hold for both: only the matched provider (or one the referral was sent to,
 * for an accept), first accept wins, an expired or answered referral is refused.
 */
export type Answerer = Actor | SmsAnswer;

function isSmsAnswer(answerer: Answerer): answerer is SmsAnswer {
  return 'kind' in answerer && answerer.kind === 'provider_sms';
}

/**
 * The caller's organization must act for the matched provider: the owner that is not also that provider is
 * told so (403); anyone else does not see the referral at all (404, from findVisibleReferral). A provider
 * answering by SMS must be the matched provider, or hold a sent entry for an accept.
 */
async function assertAnswersFor(
  deps: AppDeps,
  answerer: Answerer,
  id: number,
  providerId: number,
  claimSent: boolean,
) {
  const db = deps.database.db;
  if (isSmsAnswer(answerer)) {
    const record = await repo.findReferral(db, id);
    if (!record) throw new AppError('not_found', REFERRAL_MESSAGES.notFound);
    if (record.matchedProviderId === providerId) return;
    if (record.matchedProviderId !== null) throw new AppError('conflict', RESPONSE_MESSAGES.otherProvider);
    if (claimSent && (await providerHoldsSentEntry(db, id, providerId))) return;
    throw new AppError('forbidden', RESPONSE_MESSAGES.onlyMatchedProvider);
  }
  const actor = answerer;
  // 001 §2.8: a provider the referral was sent to may accept before it is the matched provider.
  if (claimSent && (await answersThroughSentEntry(db, id, providerId, actor.org.id))) return;
  const { record } = await findVisibleReferral(deps, actor, id);
  if (record.matchedProvider?.organizationId !== actor.org.id) {
    throw new AppError('forbidden', RESPONSE_MESSAGES.onlyMatchedProvider);
  }
}

/**
 * How an answer is written down: the user and request of the panel, or for an SMS no user (actor null in the
 * audit log and on the timeline) and the channel and inbound message in the details.
 */
function recordingOf(answerer: Answerer, request: FastifyRequest | null) {
  if (isSmsAnswer(answerer)) {
    return {
      actorUserId: null,
      request: null,
      details: { channel: 'sms', communication_id: answerer.communicationId },
    };
  }
  return { actorUserId: answerer.user.id, request, details: {} };
}

/** Why a locked referral cannot be answered now, or null when it can (000 §4.2). */
function refusalOf(r: repo.ReferralRecord): string | null {
  switch (r.acceptanceStatus) {
    case 'accepted':
      return RESPONSE_MESSAGES.alreadyAccepted;
    case 'rejected':
      return RESPONSE_MESSAGES.alreadyRejected;
    case 'expired':
      return RESPONSE_MESSAGES.expired;
  }
  if (!(AWAITING_STATUSES as readonly string[]).includes(r.status)) return RESPONSE_MESSAGES.notAwaiting;
  return null;
}

type Answer<T> = { kind: 'done'; value: T } | { kind: 'expired' };

/**
 * Runs `answer` on the locked referral once every rule holds. An answer that comes after expires_at expires the
 * referral there and then (the job would within minutes) and is refused with 409, after that commit.
 */
async function withAnswerableReferral<T>(
  deps: AppDeps,
  answerer: Answerer,
  id: number,
  providerId: number,
  answer: (tx: DbOrTx, before: repo.ReferralRecord, now: Date) => Promise<T>,
  claimSent = false,
): Promise<T> {
  await assertAnswersFor(deps, answerer, id, providerId, claimSent);
  const sms = isSmsAnswer(answerer);
  const result: Answer<T> = await deps.database.db.transaction(async (tx) => {
    let before = await repo.lockReferral(tx, id);
    if (!before) throw new AppError('not_found', REFERRAL_MESSAGES.notFound);
    // Sent to several providers (001 §2.8): the first to accept becomes the matched provider.
    if (claimSent) before = await claimSentReferral(tx, before, providerId, sms ? null : answerer.org.id);
    // Re-read under the lock: it may have been matched to someone else since the check above.
    if (
      before.matchedProviderId !== providerId ||
      (!sms && before.matchedProvider?.organizationId !== answerer.org.id)
    ) {
      throw new AppError('conflict', RESPONSE_MESSAGES.otherProvider);
    }
    const refusal = refusalOf(before);
    if (refusal) throw new AppError('conflict', refusal);
    const now = new Date();
    if (isOverdue(before, now)) {
      await expireReferral(deps, tx, before, now);
      return { kind: 'expired' };
    }
    return { kind: 'done', value: await answer(tx, before, now) };
  });
  if (result.kind === 'expired') throw new AppError('conflict', RESPONSE_MESSAGES.expired);
  return result.value;
}

/**
 * POST /api/referrals/{id}/accept. The referral becomes Accepted; the member's full details go to the
 * provider's email address through the outbox (sealed at rest, delivered and retried by the job queue:
 * phi_email_sent turns true when it is delivered, delivery-report.ts). A provider without an email address
 * still accepts; the timeline says the details could not be emailed.
 */
export async function acceptReferral(
  deps: AppDeps,
  request: FastifyRequest | null,
  answerer: Answerer,
  id: number,
  providerId: number,
): Promise<ReferralAcceptResponse> {
  const recording = recordingOf(answerer, request);
  return withAnswerableReferral(
    deps,
    answerer,
    id,
    providerId,
    async (tx, before, now) => {
      const provider = before.matchedProvider!;
      const to = provider.email?.trim() || null;
      let messageId: number | null = null;
      if (to) {
        const email = buildPhiEmail(before, provider.name, emailTransportOf(deps.config));
        // Recorded with the owner's communications (001 §3 is_acceptance_email), on the thread with the provider.
        const queued = await queueCommunicationEmail(
          deps,
          tx,
          {
            to,
            ...email,
            category: PHI_EMAIL_CATEGORY,
            organizationId: before.organizationId,
            referralId: before.id,
            providerId: provider.id,
            phi: true,
            metadata: { referral_number: before.referralNumber, provider_id: provider.id },
          },
          { isAcceptanceEmail: true },
        );
        messageId = queued.messageId;
      }
      const after = await repo.updateReferral(tx, id, {
        status: 'accepted',
        acceptanceStatus: 'accepted',
        acceptedAt: now,
        emailSentTo: to,
        phiEmailSent: false,
        phiEmailMessageId: messageId,
        updatedAt: now,
      });
      // First accept wins (001 §3 Matched provider entry): the others become not_selected.
      await settleFirstAccept(tx, id, provider.id);
      const who = { provider_id: provider.id, provider_name: provider.name, ...recording.details };
      await recordReferralEvent(deps, tx, {
        referral: after,
        type: 'accepted',
        actorUserId: recording.actorUserId,
        fromStatus: before.status,
        toStatus: after.status,
        details: {
          ...who,
          email_sent_to: to,
          phi_email: to ? 'queued' : 'no_address',
          message_id: messageId,
        },
      });
      await audit(tx, recording.request, {
        action: 'referral.accepted',
        entityType: 'referral',
        entityId: id,
        details: who,
      });
      if (to) {
        await audit(tx, recording.request, {
          action: 'referral.phi_shared',
          entityType: 'referral',
          entityId: id,
          details: { ...who, channel: 'email', to, message_id: messageId },
        });
      } else {
        await recordReferralEvent(deps, tx, {
          referral: after,
          type: 'phi_email_failed',
          actorUserId: null,
          details: { ...who, reason: NO_EMAIL_REASON },
        });
      }
      await publishFeedChange(deps, tx, before, after);
      return { accepted_at: now.toISOString(), phi_email_sent: false, email_sent_to: to };
    },
    true,
  );
}

/**
 * POST /api/referrals/{id}/reject: Rejected with the provider's reason (000 §4.2: it must be matched again;
 * the owner sees it as Rejected in the queue). The matched provider stays on the row as who declined.
 */
export async function rejectReferral(
  deps: AppDeps,
  request: FastifyRequest | null,
  answerer: Answerer,
  id: number,
  providerId: number,
  reason: string,
): Promise<ReferralRejectResponse> {
  const recording = recordingOf(answerer, request);
  return withAnswerableReferral(deps, answerer, id, providerId, async (tx, before, now) => {
    const provider = before.matchedProvider!;
    const after = await repo.updateReferral(tx, id, {
      status: 'rejected',
      acceptanceStatus: 'rejected',
      rejectedAt: now,
      rejectionReason: reason,
      updatedAt: now,
    });
    const who = { provider_id: provider.id, provider_name: provider.name, ...recording.details };
    await recordReferralEvent(deps, tx, {
      referral: after,
      type: 'rejected',
      actorUserId: recording.actorUserId,
      fromStatus: before.status,
      toStatus: after.status,
      details: { ...who, reason },
    });
    await audit(tx, recording.request, {
      action: 'referral.rejected',
      entityType: 'referral',
      entityId: id,
      details: who,
    });
    await publishFeedChange(deps, tx, before, after);
    return { rejected_at: now.toISOString() };
  });
}

type PhiEmailState = (typeof PHI_EMAIL_STATES)[number];

async function phiEmailState(deps: AppDeps, r: repo.ReferralRecord): Promise<PhiEmailState> {
  if (r.phiEmailSent) return 'sent';
  if (r.phiEmailMessageId === null) return 'none';
  const message = await findOutboundMessageState(deps.database.db, r.phiEmailMessageId);
  if (!message) return 'none';
  if (message.status === 'sent') return 'sent';
  return message.status === 'failed' ? 'failed' : 'pending';
}

/**
 * GET /api/referrals/{id}/status (000 §3.5): the state of the provider's answer, for the owner and the
 * provider's organization. A provider_id that is not the matched provider is not found.
 */
export async function getReferralResponseStatus(
  deps: AppDeps,
  actor: Actor,
  id: number,
  providerId: number | undefined,
): Promise<ReferralResponseStatus> {
  const { record } = await findVisibleReferral(deps, actor, id);
  if (providerId !== undefined && record.matchedProviderId !== providerId) {
    throw new AppError('not_found', RESPONSE_MESSAGES.providerNotMatched);
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
    phi_email_status: await phiEmailState(deps, record),
  };
}

import { phoneDigits, routingOf } from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type ServiceContext, systemContext } from '../../../platform/context.ts';
import { findOrganization } from '../../administration/orgs/service.ts';
import * as followUps from './follow-up-repo.ts';
import { recordReferralEvent } from './history.ts';
import { memberFollowUpSms, memberLanguage } from './member-notice.ts';
import { referralPort } from './ports.ts';
import * as repo from './repo.ts';

// The member's answer (issue #14 item 4, after findhelp: the member is asked whether they got help). When the
// provider marks a referral Completed with the service provided, the question is scheduled for the organization's
// member_follow_up_days later (default 3; 0 asks at once); the follow-up job texts it in the member's language
// ("Did you get the help you needed? Reply YES or NO"). A YES or NO from the number within 7 days is recorded on
// the row, the timeline and the audit log, and counts for the provider (Provider Performance, match ranking); a
// reply after that is stored with the messages and not acted on.

/** The pg-boss job that sends the due questions (jobs.ts), every 5 minutes. */
export const FOLLOW_UP_JOB = 'referrals.member-follow-up';
export const FOLLOW_UP_CRON = '*/5 * * * *';
/** How long the member's answer counts. */
export const FOLLOW_UP_ANSWER_DAYS = 7;
/** How long after the question a reply is still taken as a (late) reply to it. */
const LATE_REPLY_DAYS = 30;
const BATCH_SIZE = 100;
const DAY_MS = 86_400_000;

/**
 * Called by the lifecycle in the transaction that made the referral Completed: schedules the question when the
 * provider reports the service provided (asking a member who declined or could not be reached would only pester).
 */
export async function scheduleMemberFollowUp(
  ctx: ServiceContext,
  input: { referral: repo.ReferralRecord; at: Date },
): Promise<void> {
  const { referral, at } = input;
  if (referral.status !== 'completed' || referral.outcome !== 'service_provided') return;
  const org = await findOrganization(ctx, { id: referral.organizationId });
  const days = routingOf(org?.settings).member_follow_up_days;
  const row = await followUps.insertFollowUp(ctx.db, {
    referralId: referral.id,
    organizationId: referral.organizationId,
    providerId: referral.matchedProviderId,
    dueAt: new Date(at.getTime() + days * DAY_MS),
  });
  // 0 days: asked now, with the completion (the job would within minutes).
  if (row && days === 0) await sendFollowUp(ctx, row, at);
}

/** Texts one due question, or records why it cannot be asked. */
async function sendFollowUp(ctx: ServiceContext, row: followUps.FollowUpRow, now: Date): Promise<void> {
  const referral = await repo.findReferral(ctx.db, row.referralId);
  if (referral?.status !== 'completed') {
    await followUps.updateFollowUp(ctx.db, row.id, { skippedReason: 'not completed any more' });
    return;
  }
  const system = inTransaction(systemContext(ctx.deps, FOLLOW_UP_JOB, referral.organizationId), ctx.db);
  if (!referral.phoneNumber) {
    await followUps.updateFollowUp(ctx.db, row.id, { skippedReason: 'no phone number' });
    await recordReferralEvent(system, {
      referral,
      type: 'member_follow_up_sent',
      actorUserId: null,
      details: { sent: false, reason: 'no phone number' },
    });
    return;
  }
  const language = memberLanguage(referral.preferredLanguage);
  const { messageId } = await referralPort('queueReferralSms')(system, {
    to: referral.phoneNumber,
    body: memberFollowUpSms(referral),
    category: 'member_follow_up',
    recordCategory: 'member_notice',
    organizationId: referral.organizationId,
    referralId: referral.id,
  });
  await followUps.updateFollowUp(ctx.db, row.id, {
    sentAt: now,
    expiresAt: new Date(now.getTime() + FOLLOW_UP_ANSWER_DAYS * DAY_MS),
    phoneDigits: phoneDigits(referral.phoneNumber),
    language,
  });
  await recordReferralEvent(system, {
    referral,
    type: 'member_follow_up_sent',
    actorUserId: null,
    details: { sent: true, message_id: messageId, language },
  });
  await audit(ctx.db, system, {
    action: 'referral.member_follow_up_sent',
    entityType: 'referral',
    entityId: referral.id,
    details: { language },
  });
}

/** The job: every question due by `now`, a batch at a time, each batch one transaction. Returns how many. */
export async function sendDueFollowUps(ctx: ServiceContext, input: { now: Date }): Promise<number> {
  let total = 0;
  for (;;) {
    const sent = await ctx.db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      const due = await followUps.lockDueFollowUps(tx, input.now, BATCH_SIZE);
      for (const row of due) await sendFollowUp(txCtx, row, input.now);
      return due.length;
    });
    total += sent;
    if (sent < BATCH_SIZE) return total;
  }
}

/** The question a number may be answering: the newest asked of it within 30 days (open or closed). */
export type FollowUpForNumber = {
  id: number;
  referralId: number;
  organizationId: number;
  open: boolean;
};

/** For the SMS module, placing an inbound message: the question this number was asked, if any. */
export async function followUpForNumber(
  ctx: ServiceContext,
  input: { phone: string; now: Date },
): Promise<FollowUpForNumber | null> {
  const row = await followUps.latestSentTo(ctx.db, phoneDigits(input.phone), LATE_REPLY_DAYS);
  if (!row) return null;
  return {
    id: row.id,
    referralId: row.referralId,
    organizationId: row.organizationId,
    open: isOpen(row, input.now),
  };
}

function isOpen(row: followUps.FollowUpRow, now: Date): boolean {
  return row.answer === null && row.expiresAt !== null && row.expiresAt.getTime() > now.getTime();
}

export type FollowUpAnswer =
  | { kind: 'recorded'; referralId: number; language: 'en' | 'es' }
  | { kind: 'already'; referralId: number; language: 'en' | 'es' }
  | { kind: 'late'; referralId: number }
  | { kind: 'none' };

/**
 * The member's YES or NO from `phone` (the SMS module stored the message first). In time, it is the answer: on
 * the row, the timeline and the audit log. After the 7 days it is only noted on the timeline as late, and counts
 * for nothing. A second answer does not replace the first.
 */
export async function answerMemberFollowUp(
  ctx: ServiceContext,
  input: { phone: string; answer: 'yes' | 'no'; communicationId: number; at: Date },
): Promise<FollowUpAnswer> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const row = await followUps.lockLatestSentTo(tx, phoneDigits(input.phone), LATE_REPLY_DAYS);
    if (!row) return { kind: 'none' };
    const referral = await repo.findReferral(tx, row.referralId);
    if (!referral) return { kind: 'none' };
    const language = row.language === 'es' ? 'es' : 'en';
    if (row.answer !== null) return { kind: 'already', referralId: row.referralId, language };
    const system = inTransaction(systemContext(ctx.deps, FOLLOW_UP_JOB, referral.organizationId), tx);
    const late = !isOpen(row, input.at);
    if (!late) {
      await followUps.updateFollowUp(tx, row.id, { answer: input.answer, answeredAt: input.at });
    }
    await recordReferralEvent(system, {
      referral,
      type: 'member_replied',
      actorUserId: null,
      details: { answer: input.answer, late, channel: 'sms', communication_id: input.communicationId },
    });
    if (late) return { kind: 'late', referralId: row.referralId };
    await audit(tx, txCtx, {
      action: 'referral.member_replied',
      entityType: 'referral',
      entityId: referral.id,
      details: { answer: input.answer, communication_id: input.communicationId },
    });
    return { kind: 'recorded', referralId: row.referralId, language };
  });
}

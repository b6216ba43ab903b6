import { phoneDigits, REFERRAL_STATUS_LABELS, type SmsLanguage } from '@trust/domain';
import { isOptedOut, setOptedOut } from '../../../adapters/sms/opt-outs.ts';
import { actingAs, inTransaction, type ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { markPhoneMethodsOptedOut } from '../../referrals/referral-sending/methods-service.ts';
import { answerMemberFollowUp } from '../../referrals/referrals/member-follow-up.ts';
import { memberThanksSms } from '../../referrals/referrals/member-notice.ts';
import { reportProgressBySms } from '../../referrals/referrals/progress-service.ts';
import { acceptReferral, rejectReferral } from '../../referrals/referrals/response-service.ts';
import { queueCommunicationSms } from '../communications/queue.ts';
import * as records from '../communications/records.ts';
import { updateCommunicationStatus } from '../communications/service.ts';
import type { Stored } from './inbound-message.ts';
import type { Candidate } from './placement.ts';
import { type AnswerOutcome, answerReply, repliesIn } from './replies.ts';
import * as repo from './repo.ts';

// What a provider's text does once it is stored (issue #6): accept or decline a referral through the response
// panel's rules (referrals/response-service.ts, acting as the provider), report the accepted referral's progress
// (STARTED, DONE: referrals/progress-service.ts; issue #14 item 3), STOP and START, HELP — each confirmed by a
// text on the same thread, in the provider's language.

/** The record category of the server's own answers on a thread. */
export const AUTO_REPLY_CATEGORY = 'auto_reply';

/** 000 §5.6 asks a reason of every decline; a bare "NO" gives none. */
export const SMS_DECLINE_REASON = 'Declined by text message';

export type ActionOutcome = { action: string; referralId: number | null; reply: string | null };

/** Why the answer rules refused, as the reply tells it (by the refusal's reason, never its wording). */
function refusalOutcome(err: AppError, decline: boolean): AnswerOutcome {
  switch (err.reason) {
    case 'referral.already_accepted':
      return 'already_accepted';
    case 'referral.already_rejected':
      return 'already_rejected';
    case 'referral.expired':
      return 'expired';
    case 'referral.matched_to_other_provider':
      return 'other_provider';
    case 'referral.not_found':
      return 'not_found';
  }
  // Sent to several providers and matched to none yet: one declining does not reject it for the others.
  if (decline && err.reason === 'referral.not_the_matched_provider') return 'decline_noted';
  return 'not_awaiting';
}

/** The provider the number belongs to, acting by SMS: no signed-in user. */
async function providerContext(ctx: ServiceContext, candidate: Candidate) {
  const provider = await repo.findProvider(ctx.db, candidate.providerId);
  return actingAs(ctx, {
    kind: 'provider',
    providerId: candidate.providerId,
    organizationId: provider?.organizationId ?? null,
    channel: 'sms',
  });
}

/**
 * "STARTED <n>" or "DONE <n>" from the accepted provider's number: the lifecycle's In Progress or Completed step,
 * taken as that provider (a completion by text: service provided, the rest of the text its note).
 */
async function reportProgress(
  ctx: ServiceContext,
  stored: Stored,
  candidate: Candidate,
): Promise<{ outcome: AnswerOutcome; status?: string }> {
  const done = stored.parsed.intent === 'done';
  const result = await reportProgressBySms(await providerContext(ctx, candidate), {
    id: candidate.referralId,
    step: done ? 'complete' : 'start',
    note: stored.parsed.reason,
    communicationId: stored.communicationId,
  });
  switch (result.kind) {
    case 'done':
      return { outcome: done ? 'completed' : 'started' };
    case 'already':
      return { outcome: done ? 'already_completed' : 'already_started' };
    case 'refused':
      return { outcome: 'progress_refused', status: REFERRAL_STATUS_LABELS[result.status] ?? result.status };
    case 'not_accepted':
      return { outcome: 'not_accepted' };
    case 'not_found':
      return { outcome: 'not_found' };
  }
}

/**
 * A member's YES or NO to "Did you get the help you needed?" (issue #14 item 4): recorded and thanked in time; a
 * late one is stored with the messages and noted on the timeline, not counted, not answered.
 */
async function memberAnswer(
  ctx: ServiceContext,
  stored: Stored,
  answer: 'yes' | 'no',
): Promise<ActionOutcome> {
  const result = await answerMemberFollowUp(ctx, {
    phone: stored.counterpart,
    answer,
    communicationId: stored.communicationId,
    at: new Date(),
  });
  switch (result.kind) {
    case 'recorded':
      return {
        action: 'member_replied',
        referralId: result.referralId,
        reply: memberThanksSms(result.language),
      };
    case 'already':
      return { action: 'member_already_replied', referralId: result.referralId, reply: null };
    case 'late':
      return { action: 'member_reply_late', referralId: result.referralId, reply: null };
    case 'none':
      return { action: 'none', referralId: stored.referralId, reply: null };
  }
}

/**
 * Answers the referral through the response panel's rules, as the provider the number belongs to: no signed-in
 * user (the timeline and the audit log name none), and the inbound message named in their details.
 */
async function answer(
  ctx: ServiceContext,
  stored: Stored,
  candidate: Candidate,
): Promise<{ outcome: AnswerOutcome; emailed: boolean }> {
  const asProvider = await providerContext(ctx, candidate);
  const answering = {
    id: candidate.referralId,
    providerId: candidate.providerId,
    communicationId: stored.communicationId,
  };
  const decline = stored.parsed.intent === 'decline';
  try {
    if (decline) {
      const reason = (stored.parsed.reason?.trim() || SMS_DECLINE_REASON).slice(0, 1000);
      await rejectReferral(asProvider, { ...answering, reason });
      return { outcome: 'rejected', emailed: false };
    }
    const accepted = await acceptReferral(asProvider, answering);
    return { outcome: 'accepted', emailed: accepted.email_sent_to !== null };
  } catch (err) {
    if (err instanceof AppError) return { outcome: refusalOutcome(err, decline), emailed: false };
    throw err;
  }
}

/** Texts `body` back on the message's thread (an auto reply names no member: not sealed). */
async function reply(
  ctx: ServiceContext,
  stored: Stored,
  body: string,
  options: { bypassOptOut?: boolean } = {},
) {
  await queueCommunicationSms(ctx, {
    to: stored.counterpart,
    body,
    category: AUTO_REPLY_CATEGORY,
    organizationId: stored.organizationId,
    referralId: stored.referralId,
    providerId: stored.providerId,
    phi: false,
    bypassOptOut: options.bypassOptOut === true,
    metadata: { in_reply_to: stored.communicationId },
    record: stored.conversationId === null ? {} : { conversation: { id: stored.conversationId } },
  });
}

/** Writes down on the inbound record what it did, so a retried webhook answers the same. */
async function note(ctx: ServiceContext, stored: Stored, outcome: ActionOutcome) {
  const row = await records.findCommunication(ctx, { id: stored.communicationId });
  await updateCommunicationStatus(ctx, {
    id: stored.communicationId,
    patch: {
      metadata: {
        ...(row?.metadata ?? {}),
        action: outcome.action,
        referral_id: outcome.referralId,
        reply: outcome.reply,
      },
    },
  });
}

/** STOP or START (CTIA): the number and every phone method with it are flagged; true when anything changed. */
async function optOut(ctx: ServiceContext, stored: Stored, out: boolean): Promise<boolean> {
  const changed = await setOptedOut(ctx.db, stored.counterpart, out, stored.communicationId);
  await markPhoneMethodsOptedOut(ctx, { phoneDigits: phoneDigits(stored.counterpart), optedOut: out });
  return changed;
}

async function helpText(ctx: ServiceContext, stored: Stored, language: SmsLanguage): Promise<string> {
  const org =
    stored.organizationId === null ? null : await repo.organizationContact(ctx.db, stored.organizationId);
  return repliesIn(language).help(
    org ? { name: org.name, phone: org.contactPhone, email: org.contactEmail } : null,
  );
}

/**
 * Acts on a stored inbound message. A message nobody could place (an unknown number) gets no answer; its STOP
 * or START is still honoured, so nothing is ever sent to a number that asked not to be texted.
 */
export async function actOnReply(ctx: ServiceContext, stored: Stored): Promise<ActionOutcome> {
  const { intent, language } = stored.parsed;
  const matched = stored.organizationId !== null;
  const t = repliesIn(language);

  if (intent === 'stop' || intent === 'start') {
    const out = intent === 'stop';
    return ctx.db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      const changed = await optOut(txCtx, stored, out);
      // STOP is confirmed once (the confirmation alone passes the opt-out); START always.
      const text = matched && (out ? changed : true) ? (out ? t.stop() : t.start()) : null;
      if (text) await reply(txCtx, stored, text, { bypassOptOut: out });
      const outcome = { action: out ? 'opted_out' : 'opted_in', referralId: stored.referralId, reply: text };
      await note(txCtx, stored, outcome);
      return outcome;
    });
  }

  let outcome: ActionOutcome = { action: 'none', referralId: stored.referralId, reply: null };
  if (stored.memberFollowUp && (intent === 'accept' || intent === 'decline')) {
    outcome = await memberAnswer(ctx, stored, intent === 'accept' ? 'yes' : 'no');
  } else if (matched && intent === 'help') {
    outcome = {
      action: 'help_sent',
      referralId: stored.referralId,
      reply: await helpText(ctx, stored, language),
    };
  } else if (matched && stored.target) {
    const target = stored.target;
    if (target.kind === 'referral' && (intent === 'started' || intent === 'done')) {
      const { outcome: result, status } = await reportProgress(ctx, stored, target.candidate);
      const text = answerReply(language, result, { referralNumber: target.candidate.referralNumber, status });
      outcome = { action: result, referralId: target.candidate.referralId, reply: text };
    } else if (target.kind === 'referral') {
      const { outcome: result, emailed } = await answer(ctx, stored, target.candidate);
      const text = answerReply(language, result, {
        referralNumber: target.candidate.referralNumber,
        emailed,
      });
      outcome = { action: result, referralId: target.candidate.referralId, reply: text };
    } else if (target.kind === 'ambiguous') {
      outcome = { action: 'ambiguous', referralId: null, reply: answerReply(language, 'ambiguous', target) };
    } else if (target.kind === 'not_found') {
      outcome = { action: 'not_found', referralId: null, reply: answerReply(language, 'not_found', target) };
    } else {
      outcome = { action: 'no_referral', referralId: null, reply: answerReply(language, 'no_referral', {}) };
    }
  }

  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    // A number that opted out gets no answer but a START (its accept or decline still counts).
    let text = outcome.reply;
    if (text && (await isOptedOut(tx, stored.counterpart))) text = null;
    if (text) await reply(txCtx, stored, text);
    const final = { ...outcome, reply: text };
    await note(txCtx, stored, final);
    return final;
  });
}

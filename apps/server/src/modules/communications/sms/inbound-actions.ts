import { phoneDigits, REFERRAL_MESSAGES, RESPONSE_MESSAGES, type SmsLanguage } from '@trust/domain';
import { isOptedOut, setOptedOut } from '../../../adapters/sms/opt-outs.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { setPhoneMethodsOptedOut } from '../../referrals/referral-sending/methods-repo.ts';
import { acceptReferral, rejectReferral } from '../../referrals/referrals/response-service.ts';
import { queueCommunicationSms } from '../communications/queue.ts';
import * as records from '../communications/records.ts';
import { updateCommunicationStatus } from '../communications/service.ts';
import type { Stored } from './inbound-service.ts';
import type { Candidate } from './placement.ts';
import { type AnswerOutcome, answerReply, repliesIn } from './replies.ts';
import * as repo from './repo.ts';

// What a provider's text does once it is stored (issue #6): accept or decline a referral through the response
// panel's rules (referrals/response-service.ts with the provider as the answerer), STOP and START, HELP — each
// confirmed by a text on the same thread, in the provider's language.

/** The record category of the server's own answers on a thread. */
export const AUTO_REPLY_CATEGORY = 'auto_reply';

/** 000 §5.6 asks a reason of every decline; a bare "NO" gives none. */
export const SMS_DECLINE_REASON = 'Declined by text message';

export type ActionOutcome = { action: string; referralId: number | null; reply: string | null };

/** Why the answer rules refused, as the reply tells it. */
function refusalOutcome(err: AppError, decline: boolean): AnswerOutcome {
  switch (err.message) {
    case RESPONSE_MESSAGES.alreadyAccepted:
      return 'already_accepted';
    case RESPONSE_MESSAGES.alreadyRejected:
      return 'already_rejected';
    case RESPONSE_MESSAGES.expired:
      return 'expired';
    case RESPONSE_MESSAGES.otherProvider:
      return 'other_provider';
    case REFERRAL_MESSAGES.notFound:
      return 'not_found';
  }
  // Sent to several providers and matched to none yet: one declining does not reject it for the others.
  if (decline && err.message === RESPONSE_MESSAGES.onlyMatchedProvider) return 'decline_noted';
  return 'not_awaiting';
}

/** Answers the referral through the response panel's rules, with the provider as the answerer. */
async function answer(
  deps: AppDeps,
  stored: Stored,
  candidate: Candidate,
): Promise<{ outcome: AnswerOutcome; emailed: boolean }> {
  const answerer = { kind: 'provider_sms' as const, communicationId: stored.communicationId };
  const decline = stored.parsed.intent === 'decline';
  try {
    if (decline) {
      const reason = (stored.parsed.reason?.trim() || SMS_DECLINE_REASON).slice(0, 1000);
      await rejectReferral(deps, null, answerer, candidate.referralId, candidate.providerId, reason);
      return { outcome: 'rejected', emailed: false };
    }
    const accepted = await acceptReferral(deps, null, answerer, candidate.referralId, candidate.providerId);
    return { outcome: 'accepted', emailed: accepted.email_sent_to !== null };
  } catch (err) {
    if (err instanceof AppError) return { outcome: refusalOutcome(err, decline), emailed: false };
    throw err;
  }
}

/** Texts `body` back on the message's thread (an auto reply names no member: not sealed). */
async function reply(
  deps: AppDeps,
  tx: DbOrTx,
  stored: Stored,
  body: string,
  options: { bypassOptOut?: boolean } = {},
) {
  await queueCommunicationSms(
    deps,
    tx,
    {
      to: stored.counterpart,
      body,
      category: AUTO_REPLY_CATEGORY,
      organizationId: stored.organizationId,
      referralId: stored.referralId,
      providerId: stored.providerId,
      phi: false,
      bypassOptOut: options.bypassOptOut === true,
      metadata: { in_reply_to: stored.communicationId },
    },
    stored.conversationId === null ? {} : { conversation: { id: stored.conversationId } },
  );
}

/** Writes down on the inbound record what it did, so a retried webhook answers the same. */
async function note(deps: AppDeps, tx: DbOrTx, stored: Stored, outcome: ActionOutcome) {
  const row = await records.findCommunication(tx, stored.communicationId);
  await updateCommunicationStatus(deps, tx, stored.communicationId, {
    metadata: {
      ...(row?.metadata ?? {}),
      action: outcome.action,
      referral_id: outcome.referralId,
      reply: outcome.reply,
    },
  });
}

/** STOP or START (CTIA): the number and every phone method with it are flagged; true when anything changed. */
async function optOut(tx: DbOrTx, stored: Stored, out: boolean): Promise<boolean> {
  const changed = await setOptedOut(tx, stored.counterpart, out, stored.communicationId);
  await setPhoneMethodsOptedOut(tx, phoneDigits(stored.counterpart), out);
  return changed;
}

async function helpText(deps: AppDeps, stored: Stored, language: SmsLanguage): Promise<string> {
  const org =
    stored.organizationId === null
      ? null
      : await repo.organizationContact(deps.database.db, stored.organizationId);
  return repliesIn(language).help(
    org ? { name: org.name, phone: org.contactPhone, email: org.contactEmail } : null,
  );
}

/**
 * Acts on a stored inbound message. A message nobody could place (an unknown number) gets no answer; its STOP
 * or START is still honoured, so nothing is ever sent to a number that asked not to be texted.
 */
export async function actOnReply(deps: AppDeps, stored: Stored): Promise<ActionOutcome> {
  const db = deps.database.db;
  const { intent, language } = stored.parsed;
  const matched = stored.organizationId !== null;
  const t = repliesIn(language);

  if (intent === 'stop' || intent === 'start') {
    const out = intent === 'stop';
    return db.transaction(async (tx) => {
      const changed = await optOut(tx, stored, out);
      // STOP is confirmed once (the confirmation alone passes the opt-out); START always.
      const text = matched && (out ? changed : true) ? (out ? t.stop() : t.start()) : null;
      if (text) await reply(deps, tx, stored, text, { bypassOptOut: out });
      const outcome = { action: out ? 'opted_out' : 'opted_in', referralId: stored.referralId, reply: text };
      await note(deps, tx, stored, outcome);
      return outcome;
    });
  }

  let outcome: ActionOutcome = { action: 'none', referralId: stored.referralId, reply: null };
  if (matched && intent === 'help') {
    outcome = {
      action: 'help_sent',
      referralId: stored.referralId,
      reply: await helpText(deps, stored, language),
    };
  } else if (matched && stored.target && (intent === 'accept' || intent === 'decline')) {
    const target = stored.target;
    if (target.kind === 'referral') {
      const { outcome: result, emailed } = await answer(deps, stored, target.candidate);
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

  return db.transaction(async (tx) => {
    // A number that opted out gets no answer but a START (its accept or decline still counts).
    let text = outcome.reply;
    if (text && (await isOptedOut(tx, stored.counterpart))) text = null;
    if (text) await reply(deps, tx, stored, text);
    const final = { ...outcome, reply: text };
    await note(deps, tx, stored, final);
    return final;
  });
}

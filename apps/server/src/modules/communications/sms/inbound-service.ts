import {
  COMMUNICATION_MESSAGES,
  type InboundSmsResult,
  type ParsedSmsReply,
  parseSmsReply,
  phoneDigits,
  SMS_INTENTS,
  type SmsIntent,
  smsSegments,
} from '@trust/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { followUpForNumber } from '../../referrals/referrals/member-follow-up.ts';
import * as records from '../communications/records.ts';
import { normalizeCounterpart, recordCommunication } from '../communications/service.ts';
import { actOnReply } from './inbound-actions.ts';
import { INBOUND_CATEGORY, type InboundSms, type Stored } from './inbound-message.ts';
import { type Facts, type Placement, placeMessage, targetOf } from './placement.ts';
import * as repo from './repo.ts';

// An SMS from outside (001 §3 SMS message, direction inbound; issue #6 "inbound SMS"): Twilio's webhook and the
// outbox page's simulated reply both come here. The message is stored first — on the right thread, classified,
// never dropped — and then acted on: an accept or decline answers the referral by the response panel's rules,
// STOP and START opt the number out and in, HELP says how to reach the coordinator.

/** The intents that act on one referral: a provider's answer, or the accepted provider's progress. */
const ANSWERS_OR_PROGRESS: readonly SmsIntent[] = ['accept', 'decline', 'started', 'done'];

async function factsOf(tx: DbOrTx, counterpart: string): Promise<Facts> {
  const threads = await repo.threadsWithCounterpart(tx, counterpart);
  const providersByNumber = await repo.providerIdsByDigits(tx, phoneDigits(counterpart));
  const providerIds = [
    ...new Set([
      ...threads.map((t) => t.providerId).filter((id): id is number => id !== null),
      ...providersByNumber,
    ]),
  ];
  const awaiting = await repo.referralsAwaiting(tx, providerIds);
  const serving = await repo.referralsServing(tx, providerIds);
  return { threads, awaiting, serving, providersByNumber };
}

function resultOf(row: records.CommunicationRow): InboundSmsResult {
  const meta = row.metadata as { action?: unknown; referral_id?: unknown; reply?: unknown };
  return {
    communication_id: row.id,
    conversation_id: row.conversationId,
    matched: row.organizationId !== null,
    intent: (SMS_INTENTS as readonly string[]).includes(row.intent ?? '')
      ? (row.intent as SmsIntent)
      : 'other',
    action: typeof meta.action === 'string' ? meta.action : 'none',
    referral_id: typeof meta.referral_id === 'number' ? meta.referral_id : row.referralId,
    reply: typeof meta.reply === 'string' ? meta.reply : null,
  };
}

/** Stores the message on its thread, in one transaction; the row stored before when this sid was. */
async function store(
  ctx: ServiceContext,
  inbound: InboundSms,
  counterpart: string,
  parsed: ParsedSmsReply,
): Promise<Stored | { duplicate: records.CommunicationRow }> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const sid = inbound.messageSid?.trim() || null;
    if (sid) {
      // Twilio retries a webhook it got no answer to: the second delivery waits for the first and finds it.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sms-inbound:${sid}`}, 0))`);
      const existing = await records.findByExternalId(txCtx, { externalId: sid, channel: 'sms' });
      if (existing && existing.direction === 'inbound') return { duplicate: existing };
    }
    const facts = await factsOf(tx, counterpart);
    // A number no provider has may be a member answering "Did you get the help you needed?" (issue #14 item 4).
    const isProvider =
      facts.providersByNumber.length > 0 || facts.awaiting.length > 0 || facts.serving.length > 0;
    const followUp = isProvider
      ? null
      : await followUpForNumber(txCtx, { phone: counterpart, now: new Date() });
    let placement: Placement = placeMessage(facts, parsed.intent, parsed.referralDigits);
    if (followUp && placement.kind === 'new') {
      placement = {
        kind: 'new',
        organizationId: followUp.organizationId,
        providerId: null,
        referralId: followUp.referralId,
      };
    }
    const recorded = await recordCommunication(txCtx, {
      ...(placement.kind === 'thread'
        ? { organizationId: null, conversation: { id: placement.threadId } }
        : {
            organizationId: placement.organizationId,
            providerId: placement.providerId,
            referralId: placement.referralId,
          }),
      channel: 'sms',
      direction: 'inbound',
      category: INBOUND_CATEGORY,
      status: 'received',
      from: inbound.from,
      to: inbound.to,
      counterpart,
      bodyText: inbound.body,
      // A provider's reply may name the member: sealed at rest like the messages it answers.
      phi: true,
      intent: parsed.intent,
      numSegments: Math.max(1, smsSegments(inbound.body)),
      externalId: sid,
      metadata: inbound.simulated ? { simulated: true } : {},
      timeline: { type: 'message_received', details: { intent: parsed.intent } },
    });
    const row = recorded.row;
    const answers = ANSWERS_OR_PROGRESS.includes(parsed.intent);
    return {
      communicationId: row.id,
      conversationId: row.conversationId,
      organizationId: row.organizationId,
      referralId: row.referralId,
      providerId: row.providerId,
      counterpart,
      parsed,
      memberFollowUp: followUp,
      // Only a message placed with an organization answers anything (an unknown number gets no action).
      target:
        answers && !followUp && row.organizationId !== null
          ? targetOf(facts, parsed.intent, parsed.referralDigits, row.conversationId)
          : null,
    };
  });
}

/**
 * Receives one inbound SMS: stores it (idempotent on the service's message id), then acts on it. Returns what
 * was done, for the simulated reply's answer (Twilio is answered with empty TwiML). The context is the webhook's
 * (systemContext) or the operator's who typed the reply; the answer to a referral is made as the provider.
 */
export async function receiveSms(ctx: ServiceContext, inbound: InboundSms): Promise<InboundSmsResult> {
  const counterpart = normalizeCounterpart('sms', inbound.from);
  if (!counterpart) {
    throw new AppError('communication.phone_invalid', COMMUNICATION_MESSAGES.invalidPhone, {
      fields: { From: COMMUNICATION_MESSAGES.invalidPhone },
    });
  }
  const parsed = parseSmsReply(inbound.body);
  const stored = await store(ctx, inbound, counterpart, parsed);
  if ('duplicate' in stored) return resultOf(stored.duplicate);

  const outcome = await actOnReply(ctx, stored);
  return {
    communication_id: stored.communicationId,
    conversation_id: stored.conversationId,
    matched: stored.organizationId !== null,
    intent: parsed.intent,
    action: outcome.action,
    referral_id: outcome.referralId,
    reply: outcome.reply,
  };
}

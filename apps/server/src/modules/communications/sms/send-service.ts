import {
  COMMUNICATION_MESSAGES,
  REFERRAL_MESSAGES,
  type SmsSend,
  type SmsSendResponse,
  toE164,
} from '@trust/domain';
import { isOptedOut } from '../../../adapters/sms/opt-outs.ts';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { canSeeProvider } from '../../providers/directory/service.ts';
import { findVisibleReferral } from '../../referrals/referrals/access.ts';
import { queueCommunicationSms } from '../communications/queue.ts';
import * as repo from './repo.ts';
import { toSmsMessage } from './wire.ts';

/** The record category of a coordinator's message in a thread (not the referral send itself). */
export const CONVERSATION_CATEGORY = 'conversation';

/**
 * POST /api/sms/send (001 §7 "SMS and email"): a coordinator texts a provider about one of the organization's
 * referrals. 001 §5: a referral must be selected ('Please select a referral to discuss'), the text must not be
 * blank ('Please enter a message'), the provider must have a phone ('Provider phone number not available'). A
 * number that answered STOP is refused up front. The SMS goes through the outbox (delivered and retried by the
 * job queue) on the thread with the provider about the referral; it may name the member, so it is sealed.
 */
export async function sendSms(ctx: OrgContext, body: SmsSend): Promise<SmsSendResponse> {
  const text = body.message_text.trim();
  const fields: Record<string, string> = {};
  if (!body.referral_id) fields.referral_id = COMMUNICATION_MESSAGES.referralRequired;
  if (!text) fields.message_text = COMMUNICATION_MESSAGES.messageRequired;
  const first = Object.values(fields)[0];
  if (first) {
    const reason = body.referral_id ? 'communication.message_required' : 'communication.referral_required';
    throw new AppError(reason, first, { fields });
  }
  const referralId = body.referral_id!;

  const { db, deps, actor } = ctx;
  const referral = await ownReferral(ctx, referralId);
  const provider = await repo.findProvider(db, body.provider_id);
  // Issue #12: another organization's private provider is as unknown as a missing one.
  if (!provider || !(await canSeeProvider(ctx, { providerId: provider.id }))) {
    throw new AppError('communication.provider_not_found', COMMUNICATION_MESSAGES.providerNotFound, {
      fields: { provider_id: COMMUNICATION_MESSAGES.providerNotFound },
    });
  }
  const typed = body.to_phone?.trim() || provider.phone?.trim() || '';
  if (!typed) {
    throw new AppError('sms.phone_missing', COMMUNICATION_MESSAGES.phoneMissing, {
      fields: { to_phone: COMMUNICATION_MESSAGES.phoneMissing },
    });
  }
  // US numbers (001 §5 dialer: 10 digits, optionally with a leading 1); sent as E.164, as Twilio expects.
  const to = toE164(typed);
  if (!to || !/^\+1\d{10}$/.test(to)) {
    throw new AppError('communication.phone_invalid', COMMUNICATION_MESSAGES.invalidPhone, {
      fields: { to_phone: COMMUNICATION_MESSAGES.invalidPhone },
    });
  }
  if (await isOptedOut(db, to)) {
    throw new AppError('sms.opted_out', COMMUNICATION_MESSAGES.optedOut, {
      fields: { to_phone: COMMUNICATION_MESSAGES.optedOut },
    });
  }

  const recorded = await db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const queued = await queueCommunicationSms(txCtx, {
      to,
      body: text,
      category: CONVERSATION_CATEGORY,
      userId: actor.user.id,
      organizationId: actor.org.id,
      referralId: referral.id,
      providerId: provider.id,
      phi: true,
      metadata: { referral_number: referral.referralNumber, provider_id: provider.id },
      record: { timeline: { type: 'message_sent' } },
    });
    await audit(tx, txCtx, {
      action: 'sms.sent',
      entityType: 'referral',
      entityId: referral.id,
      details: {
        provider_id: provider.id,
        communication_id: queued.row.id,
        conversation_id: queued.row.conversationId,
        message_id: queued.messageId,
      },
    });
    return queued;
  });
  const message = toSmsMessage(deps, recorded.row, actor.user.name);
  return {
    success: true,
    // The SMS service's id exists once the delivery job has handed the message over (001 §3 message_sid).
    message_sid: null,
    from_phone: message.from_phone,
    error: null,
    message,
  };
}

/**
 * The organization that owns the referral talks to providers about it; to anyone else (its matched provider's
 * organization included) it does not exist.
 */
async function ownReferral(ctx: OrgContext, id: number) {
  const found = await findVisibleReferral(ctx, { id }).catch((err: unknown) => {
    if (err instanceof AppError && err.reason === 'referral.not_found') return null;
    throw err;
  });
  if (found?.viewerRole !== 'owner') {
    throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound, {
      fields: { referral_id: REFERRAL_MESSAGES.notFound },
    });
  }
  return found.record;
}

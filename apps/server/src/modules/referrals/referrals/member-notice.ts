import type { ServiceContext } from '../../../platform/context.ts';
import { recordReferralEvent } from './history.ts';
import { referralPort } from './ports.ts';
import type { ReferralRecord } from './repo.ts';

/** Statuses the member hears about by SMS (000 §2.3, 003 §4.5). */
const NOTIFIED_STATUSES = ['matched', 'authorized'] as const;
type NotifiedStatus = (typeof NOTIFIED_STATUSES)[number];

/**
 * The member's SMS for a status, in Spanish when that is the member's language, English otherwise. It names the
 * referral by number and says nothing about the member's health (an SMS can be read by anyone holding the
 * phone). On Authorized it promises contact within 24 hours (000 §2.3, 003 §9).
 */
export function memberStatusSms(
  status: NotifiedStatus,
  r: Pick<ReferralRecord, 'firstName' | 'referralNumber' | 'preferredLanguage'>,
) {
  const spanish = r.preferredLanguage.trim().toLowerCase() === 'spanish';
  if (status === 'matched') {
    return spanish
      ? `Trust Marketplace: Hola ${r.firstName}, su referido ${r.referralNumber} fue asignado a un proveedor comunitario. Le avisaremos los próximos pasos.`
      : `Trust Marketplace: Hi ${r.firstName}, your referral ${r.referralNumber} has been matched with a community provider. We will let you know the next steps.`;
  }
  return spanish
    ? `Trust Marketplace: Hola ${r.firstName}, su referido ${r.referralNumber} fue autorizado. Un proveedor se comunicará con usted dentro de 24 horas.`
    : `Trust Marketplace: Hi ${r.firstName}, your referral ${r.referralNumber} has been authorized. A provider will contact you within 24 hours.`;
}

function isNotified(status: string): status is NotifiedStatus {
  return (NOTIFIED_STATUSES as readonly string[]).includes(status);
}

/**
 * After a change to Matched or Authorized: the SMS to the member goes into the outbox in the caller's
 * transaction (`ctx.db`; delivered by the job queue, retried on failure) and the timeline records it, or records
 * that there was no phone number to send it to.
 */
export async function noticeMemberOfStatus(
  ctx: ServiceContext,
  input: { referral: ReferralRecord; actorUserId: number | null },
): Promise<void> {
  const { referral, actorUserId } = input;
  if (!isNotified(referral.status)) return;
  if (!referral.phoneNumber) {
    await recordReferralEvent(ctx, {
      referral,
      type: 'member_notified',
      actorUserId,
      details: { channel: 'sms', status: referral.status, sent: false, reason: 'no phone number' },
    });
    return;
  }
  // Listed with the referral's communications, outside any provider thread (the communications module).
  const { messageId } = await referralPort('queueReferralSms')(ctx, {
    to: referral.phoneNumber,
    body: memberStatusSms(referral.status, referral),
    category: 'referral_status',
    recordCategory: 'member_notice',
    organizationId: referral.organizationId,
    referralId: referral.id,
  });
  await recordReferralEvent(ctx, {
    referral,
    type: 'member_notified',
    actorUserId,
    details: { channel: 'sms', status: referral.status, sent: true, message_id: messageId },
  });
}

import type { ServiceContext } from '../../../platform/context.ts';
import { recordReferralEvent } from './history.ts';
import { referralPort } from './ports.ts';
import type { ReferralRecord } from './repo.ts';

/** Statuses the member hears about by SMS (000 §2.3, 003 §4.5; the closed loop adds Completed, issue #14). */
const NOTIFIED_STATUSES = ['matched', 'authorized', 'completed'] as const;
type NotifiedStatus = (typeof NOTIFIED_STATUSES)[number];

type MemberFacts = Pick<ReferralRecord, 'firstName' | 'referralNumber' | 'preferredLanguage'>;

/**
 * The language the member is texted in: Spanish when that is the member's language; English otherwise, including
 * the other languages of 000 §9 until their texts are translated.
 */
export function memberLanguage(preferredLanguage: string): 'en' | 'es' {
  return preferredLanguage.trim().toLowerCase() === 'spanish' ? 'es' : 'en';
}

/**
 * The member's SMS for a status, in the member's language (memberLanguage). It names the referral by number and
 * says nothing about the member's health (an SMS can be read by anyone holding the phone). On Authorized it
 * promises contact within 24 hours (000 §2.3, 003 §9).
 */
export function memberStatusSms(status: NotifiedStatus, r: MemberFacts) {
  const spanish = memberLanguage(r.preferredLanguage) === 'es';
  if (status === 'completed') {
    return spanish
      ? `Trust Marketplace: Hola ${r.firstName}, el proveedor marcó su referido ${r.referralNumber} como completado.`
      : `Trust Marketplace: Hi ${r.firstName}, the provider marked your referral ${r.referralNumber} as completed.`;
  }
  if (status === 'matched') {
    return spanish
      ? `Trust Marketplace: Hola ${r.firstName}, su referido ${r.referralNumber} fue asignado a un proveedor comunitario. Le avisaremos los próximos pasos.`
      : `Trust Marketplace: Hi ${r.firstName}, your referral ${r.referralNumber} has been matched with a community provider. We will let you know the next steps.`;
  }
  return spanish
    ? `Trust Marketplace: Hola ${r.firstName}, su referido ${r.referralNumber} fue autorizado. Un proveedor se comunicará con usted dentro de 24 horas.`
    : `Trust Marketplace: Hi ${r.firstName}, your referral ${r.referralNumber} has been authorized. A provider will contact you within 24 hours.`;
}

/** Issue #14 item 4: the question a few days after Completed (the member answers YES or NO). */
export function memberFollowUpSms(r: MemberFacts) {
  return memberLanguage(r.preferredLanguage) === 'es'
    ? `Trust Marketplace: Hola ${r.firstName}, sobre su referido ${r.referralNumber}: ¿Recibió la ayuda que necesitaba? Responda SI o NO`
    : `Trust Marketplace: Hi ${r.firstName}, about your referral ${r.referralNumber}: Did you get the help you needed? Reply YES or NO`;
}

/** The thanks for the member's answer. */
export function memberThanksSms(language: 'en' | 'es') {
  return language === 'es'
    ? 'Trust Marketplace: Gracias por su respuesta.'
    : 'Trust Marketplace: Thank you for your answer.';
}

function isNotified(status: string): status is NotifiedStatus {
  return (NOTIFIED_STATUSES as readonly string[]).includes(status);
}

/**
 * After a change to Matched, Authorized or Completed: the SMS to the member goes into the outbox in the caller's
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

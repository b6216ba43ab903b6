import { smsSegments } from '@trust/domain';
import { type EmailMessage, queueEmail, queueSms, type SmsMessage } from '../../../adapters/outbound.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { type Recorded, type RecordInput, recordCommunication } from './service.ts';

// An SMS or email to a provider (or a member) is two rows written together: the outbox message the delivery job
// sends and retries (adapters/outbound.ts), and the communication record that screens list. The record follows
// the message's delivery (delivery-sync.ts). Called with the context of the caller's transaction.

/** What a record adds to the outbox message: the thread, the timeline row and what the record alone keeps. */
export type RecordExtras = Pick<
  RecordInput,
  'conversation' | 'timeline' | 'isAcceptanceEmail' | 'trackingToken' | 'cc' | 'externalId' | 'bodyHtml'
> & { from?: string | null; recordCategory?: string };

/** Queues an SMS and records it (status queued) on its thread. */
export async function queueCommunicationSms(
  ctx: ServiceContext,
  input: SmsMessage & { record?: RecordExtras },
): Promise<{ messageId: number } & Recorded> {
  const { record: extras = {}, ...message } = input;
  const { recordCategory, ...recordExtras } = extras;
  const queued = await queueSms(ctx.deps, ctx.db, message);
  const recorded = await recordCommunication(ctx, {
    organizationId: message.organizationId ?? null,
    referralId: message.referralId ?? null,
    providerId: message.providerId ?? null,
    userId: message.userId ?? null,
    channel: 'sms',
    direction: 'outbound',
    category: recordCategory ?? message.category,
    status: 'queued',
    from: extras.from ?? ctx.deps.config.twilio?.from ?? null,
    to: message.to,
    bodyText: message.body,
    phi: message.phi === true,
    numSegments: smsSegments(message.body),
    outboundMessageId: queued.id,
    communicationMethodId: message.communicationMethodId ?? null,
    ...recordExtras,
  });
  return { messageId: queued.id, ...recorded };
}

/** Queues an email and records it (status queued) on its thread. */
export async function queueCommunicationEmail(
  ctx: ServiceContext,
  input: EmailMessage & { cc?: string[]; record?: RecordExtras },
): Promise<{ messageId: number } & Recorded> {
  const { record: extras = {}, ...message } = input;
  const { recordCategory, ...recordExtras } = extras;
  const queued = await queueEmail(ctx.deps, ctx.db, message);
  const recorded = await recordCommunication(ctx, {
    organizationId: message.organizationId ?? null,
    referralId: message.referralId ?? null,
    providerId: message.providerId ?? null,
    userId: message.userId ?? null,
    channel: 'email',
    direction: 'outbound',
    category: recordCategory ?? message.category,
    status: 'queued',
    from: extras.from ?? ctx.deps.config.smtpFrom,
    to: message.to,
    subject: message.subject,
    bodyText: message.text,
    bodyHtml: message.html ?? null,
    phi: message.phi === true,
    outboundMessageId: queued.id,
    communicationMethodId: message.communicationMethodId ?? null,
    externalId: message.headers?.['Message-ID'] ?? null,
    ...recordExtras,
  });
  return { messageId: queued.id, ...recorded };
}

import { smsSegments } from '@trust/domain';
import { type EmailMessage, queueEmail, queueSms, type SmsMessage } from '../../../adapters/outbound.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { type Recorded, type RecordInput, recordCommunication } from './service.ts';

// An SMS or email to a provider (or a member) is two rows written together: the outbox message the delivery job
// sends and retries (adapters/outbound.ts), and the communication record that screens list. The record follows
// the message's delivery (delivery-sync.ts).

/** What a record adds to the outbox message: who it is about, the thread, the timeline row. */
type RecordExtras = Pick<
  RecordInput,
  'conversation' | 'timeline' | 'isAcceptanceEmail' | 'trackingToken' | 'cc' | 'externalId' | 'bodyHtml'
> & { from?: string | null; recordCategory?: string };

/** Queues an SMS and records it (status queued) on its thread. */
export async function queueCommunicationSms(
  deps: AppDeps,
  tx: DbOrTx,
  message: SmsMessage,
  extras: RecordExtras = {},
): Promise<{ messageId: number } & Recorded> {
  const queued = await queueSms(deps, tx, message);
  const recorded = await recordCommunication(deps, tx, {
    organizationId: message.organizationId ?? null,
    referralId: message.referralId ?? null,
    providerId: message.providerId ?? null,
    userId: message.userId ?? null,
    channel: 'sms',
    direction: 'outbound',
    category: extras.recordCategory ?? message.category,
    status: 'queued',
    from: extras.from ?? deps.config.twilio?.from ?? null,
    to: message.to,
    bodyText: message.body,
    phi: message.phi === true,
    numSegments: smsSegments(message.body),
    outboundMessageId: queued.id,
    communicationMethodId: message.communicationMethodId ?? null,
    ...extras,
  });
  return { messageId: queued.id, ...recorded };
}

/** Queues an email and records it (status queued) on its thread. */
export async function queueCommunicationEmail(
  deps: AppDeps,
  tx: DbOrTx,
  message: EmailMessage & { cc?: string[] },
  extras: RecordExtras = {},
): Promise<{ messageId: number } & Recorded> {
  const queued = await queueEmail(deps, tx, message);
  const recorded = await recordCommunication(deps, tx, {
    organizationId: message.organizationId ?? null,
    referralId: message.referralId ?? null,
    providerId: message.providerId ?? null,
    userId: message.userId ?? null,
    channel: 'email',
    direction: 'outbound',
    category: extras.recordCategory ?? message.category,
    status: 'queued',
    from: extras.from ?? deps.config.smtpFrom,
    to: message.to,
    subject: message.subject,
    bodyText: message.text,
    bodyHtml: message.html ?? null,
    phi: message.phi === true,
    outboundMessageId: queued.id,
    communicationMethodId: message.communicationMethodId ?? null,
    externalId: message.headers?.['Message-ID'] ?? null,
    ...extras,
  });
  return { messageId: queued.id, ...recorded };
}

import { findOutboundSmsIdBySid } from '../../../adapters/outbound.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import * as records from '../communications/records.ts';
import { updateCommunicationStatus } from '../communications/service.ts';

// Twilio's delivery reports (StatusCallback, sent with every SMS when PUBLIC_URL is reachable): the message's
// record follows queued → sent → delivered | undelivered | failed (001 §3 SMS message status), with the
// carrier's error shown on the message when it was not delivered (001 §8).

export type SmsStatusReport = {
  messageSid: string;
  /** Twilio's MessageStatus: queued, accepted, scheduled, sending, sent, delivered, undelivered, failed, read… */
  messageStatus: string;
  errorCode?: string | null;
  errorMessage?: string | null;
};

/** Twilio's words for the errors a delivery report carries most often (its error dictionary). */
const TWILIO_ERRORS: Record<string, string> = {
  '21610': 'Attempt to send to unsubscribed recipient',
  '21614': "'To' number is not a valid mobile number",
  '30001': 'Queue overflow',
  '30002': 'Account suspended',
  '30003': 'Unreachable destination handset',
  '30004': 'Message blocked',
  '30005': 'Unknown destination handset',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Message filtered',
  '30008': 'Unknown error',
  '30009': 'Missing segment',
  '30010': 'Message price exceeds max price',
  '30034': 'Message from an unregistered number',
};

/** Our status for Twilio's, or null for one that says nothing new (receiving, received…). */
function statusOf(twilio: string): string | null {
  switch (twilio.toLowerCase()) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
      return 'queued';
    case 'sending':
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}

/** How far along a status is: reports can arrive out of order, and a later one never moves a record back. */
const STAGE: Record<string, number> = { queued: 0, sent: 1, delivered: 2, undelivered: 2, failed: 2 };

/** 'Twilio error 30003: Unreachable destination handset'. */
export function twilioErrorText(code: string | null | undefined, message: string | null | undefined) {
  const c = code?.trim();
  const m = message?.trim() || (c ? TWILIO_ERRORS[c] : undefined);
  if (c) return `Twilio error ${c}${m ? `: ${m}` : ''}`;
  return m || null;
}

/**
 * POST /api/webhooks/twilio/sms/status. Finds the record by Twilio's sid (or by the outbox message that got the
 * sid, when the report comes before the record learned it); an unknown sid changes nothing. Returns whether a
 * record was updated.
 */
export async function reportSmsStatus(ctx: ServiceContext, report: SmsStatusReport): Promise<boolean> {
  const sid = report.messageSid.trim();
  const next = statusOf(report.messageStatus);
  if (!sid || !next) return false;
  let record = await records.findByExternalId(ctx, { externalId: sid, channel: 'sms' });
  if (record?.direction !== 'outbound') {
    const messageId = await findOutboundSmsIdBySid(ctx.db, sid);
    record = messageId === null ? null : await records.findByOutboundMessage(ctx, { messageId });
  }
  if (record?.direction !== 'outbound') return false;
  const id = record.id;

  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const current = await records.lockCommunication(txCtx, { id });
    if (!current) return false;
    const known = STAGE[current.status] ?? 0;
    if (STAGE[next]! < known || (current.status === next && current.externalId === sid)) return false;
    const now = new Date();
    const failed = next === 'undelivered' || next === 'failed';
    await updateCommunicationStatus(txCtx, {
      id,
      patch: {
        status: next,
        externalId: sid,
        ...(next !== 'queued' && !current.sentAt ? { sentAt: now } : {}),
        ...(next === 'delivered' ? { deliveredAt: now, errorMessage: null } : {}),
        ...(failed
          ? {
              errorMessage:
                twilioErrorText(report.errorCode, report.errorMessage) ??
                `Twilio reported the message ${report.messageStatus.toLowerCase()}`,
            }
          : {}),
      },
    });
    return true;
  });
}

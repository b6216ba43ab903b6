import { SMS_INTENTS, type SmsIntent, type SmsMessage, smsSegments } from '@trust/domain';
import type { AppDeps } from '../../../platform/deps.ts';
import { openBody } from '../communications/body.ts';
import type { CommunicationRow } from '../communications/records.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function intentOf(value: string | null): SmsIntent | null {
  return value !== null && (SMS_INTENTS as readonly string[]).includes(value) ? (value as SmsIntent) : null;
}

/**
 * 001 §3 SMS message from a communication record. The body is opened here (the caller audits the read); a body
 * that no longer opens reads as empty rather than failing the thread.
 */
export function toSmsMessage(deps: AppDeps, row: CommunicationRow, senderName: string | null): SmsMessage {
  const body = openBody(deps, row.bodyText, row.phi) ?? '';
  const outbound = row.direction === 'outbound';
  return {
    id: row.id,
    conversation_id: row.conversationId,
    referral_id: row.referralId,
    provider_id: row.providerId,
    message_sid: row.externalId,
    from_phone: row.fromAddress,
    to_phone: row.toAddress,
    message_body: body,
    direction: outbound ? 'outbound' : 'inbound',
    status: row.status,
    num_segments: row.numSegments ?? smsSegments(body),
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    delivered_at: iso(row.deliveredAt),
    read_at: iso(row.readAt),
    intent: outbound ? null : intentOf(row.intent),
    error_message: row.errorMessage,
    // An inbound message's user is whoever read it first, not a sender.
    sent_by_name: outbound ? senderName : null,
  };
}

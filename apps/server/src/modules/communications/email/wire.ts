import type { Email } from '@trust/domain';
import type { AppDeps } from '../../../platform/deps.ts';
import { openBody } from '../communications/body.ts';
import { attachmentUrl } from '../communications/lists.ts';
import type { AttachmentRow, CommunicationRow } from '../communications/records.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** 001 §3 Email: one record as the email panel shows it, its body opened (the caller audits the read). */
export function toEmailWire(
  deps: AppDeps,
  row: CommunicationRow,
  senderName: string | null,
  attachments: readonly AttachmentRow[],
): Email {
  const files = attachments
    .filter((a) => a.communicationId === row.id)
    .map((a) => ({
      id: a.id,
      filename: a.filename,
      size: a.size,
      content_type: a.contentType,
      url: attachmentUrl(row.id, a.id),
    }));
  return {
    id: row.id,
    conversation_id: row.conversationId,
    referral_id: row.referralId,
    provider_id: row.providerId,
    direction: row.direction === 'inbound' ? 'inbound' : 'outbound',
    subject: row.subject ?? '',
    body_html: openBody(deps, row.bodyHtml, row.phi),
    body_text: openBody(deps, row.bodyText, row.phi) ?? '',
    status: row.status,
    to_email: row.toAddress ?? '',
    from_email: row.fromAddress ?? '',
    cc_emails: row.ccAddresses,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    opened_at: iso(row.openedAt),
    clicked_at: iso(row.clickedAt),
    has_attachments: files.length > 0,
    attachments_count: files.length,
    attachments: files,
    error_message: row.errorMessage,
    is_acceptance_email: row.isAcceptanceEmail,
    // An inbound record's user is whoever read it first, not its author.
    sent_by_name: row.direction === 'outbound' ? senderName : null,
  };
}

import {
  messagePreview,
  type ReferralMessage,
  type ReferralMessageList,
  type ReferralMessagesQuery,
  type ReferralScreenshotList,
  type ReferralScreenshotsQuery,
  type WebFormStatus,
  type WebFormSubmission,
} from '@trust/domain';
import { auditPhiRead } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { findVisibleReferral } from './access.ts';
import {
  type MessageRow,
  messagesOfReferral,
  type SubmissionRow,
  submissionsOfReferral,
} from './communications-repo.ts';

// The Communications tab of the case workspace (000 §2.7): every message the product sent about a referral,
// and the provider web-form submissions made for it (000 §7 screenshots). Both are read by whoever sees the
// referral (its organization, or the matched provider's), and both reads are audited: the messages name the
// member and their phone, the screenshots show the member's details typed into a provider's form.

function toMessageWire(row: MessageRow): ReferralMessage {
  return {
    id: row.id,
    channel: row.channel,
    category: row.category,
    to: row.to,
    subject: row.subject,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    last_error: row.lastError,
    preview: row.phi || row.previewSource === null ? null : messagePreview(row.previewSource),
    phi: row.phi,
  };
}

/** GET /api/referrals/{id}/messages: what the product sent about the referral, newest first, one page. */
export async function listReferralMessages(
  ctx: OrgContext,
  input: ReferralMessagesQuery & { id: number },
): Promise<ReferralMessageList> {
  const { id, ...query } = input;
  await findVisibleReferral(ctx, { id });
  const db = ctx.db;
  const { rows, total } = await messagesOfReferral(
    db,
    id,
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  await auditPhiRead(db, ctx, {
    action: 'outbound_message.list_read',
    entityType: 'outbound_message',
    ids: rows.map((r) => r.id),
    details: { referral_id: id },
  });
  return { messages: rows.map(toMessageWire), total, page: query.page, page_size: query.page_size };
}

function toSubmissionWire(row: SubmissionRow): WebFormSubmission {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    // Written only by the web-form job (modules/communications/web-forms), always one of WEB_FORM_STATUSES.
    status: row.status as WebFormStatus,
    fields_filled: row.fieldsFilled,
    screenshot_before: row.screenshotBefore,
    screenshot_after: row.screenshotAfter,
    submission_success: row.submissionSuccess,
    form_submitted: row.formSubmitted,
    page_url: row.pageUrl,
    page_title: row.pageTitle,
    message: row.message,
    error: row.error,
  };
}

/** GET /api/referrals/{id}/screenshots (000 §7): the referral's web-form submission records, newest first. */
export async function listReferralScreenshots(
  ctx: OrgContext,
  input: ReferralScreenshotsQuery & { id: number },
): Promise<ReferralScreenshotList> {
  const { id, ...query } = input;
  await findVisibleReferral(ctx, { id });
  const db = ctx.db;
  const { rows, total } = await submissionsOfReferral(
    db,
    id,
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  await auditPhiRead(db, ctx, {
    action: 'web_form_submission.list_read',
    entityType: 'web_form_submission',
    ids: rows.map((r) => r.id),
    details: { referral_id: id },
  });
  return {
    screenshots: rows.map(toSubmissionWire),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

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
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { outboundMessages, webFormSubmissions } from '../../../db/schema/index.ts';
import { auditPhiRead } from '../../../platform/audit.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { type Actor, findVisibleReferral } from './service.ts';

// The Communications tab of the case workspace (000 §2.7): every message the product sent about a referral,
// and the provider web-form submissions made for it (000 §7 screenshots). Both are read by whoever sees the
// referral (its organization, or the matched provider's), and both reads are audited: the messages name the
// member and their phone, the screenshots show the member's details typed into a provider's form.

/**
 * Enough of a body to build an 80-character preview after white space is collapsed, without reading long
 * email bodies in full.
 */
const PREVIEW_SOURCE_CHARS = 1000;

/**
 * Newest first; the id breaks ties between messages queued in the same transaction. `providerId` narrows to
 * what was sent to one provider (referral-sending's GET /api/referral-communications).
 */
export async function messagesOfReferral(
  db: DbOrTx,
  referralId: number,
  limit: number,
  offset: number,
  providerId?: number,
) {
  // `referral_id = $1` implies `referral_id is not null`, so outbound_messages_referral_idx serves both
  // queries; the explicit predicate makes that plain to any planner.
  const where = and(
    eq(outboundMessages.referralId, referralId),
    isNotNull(outboundMessages.referralId),
    providerId === undefined ? undefined : eq(outboundMessages.providerId, providerId),
  );
  const rows = await db
    .select({
      id: outboundMessages.id,
      channel: outboundMessages.channel,
      category: outboundMessages.category,
      to: outboundMessages.toAddress,
      subject: outboundMessages.subject,
      status: outboundMessages.status,
      createdAt: outboundMessages.createdAt,
      sentAt: outboundMessages.sentAt,
      lastError: outboundMessages.lastError,
      phi: outboundMessages.phi,
      providerId: outboundMessages.providerId,
      communicationMethodId: outboundMessages.communicationMethodId,
      // A PHI body (the provider's details email) is sealed at rest and never leaves the server again: it is
      // not even read here.
      previewSource: sql<
        string | null
      >`case when ${outboundMessages.phi} then null else left(${outboundMessages.bodyText}, ${PREVIEW_SOURCE_CHARS}) end`,
    })
    .from(outboundMessages)
    .where(where)
    .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await db.select({ total: count() }).from(outboundMessages).where(where);
  return { rows, total: Number(totals?.total ?? 0) };
}

type MessageRow = Awaited<ReturnType<typeof messagesOfReferral>>['rows'][number];

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
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
  query: ReferralMessagesQuery,
): Promise<ReferralMessageList> {
  await findVisibleReferral(deps, actor, id);
  const db = deps.database.db;
  const { rows, total } = await messagesOfReferral(
    db,
    id,
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  await auditPhiRead(db, request, {
    action: 'outbound_message.list_read',
    entityType: 'outbound_message',
    ids: rows.map((r) => r.id),
    details: { referral_id: id },
  });
  return { messages: rows.map(toMessageWire), total, page: query.page, page_size: query.page_size };
}

type SubmissionRow = typeof webFormSubmissions.$inferSelect;

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
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
  query: ReferralScreenshotsQuery,
): Promise<ReferralScreenshotList> {
  await findVisibleReferral(deps, actor, id);
  const db = deps.database.db;
  const where = eq(webFormSubmissions.referralId, id);
  const rows = await db
    .select()
    .from(webFormSubmissions)
    .where(where)
    .orderBy(desc(webFormSubmissions.createdAt), desc(webFormSubmissions.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [totals] = await db.select({ total: count() }).from(webFormSubmissions).where(where);
  await auditPhiRead(db, request, {
    action: 'web_form_submission.list_read',
    entityType: 'web_form_submission',
    ids: rows.map((r) => r.id),
    details: { referral_id: id },
  });
  return {
    screenshots: rows.map(toSubmissionWire),
    total: Number(totals?.total ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

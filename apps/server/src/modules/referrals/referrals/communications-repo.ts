import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { outboundMessages, webFormSubmissions } from '../../../db/schema/index.ts';

// The Communications tab's reads of the outbox and of the web-form submissions (declared in module.ts `reads`):
// what was sent about a referral, and the provider forms filled for it.

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

export type MessageRow = Awaited<ReturnType<typeof messagesOfReferral>>['rows'][number];
export type SubmissionRow = typeof webFormSubmissions.$inferSelect;

/** The referral's web-form submission records, newest first, one page, with their total. */
export async function submissionsOfReferral(db: DbOrTx, referralId: number, limit: number, offset: number) {
  const where = eq(webFormSubmissions.referralId, referralId);
  const rows = await db
    .select()
    .from(webFormSubmissions)
    .where(where)
    .orderBy(desc(webFormSubmissions.createdAt), desc(webFormSubmissions.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await db.select({ total: count() }).from(webFormSubmissions).where(where);
  return { rows, total: Number(totals?.total ?? 0) };
}

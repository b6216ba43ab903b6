import {
  CLAIM_MATCH_METHOD,
  FEED_MESSAGES,
  type FeedCard,
  type FeedList,
  type FeedQuery,
  feedCardAt,
  feedDetailFor,
  maskFeedCard,
  REFERRAL_MESSAGES,
  type Referral,
} from '@trust/domain';
import { auditPhiRead } from '../../../platform/audit.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import {
  inTransaction,
  type OrgContext,
  type ServiceContext,
  type UserContext,
} from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { countsCacheOf } from './counts-cache.ts';
import { isAwaitingProvider, isOpen, toFeedCard } from './feed-cards.ts';
import * as feedRepo from './feed-repo.ts';
import { matchToProvider } from './lifecycle.ts';
import * as repo from './repo.ts';
import { toReferralWire } from './wire.ts';

const PENDING_COUNT_KEY = 'live-feed:pending';

/**
 * Who reads the feed in full: a signed-in user whose consents are signed. A session still waiting for its
 * consent signatures (003 §4.2) has not agreed to the HIPAA authorization, so it reads the masked feed.
 */
function fullReader(ctx: ServiceContext): AuthContext | null {
  const auth = ctx.actor.kind === 'user' ? ctx.actor : null;
  return auth && !auth.consentRequired ? auth : null;
}

/**
 * Every Pending referral, counted once per change of any referral: the count reads the whole partial index, the
 * history version one index entry (counts-cache.ts explains why the cached value is exact).
 */
async function pendingTotal(ctx: ServiceContext): Promise<number> {
  const db = ctx.db;
  const cache = countsCacheOf(ctx.deps);
  const version = await repo.historyVersion(db);
  const counts = await cache.load(PENDING_COUNT_KEY, version, async () => [
    { status: 'pending', count: await feedRepo.countPending(db) },
  ]);
  return counts[0]?.count ?? 0;
}

/** The directory providers the organization acts for; the first is the one a claim matches to. */
async function providersOf(ctx: ServiceContext, orgId: number | null | undefined): Promise<number[]> {
  return orgId ? repo.providerIdsOfOrganization(ctx.db, orgId) : [];
}

/**
 * A card at the level of the active organization (issue #12 minimum necessary): full when it created the
 * referral or its provider is the matched one, the claim card otherwise.
 */
function cardFor(row: feedRepo.FeedRow, orgId: number | null, today: Date): FeedCard {
  const detail = feedDetailFor(
    { signed_in: true, org_id: orgId },
    { referring_org_id: row.organizationId, matched_org_id: row.matchedOrganizationId },
  );
  return feedCardAt(toFeedCard(row, row.referredBy, today), detail);
}

/**
 * GET /api/live-feed (000 §2.6, §4.3). Signed out: every organization's Pending referrals, newest first,
 * masked here on the server. Signed in: first the referrals awaiting the answer of a provider the active
 * organization acts for (it can accept them from the feed), then the Pending ones, both without the user's
 * passes; in full where the active organization referred the member or is the matched provider's, as claim
 * cards elsewhere. Each page that showed full cards is audited with their ids.
 */
export async function listLiveFeed(ctx: ServiceContext, query: FeedQuery): Promise<FeedList> {
  const db = ctx.db;
  const reader = fullReader(ctx);
  const offset = (query.page - 1) * query.page_size;
  const paging = { page: query.page, page_size: query.page_size };

  if (!reader) {
    const [rows, pending] = await Promise.all([
      feedRepo.listPendingPage(db, null, query.page_size, offset),
      pendingTotal(ctx),
    ]);
    return {
      referrals: rows.map((r) => maskFeedCard(toFeedCard(r, r.referredBy))),
      pending_count: pending,
      total: pending,
      ...paging,
      viewer: { signed_in: false, provider_id: null, organization_id: null },
    };
  }

  const userId = reader.user.id;
  const orgId = reader.org?.id ?? null;
  const providerIds = await providersOf(ctx, orgId);
  const [awaitingCount, pending, passed] = await Promise.all([
    feedRepo.countAwaiting(db, providerIds, userId),
    pendingTotal(ctx),
    feedRepo.countPassedPending(db, userId),
  ]);
  const pendingCount = Math.max(0, pending - passed);

  // The awaiting cards come first across pages: a page takes what is left of them, then Pending ones.
  const awaiting =
    offset < awaitingCount
      ? await feedRepo.listAwaitingPage(db, providerIds, userId, query.page_size, offset)
      : [];
  const open = await feedRepo.listPendingPage(
    db,
    userId,
    query.page_size - awaiting.length,
    Math.max(0, offset - awaitingCount),
  );
  const today = new Date();
  const cards = [...awaiting, ...open].map((r) => cardFor(r, orgId, today));

  // PHI read (DESIGN.md): who saw which referrals in full, one row per page (none when it showed none).
  await auditPhiRead(db, ctx, {
    action: 'referral.feed_read',
    entityType: 'referral',
    ids: cards.filter((c) => c.detail === 'full').map((c) => c.id),
    details: { page: query.page },
  });
  return {
    referrals: cards,
    pending_count: pendingCount,
    total: awaitingCount + pendingCount,
    ...paging,
    viewer: { signed_in: true, provider_id: providerIds[0] ?? null, organization_id: orgId },
  };
}

/**
 * POST /api/referrals/{id}/claim (000 §4.1, 003 §4.5): the active organization takes a Pending referral from the
 * feed for its directory provider. The referral becomes Matched to that provider (the lifecycle's match step,
 * the claimer acting as the provider), which then has 7 days to confirm (000 §9); the member hears of it by SMS;
 * it leaves every other feed at once. Of two organizations claiming at once exactly one wins: the row is locked,
 * and the second finds it no longer Pending.
 */
export async function claimReferral(ctx: OrgContext, input: { id: number }): Promise<Referral> {
  const { id } = input;
  const actor = ctx.actor;
  const [providerId] = await providersOf(ctx, actor.org.id);
  if (providerId === undefined) throw new AppError('feed.not_a_provider', FEED_MESSAGES.notAProvider);

  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const before = await repo.lockReferral(tx, id);
    if (!before) throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound);
    if (!isOpen(before)) throw new AppError('feed.already_taken', FEED_MESSAGES.alreadyTaken);
    const organizationName = await repo.organizationName(tx, actor.org.id);
    const details = {
      provider_id: providerId,
      provider_name: await repo.providerName(tx, providerId),
      organization_id: actor.org.id,
      organization_name: organizationName,
    };
    const after = await matchToProvider(txCtx, {
      before,
      providerId,
      matchMethod: CLAIM_MATCH_METHOD,
      actor: 'provider',
      actorUserId: actor.user.id,
      event: { type: 'claimed', details },
      // The claimer read a claim card until now; its answer is the full record (issue #12): this one row is both
      // the claim and that first full read of the referral by the claiming organization.
      audit: { action: 'referral.claimed', details: { ...details, full_record_read: true } },
    });
    return toReferralWire(after, after.organizationId === actor.org.id ? 'owner' : 'provider');
  });
}

/**
 * POST /api/referrals/{id}/pass (000 §4.3 "Pass hides the card"): hidden from this user's feed for good. Only a
 * card the user's feed holds can be passed: a Pending referral, or one awaiting the answer of the active
 * organization's provider; anything else is not found.
 */
export async function passReferral(ctx: UserContext, input: { id: number }): Promise<{ ok: true }> {
  const { id } = input;
  const auth = ctx.actor;
  const db = ctx.db;
  const record = await repo.findReferral(db, id);
  const inFeed =
    record !== undefined &&
    (isOpen(record) ||
      (isAwaitingProvider(record) &&
        auth.org !== null &&
        record.matchedProvider?.organizationId === auth.org.id));
  if (!inFeed) throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound);
  await feedRepo.insertPass(db, auth.user.id, id);
  return { ok: true };
}

import {
  AUTO_MATCH_RADIUS_MILES,
  AUTO_MATCH_TOP_N,
  type AutoMatchOverview,
  CHANGEABLE_MATCH_STATUSES,
  type DirectoryProvider,
  haversineMiles,
  MATCHING_MESSAGES,
  type ManualMatchRequest,
  type ManualMatchResponse,
  type MatchedProviderEntry,
  type MatchedProviderStatus,
  type MatchFeedbackRequest,
  type MatchingReferral,
  type MatchReferralResponse,
  normaliseReferralStatus,
  PROVIDER_MESSAGES,
  PROVIDER_VERIFICATION_MESSAGES,
  type ProviderSearchQuery,
  RECENT_MATCHES_COUNT,
  REFERRAL_MESSAGES,
  roundMiles,
  scoreMatch,
  servicesForNeeds,
  type UnpublishedReferrals,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { lookupZip } from '../../providers/directory/geography.ts';
import {
  getProvider,
  getProviders,
  listProviders,
  nearestProviders,
} from '../../providers/directory/service.ts';
import { sendReferralToProvider } from '../referral-sending/send-service.ts';
import { publishFeedChange } from '../referrals/feed-cards.ts';
import { matchPendingReferral } from '../referrals/feed-service.ts';
import { recordReferralEvent } from '../referrals/history.ts';
import { noticeMemberOfStatus } from '../referrals/member-notice.ts';
import * as referralsRepo from '../referrals/repo.ts';
import { type Actor, findOwnedReferral, findVisibleReferral } from '../referrals/service.ts';
import * as repo from './repo.ts';

/** One screen's list is bounded; the queue (000) pages through everything. */
const SCREEN_LIMIT = 100;
/** How many nearby providers the ranking scores before it keeps the best. */
const RANKING_POOL = 40;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toEntry(e: repo.EntryRow): MatchedProviderEntry {
  return {
    provider_id: e.providerId,
    provider_name: e.providerName,
    organization_name: e.providerName,
    distance_miles: e.distanceMiles === null ? null : roundMiles(e.distanceMiles),
    services: e.services,
    status: e.status as MatchedProviderStatus,
    sent_at: iso(e.sentAt),
    communication_method: e.communicationMethod,
    contact_value: e.contactValue,
    rank: e.rank,
  };
}

/** 001 §3: 'Auto-Matched' is what the screens call a referral the engine matched (stored Matched + auto). */
function statusLabel(r: repo.ReferralSummaryRow): string {
  if (r.status === 'matched' && r.matchMethod === repo.AUTO_METHOD && r.matchedProviderId === null) {
    return 'Auto-Matched';
  }
  return normaliseReferralStatus(r.status);
}

function toMatchingReferral(r: repo.ReferralSummaryRow, entries: repo.EntryRow[]): MatchingReferral {
  return {
    id: r.id,
    referral_number: r.referralNumber,
    member_name: [r.firstName, r.lastName].filter(Boolean).join(' '),
    medicaid_id: r.medicaidId ?? '',
    zip_code: r.zipCode,
    city: r.city,
    state: r.state,
    latitude: r.latitude,
    longitude: r.longitude,
    primary_diagnosis: r.primaryDiagnosis ?? '',
    sdoh_needs: r.sdohNeeds ?? [],
    urgency_level: r.urgencyLevel ?? '',
    preferred_language: r.preferredLanguage ?? '',
    status: r.status,
    status_label: statusLabel(r),
    use_matching_engine: r.useMatchingEngine ?? true,
    created_at: r.createdAt.toISOString(),
    matched_at: iso(r.matchedAt),
    auto_matched_at: iso(r.autoMatchedAt),
    match_method: r.matchMethod,
    matched_provider_id: r.matchedProviderId,
    matched_provider_name: r.matchedProviderName,
    matched_providers: entries.map(toEntry),
  };
}

async function withEntries(db: DbOrTx, rows: repo.ReferralSummaryRow[]): Promise<MatchingReferral[]> {
  const entries = await repo.listEntries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toMatchingReferral(
      r,
      entries.filter((e) => e.referralId === r.id),
    ),
  );
}

async function matchingReferral(db: DbOrTx, id: number): Promise<MatchingReferral> {
  const row = await repo.findSummary(db, id);
  if (!row) throw new AppError('not_found', REFERRAL_MESSAGES.notFound);
  const [one] = await withEntries(db, [row]);
  return one!;
}

/** The matched provider entries of one referral, by rank (for the workspace's Auto-Matched Providers card). */
export async function listMatchedProviders(
  deps: AppDeps,
  referralId: number,
): Promise<MatchedProviderEntry[]> {
  return (await repo.listEntries(deps.database.db, [referralId])).map(toEntry);
}

/** GET /api/referrals/{id}/matched-providers: for whoever may read the referral (owner or matched provider). */
export async function readMatchedProviders(deps: AppDeps, actor: Actor, referralId: number) {
  await findVisibleReferral(deps, actor, referralId);
  return listMatchedProviders(deps, referralId);
}

/**
 * The member's location: the stored point, else the ZIP's centroid (saved on the referral, so a referral
 * created before geocoding existed gets one the first time it is matched). Null when neither is known.
 */
async function memberLocation(db: DbOrTx, r: referralsRepo.ReferralRow) {
  if (r.latitude !== null && r.longitude !== null) return { latitude: r.latitude, longitude: r.longitude };
  const place = r.zipCode ? lookupZip(r.zipCode) : null;
  if (!place) return null;
  const point = { latitude: place.latitude, longitude: place.longitude };
  await repo.setLocation(db, r.id, point);
  return point;
}

function noLocation() {
  return new AppError('rule_broken', PROVIDER_MESSAGES.autoMatchNoLocation);
}

/**
 * The referrals a matching screen showed, with their members' names, Medicaid IDs and diagnoses: one audit row
 * naming them (issue #12).
 */
async function auditScreen(
  db: DbOrTx,
  request: FastifyRequest,
  screen: 'unpublished' | 'auto_match',
  referrals: readonly { id: number }[],
) {
  await auditPhiRead(db, request, {
    action: 'referral.list_read',
    entityType: 'referral',
    ids: referrals.map((r) => r.id),
    details: { screen },
  });
}

/** GET /api/matching/unpublished (001 §2.3): Pending manual referrals and the recently matched providers. */
export async function listUnpublished(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
): Promise<UnpublishedReferrals> {
  const db = deps.database.db;
  const rows = await repo.listUnpublished(db, actor.org.id, SCREEN_LIMIT);
  const recentIds = await repo.recentMatchedProviderIds(db, actor.org.id, RECENT_MATCHES_COUNT);
  // Issue #12: only providers the organization may still see (one matched before the rule stays out).
  const recent = await getProviders(deps, actor.org.id, recentIds);
  await auditScreen(db, request, 'unpublished', rows);
  return { referrals: await withEntries(db, rows), recent_providers: recent };
}

/** GET /api/matching/auto-match (001 §2.9): the screen's referrals and its Algorithm Status panel. */
export async function autoMatchOverview(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
): Promise<AutoMatchOverview> {
  const db = deps.database.db;
  const [rows, counts] = await Promise.all([
    repo.listAutoMatchQueue(db, actor.org.id, SCREEN_LIMIT),
    repo.autoMatchCounts(db, actor.org.id),
  ]);
  await auditScreen(db, request, 'auto_match', rows);
  return {
    referrals: await withEntries(db, rows),
    algorithm: {
      status: counts.pending > 0 ? 'Active' : 'Idle',
      last_run: iso(counts.lastRun),
      auto_matched_count: counts.autoMatched,
      pending_count: counts.pending,
    },
  };
}

/**
 * The referral a change acts on, locked for the transaction. Callers check ownership first (findOwnedReferral:
 * other organizations get 404), outside the transaction, as the referrals module does.
 */
async function lockOwned(tx: DbOrTx, id: number) {
  await repo.lockReferral(tx, id);
  const record = await referralsRepo.findReferral(tx, id);
  if (!record) throw new AppError('not_found', REFERRAL_MESSAGES.notFound);
  return record;
}

/**
 * POST /api/referrals/{id}/auto-match (001 §4): Pending → Auto-Matched with the 4 nearest providers within 50
 * miles that offer one of the referral's needs and are not full, each pending, nearest first.
 */
export async function autoMatchReferral(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
): Promise<{ matched_providers: MatchedProviderEntry[]; referral: MatchingReferral }> {
  await findOwnedReferral(deps, actor, id);
  return deps.database.db.transaction(async (tx) => {
    const before = await lockOwned(tx, id);
    if (before.status !== 'pending') throw new AppError('rule_broken', MATCHING_MESSAGES.notPending);
    const point = await memberLocation(tx, before);
    if (!point) throw noLocation();
    const found = await nearestProviders(tx, {
      // Issue #12: public and verified providers, and the referring organization's own private ones.
      viewer: before.organizationId,
      ...point,
      radiusMiles: AUTO_MATCH_RADIUS_MILES,
      limit: AUTO_MATCH_TOP_N,
      services: before.sdohNeeds.length ? servicesForNeeds(before.sdohNeeds) : undefined,
      excludeFull: true,
    });
    if (found.length === 0) throw new AppError('rule_broken', PROVIDER_MESSAGES.autoMatchNoProviders);
    const now = new Date();
    await repo.deleteEntries(tx, id);
    await repo.insertEntries(
      tx,
      found.map((f, i) => ({
        referralId: id,
        providerId: f.row.id,
        rank: i + 1,
        distanceMiles: f.distanceMiles,
        status: 'pending',
      })),
    );
    await repo.markAutoMatched(tx, id, now);
    const after = (await referralsRepo.findReferral(tx, id))!;
    const details = { method: 'auto', provider_ids: found.map((f) => f.row.id), count: found.length };
    await recordReferralEvent(deps, tx, {
      referral: after,
      type: 'auto_matched',
      actorUserId: actor.user.id,
      fromStatus: before.status,
      toStatus: after.status,
      details,
    });
    await audit(tx, request, {
      action: 'referral.auto_matched',
      entityType: 'referral',
      entityId: id,
      details,
    });
    await publishFeedChange(deps, tx, before, after);
    const referral = await matchingReferral(tx, id);
    return { matched_providers: referral.matched_providers, referral };
  });
}

/** The entry a Change or Remove acts on: the referral is auto-matched and the entry still pending or sent. */
async function changeableEntry(tx: DbOrTx, record: referralsRepo.ReferralRecord, providerId: number) {
  const autoMatched =
    record.status === 'matched' &&
    record.matchMethod === repo.AUTO_METHOD &&
    record.matchedProviderId === null;
  if (!autoMatched) throw new AppError('rule_broken', MATCHING_MESSAGES.notAutoMatched);
  const entries = await repo.listEntries(tx, [record.id]);
  const entry = entries.find((e) => e.providerId === providerId);
  if (!entry) throw new AppError('not_found', MATCHING_MESSAGES.entryNotFound);
  if (!(CHANGEABLE_MATCH_STATUSES as readonly string[]).includes(entry.status)) {
    throw new AppError('rule_broken', MATCHING_MESSAGES.entryLocked);
  }
  return { entry, entries };
}

/** PUT /api/referrals/{id}/matched-providers/{providerId} (001 §4 Change provider): a new pending entry replaces it. */
export async function changeMatchedProvider(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
  oldProviderId: number,
  newProviderId: number,
): Promise<{ referral: MatchingReferral; message: string }> {
  await findOwnedReferral(deps, actor, id);
  const next = await getProvider(deps, actor.org.id, newProviderId).catch(() => null);
  if (!next) {
    throw new AppError('not_found', MATCHING_MESSAGES.providerNotFound, {
      fields: { provider_id: MATCHING_MESSAGES.providerNotFound },
    });
  }
  return deps.database.db.transaction(async (tx) => {
    const record = await lockOwned(tx, id);
    const { entry, entries } = await changeableEntry(tx, record, oldProviderId);
    if (entries.some((e) => e.providerId === newProviderId)) {
      throw new AppError('conflict', MATCHING_MESSAGES.alreadyMatched, {
        fields: { provider_id: MATCHING_MESSAGES.alreadyMatched },
      });
    }
    const point = await memberLocation(tx, record);
    const distance =
      point && next.latitude !== null && next.longitude !== null
        ? haversineMiles(point.latitude, point.longitude, next.latitude, next.longitude)
        : null;
    await repo.deleteEntry(tx, id, oldProviderId);
    await repo.insertEntries(tx, [
      {
        referralId: id,
        providerId: newProviderId,
        rank: entry.rank,
        distanceMiles: distance,
        status: 'pending',
      },
    ]);
    const now = new Date();
    await repo.touchReferral(tx, id, now);
    const details = {
      from_provider_id: oldProviderId,
      from_provider_name: entry.providerName,
      to_provider_id: newProviderId,
      to_provider_name: next.organization_name,
    };
    await recordReferralEvent(deps, tx, {
      referral: record,
      type: 'match_changed',
      actorUserId: actor.user.id,
      details,
    });
    await audit(tx, request, {
      action: 'referral.match_changed',
      entityType: 'referral',
      entityId: id,
      details,
    });
    return { referral: await matchingReferral(tx, id), message: MATCHING_MESSAGES.providerReplaced };
  });
}

/**
 * DELETE /api/referrals/{id}/matched-providers/{providerId} (001 §4 Remove provider): the last one reverts the
 * referral to Pending with matched providers and auto_matched_at cleared.
 */
export async function removeMatchedProvider(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
  providerId: number,
): Promise<{ referral: MatchingReferral; message: string }> {
  await findOwnedReferral(deps, actor, id);
  return deps.database.db.transaction(async (tx) => {
    const before = await lockOwned(tx, id);
    const { entry, entries } = await changeableEntry(tx, before, providerId);
    await repo.deleteEntry(tx, id, providerId);
    const now = new Date();
    const last = entries.length === 1;
    if (last) await repo.revertToPending(tx, id, now);
    else await repo.touchReferral(tx, id, now);
    const after = (await referralsRepo.findReferral(tx, id))!;
    const details = { provider_id: providerId, provider_name: entry.providerName, reverted: last };
    await recordReferralEvent(deps, tx, {
      referral: after,
      type: 'match_removed',
      actorUserId: actor.user.id,
      ...(last ? { fromStatus: before.status, toStatus: after.status } : {}),
      details,
    });
    await audit(tx, request, {
      action: 'referral.match_removed',
      entityType: 'referral',
      entityId: id,
      details,
    });
    if (last) await publishFeedChange(deps, tx, before, after);
    return {
      referral: await matchingReferral(tx, id),
      message: last ? PROVIDER_MESSAGES.autoMatchCanceled : MATCHING_MESSAGES.providerRemoved,
    };
  });
}

/**
 * PUT /api/referrals/{id}/match (001 §4, §7): a coordinator matches a Pending referral to one provider. It
 * becomes Matched (manual) with the 7-day response window of every match, the member is told by SMS, and the
 * provider entry records the chosen method.
 */
export async function manualMatch(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
  input: ManualMatchRequest,
): Promise<ManualMatchResponse> {
  await findOwnedReferral(deps, actor, id);
  // Issue #12: another organization's private provider is as unknown as a missing one.
  const provider = await getProvider(deps, actor.org.id, input.provider_id).catch(() => null);
  if (!provider) {
    throw new AppError('not_found', MATCHING_MESSAGES.providerNotFound, {
      fields: { provider_id: MATCHING_MESSAGES.providerNotFound },
    });
  }
  // Its web form would be opened right after the match: refused before anything changes, for a provider
  // still awaiting verification (the organization may phone or email it).
  if (input.communication_method === 'web_form' && provider.verification_status !== 'verified') {
    throw new AppError('rule_broken', PROVIDER_VERIFICATION_MESSAGES.webFormUnverified, {
      fields: { communication_method: PROVIDER_VERIFICATION_MESSAGES.webFormUnverified },
    });
  }
  return deps.database.db.transaction(async (tx) => {
    const before = await lockOwned(tx, id);
    if (before.status !== 'pending') throw new AppError('rule_broken', MATCHING_MESSAGES.notPending);
    const matched = await matchPendingReferral(tx, id, provider.id, repo.MANUAL_METHOD);
    if (!matched) throw new AppError('rule_broken', MATCHING_MESSAGES.notPending);
    const point = await memberLocation(tx, before);
    const distance =
      point && provider.latitude !== null && provider.longitude !== null
        ? haversineMiles(point.latitude, point.longitude, provider.latitude, provider.longitude)
        : null;
    await repo.deleteEntries(tx, id);
    await repo.insertEntries(tx, [
      {
        referralId: id,
        providerId: provider.id,
        rank: 1,
        distanceMiles: distance,
        status: 'pending',
        communicationMethod: input.communication_method,
        communicationMethodId: input.communication_method_id ?? null,
        contactValue: input.contact_value ?? null,
      },
    ]);
    const after = (await referralsRepo.findReferral(tx, id))!;
    const details = {
      method: 'manual',
      provider_id: provider.id,
      provider_name: provider.organization_name,
      communication_method: input.communication_method,
    };
    await recordReferralEvent(deps, tx, {
      referral: after,
      type: 'matched',
      actorUserId: actor.user.id,
      fromStatus: before.status,
      toStatus: after.status,
      details,
    });
    await audit(tx, request, { action: 'referral.matched', entityType: 'referral', entityId: id, details });
    await noticeMemberOfStatus(deps, tx, after, actor.user.id);
    await publishFeedChange(deps, tx, before, after);
    // 001 §7: the match sends the referral through the chosen method, in this transaction, so a send the
    // sender refuses (no such contact, a channel without a driver) leaves the referral Pending. Web forms are
    // submitted by the web-form job after the match (001 §7 "failure is non-critical"), so not here.
    const sent =
      input.communication_method === 'web_form'
        ? null
        : await sendReferralToProvider(
            deps,
            actor,
            {
              referralId: id,
              providerId: provider.id,
              methodType: input.communication_method,
              communicationMethodId: input.communication_method_id ?? null,
              contactValue: input.contact_value ?? null,
              messageContent: input.message_content ?? null,
            },
            tx,
          );
    return {
      referral: await matchingReferral(tx, id),
      provider_id: provider.id,
      provider_name: provider.organization_name,
      provider_organization: provider.organization_name,
      communication_method: input.communication_method,
      send_status: sent?.status ?? 'not_sent',
      contact_value: sent?.contactValue ?? input.contact_value ?? null,
      message_id: sent?.messageId === null || sent === null ? null : String(sent.messageId),
      web_form_submitted: false,
    };
  });
}

/**
 * POST /match_referral (001 §2.3 AI match results): the providers within 50 miles that serve a need, scored
 * by scoreMatch (distance, services, language, capacity, data quality, past acceptance), best first, each with
 * its reasons and the organization's latest feedback on it.
 */
export async function rankMatches(
  deps: AppDeps,
  actor: Actor,
  input: { referral_id: number; limit: number },
): Promise<MatchReferralResponse> {
  const db = deps.database.db;
  const { record } = await findOwnedReferral(deps, actor, input.referral_id);
  const point = await memberLocation(db, record);
  if (!point) throw noLocation();
  const found = await nearestProviders(db, {
    viewer: record.organizationId,
    ...point,
    radiusMiles: AUTO_MATCH_RADIUS_MILES,
    limit: RANKING_POOL,
    services: record.sdohNeeds.length ? servicesForNeeds(record.sdohNeeds) : undefined,
  });
  const acceptance = await repo.acceptanceOf(
    db,
    found.map((f) => f.row.id),
  );
  const feedback = await repo.latestFeedback(db, record.id, actor.org.id);
  const scored = found.map((f) => ({
    f,
    ...scoreMatch(
      { needs: record.sdohNeeds, language: record.preferredLanguage },
      {
        distanceMiles: f.distanceMiles,
        services: f.row.services,
        languages: f.row.languages,
        capacityStatus: f.row.capacityStatus,
        capacityWaitDays: f.row.capacityWaitDays,
        dataQualityScore: f.row.dataQualityScore,
        acceptance: acceptance.get(f.row.id) ?? { accepted: 0, total: 0 },
      },
    ),
  }));
  // Best score first; among equals the nearer (the list came nearest first and the sort is stable).
  scored.sort((a, b) => b.score - a.score);
  return {
    referral_id: record.id,
    matches: scored.slice(0, input.limit).map((s, i) => {
      const fb = feedback.get(s.f.row.id);
      return {
        rank: i + 1,
        name: s.f.row.name,
        cbo_id: s.f.row.id,
        score: s.score,
        organization_type: s.f.row.organizationType,
        distance_miles: roundMiles(s.f.distanceMiles),
        services: s.f.row.services,
        reasons: s.reasons,
        feedback: fb
          ? {
              status: fb.status as 'accepted' | 'rejected' | 'completed' | 'failed',
              notes: fb.notes,
              created_at: fb.createdAt.toISOString(),
            }
          : null,
      };
    }),
  };
}

/** POST /feedback (001 §3 Match feedback): stored, and counted in the provider's acceptance rate from now on. */
export async function submitMatchFeedback(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  input: MatchFeedbackRequest,
): Promise<{ success: true; message: string }> {
  await findVisibleReferral(deps, actor, input.referral_id);
  const provider = await getProvider(deps, actor.org.id, input.cbo_id).catch(() => null);
  if (!provider) {
    throw new AppError('not_found', MATCHING_MESSAGES.providerNotFound, {
      fields: { cbo_id: MATCHING_MESSAGES.providerNotFound },
    });
  }
  await deps.database.db.transaction(async (tx) => {
    const row = await repo.insertFeedback(tx, {
      referralId: input.referral_id,
      providerId: provider.id,
      organizationId: actor.org.id,
      userId: actor.user.id,
      status: input.status,
      notes: input.notes ?? null,
    });
    await audit(tx, request, {
      action: 'match.feedback',
      entityType: 'referral',
      entityId: input.referral_id,
      details: { feedback_id: row.id, provider_id: provider.id, status: input.status },
    });
  });
  return { success: true, message: MATCHING_MESSAGES.feedbackRecorded };
}

/**
 * GET /api/providers/search (001 §2.7): by name, city or ZIP anywhere (the directory's GET /api/providers
 * limits a text search to a radius), with the distance from the member when the caller gives the point.
 */
export async function searchProviders(
  deps: AppDeps,
  actor: Actor,
  q: ProviderSearchQuery,
): Promise<{ providers: DirectoryProvider[]; count: number }> {
  const found = await listProviders(deps, actor.org.id, {
    q: q.q || undefined,
    limit: q.limit,
    radius_miles: AUTO_MATCH_RADIUS_MILES,
    services: [],
    languages: [],
    accepts_medicaid: undefined,
    accepts_medicare: undefined,
  });
  const from = q.latitude !== undefined && q.longitude !== undefined ? q : null;
  const list = found.providers.map((p) => ({
    ...p,
    distance_miles:
      from && p.latitude !== null && p.longitude !== null
        ? roundMiles(haversineMiles(from.latitude!, from.longitude!, p.latitude, p.longitude))
        : null,
  }));
  return { providers: list, count: list.length };
}

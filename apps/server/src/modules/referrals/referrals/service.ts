import { randomInt } from 'node:crypto';
import {
  CLIENT_URGENCIES,
  REFERRAL_MESSAGES,
  REFERRAL_STATUSES,
  type Referral,
  type ReferralContact,
  type ReferralCounts,
  type ReferralCreate,
  type ReferralEvent,
  type ReferralList,
  type ReferralListQuery,
  type ReferralStatusChange,
  type ReferralUpdate,
  urgencyToServer,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import type { ActiveOrg, AuthContext } from '../../../platform/auth.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { lookupZip } from '../../providers/directory/geography.ts';
import { removeReferralDocuments } from '../documents/service.ts';
import { sentProviderOfOrganization } from '../referral-sending/first-accept.ts';
import { countsCacheOf } from './counts-cache.ts';
import { publishFeedChange } from './feed-cards.ts';
import { recordReferralEvent } from './history.ts';
import { noticeMemberOfStatus } from './member-notice.ts';
import { eventVisibleTo } from './note-events.ts';
import * as repo from './repo.ts';
import { toReferralWire } from './wire.ts';

export type Actor = AuthContext & { org: ActiveOrg };

/** Statuses counted as "Assigned" in the queue (000 §4.1). */
const ASSIGNED = ['matched', 'authorized', 'in_progress', 'completed'] as const;

/** The §3.3 payload as table columns. */
function toColumns(input: ReferralUpdate) {
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    phoneNumber: input.phone_number,
    email: input.email,
    dateOfBirth: input.date_of_birth,
    zipCode: input.zip_code,
    preferredLanguage: input.preferred_language,
    streetAddress: input.street_address,
    city: input.city,
    state: input.state,
    country: input.country,
    medicaidId: input.medicaid_id,
    healthPlan: input.health_plan,
    planType: input.plan_type,
    providerName: input.provider_name,
    npiNumber: input.npi_number,
    organization: input.organization,
    providerPhoneNumber: input.provider_phone_number,
    primaryDiagnosis: input.primary_diagnosis,
    riskScore: input.risk_score,
    availability: input.availability,
    urgencyLevel: input.urgency_level,
    additionalNotes: input.additional_notes,
    sdohNeeds: input.sdoh_needs,
    housingSubcategories: input.housing_subcategories,
    transportationSubcategories: input.transportation_subcategories,
    priorAuthorizationRequired: input.prior_authorization_required,
    memberConsentObtained: input.member_consent_obtained,
    hipaaCompliant: input.hipaa_compliant,
    useMatchingEngine: input.use_matching_engine,
  } satisfies Partial<repo.ReferralInsert>;
}

/**
 * 001 §4 auto-match measures from the member's location: the centroid of the referral's ZIP code (offline table,
 * so saving never waits on a network service). An unknown ZIP leaves no location, and auto-match says so.
 */
function locationOf(zipCode: string | null | undefined) {
  const place = zipCode ? lookupZip(zipCode) : null;
  return { latitude: place?.latitude ?? null, longitude: place?.longitude ?? null };
}

/** Queue urgency filter: a client level maps to its server value (000 §3.2), a server value stays. */
function urgencyFilter(urgency: ReferralListQuery['urgency']): string[] | null {
  if (urgency === 'all') return null;
  if ((CLIENT_URGENCIES as readonly string[]).includes(urgency)) return [urgencyToServer(urgency)];
  return [urgency];
}

/** How the active organization relates to a referral, or null when it may not see it at all. */
function viewerRoleOf(record: repo.ReferralRecord, orgId: number): Referral['viewer_role'] | null {
  if (record.organizationId === orgId) return 'owner';
  if (record.matchedProvider?.organizationId === orgId) return 'provider';
  return null;
}

/** The counters of a queue view, from the per-process cache when nothing changed since (counts-cache.ts). */
async function cachedCounts(
  deps: AppDeps,
  orgId: number,
  providerIds: readonly number[],
  query: ReferralListQuery,
  urgencies: string[] | null,
) {
  const cache = countsCacheOf(deps);
  const { scope, search, method } = query;
  const key = JSON.stringify([orgId, providerIds, scope, search ?? '', urgencies, method]);
  const version = await repo.historyVersion(deps.database.db);
  const cached = cache.get(key, version);
  if (cached) return cached;
  const counts = await repo.countReferralsByStatus(deps.database.db, orgId, providerIds, query, urgencies);
  cache.set(key, version, counts);
  return counts;
}

/**
 * GET /api/referrals: the referrals the active organization created or received as the matched provider,
 * newest first, one page, with the queue counters and each member's referral count. The page is PHI: audited
 * with the ids it showed (issue #12), the search's words never (they are PHI too).
 */
export async function listReferrals(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  query: ReferralListQuery,
): Promise<ReferralList> {
  const db = deps.database.db;
  const orgId = actor.org.id;
  const providerIds = query.scope === 'created' ? [] : await repo.providerIdsOfOrganization(db, orgId);
  const urgencies = urgencyFilter(query.urgency);
  const [rows, counts] = await Promise.all([
    repo.listReferralPage(db, orgId, providerIds, query, urgencies),
    cachedCounts(deps, orgId, providerIds, query, urgencies),
  ]);
  const byStatus = Object.fromEntries(REFERRAL_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  let all = 0;
  for (const c of counts) {
    byStatus[c.status] = (byStatus[c.status] ?? 0) + c.count;
    all += c.count;
  }
  const tally = { all, assigned: ASSIGNED.reduce((n, s) => n + (byStatus[s] ?? 0), 0), ...byStatus };
  const memberIds = [
    ...new Set(rows.filter((r) => r.organizationId === orgId && r.memberId).map((r) => r.memberId!)),
  ];
  const perMember = await repo.countByMember(db, orgId, memberIds);
  await auditPhiRead(db, request, {
    action: 'referral.list_read',
    entityType: 'referral',
    ids: rows.map((r) => r.id),
    details: { page: query.page, status: query.status, scope: query.scope, searched: Boolean(query.search) },
  });
  return {
    referrals: rows.map((r) => toReferralWire(r, viewerRoleOf(r, orgId) ?? 'owner')),
    total: query.status === 'all' ? all : (byStatus[query.status] ?? 0),
    page: query.page,
    page_size: query.page_size,
    counts: tally as ReferralCounts,
    member_referral_counts: Object.fromEntries([...perMember].map(([id, n]) => [String(id), n])),
  };
}

/**
 * Who sees a referral: the organization that created it, and the organization of its matched provider (which
 * may read it and respond). Everyone else is told it does not exist. Other modules (notes, documents) call this
 * before they touch anything of a referral.
 */
export async function findVisibleReferral(
  deps: AppDeps,
  actor: Actor,
  id: number,
  options: { sentProviders?: boolean } = {},
) {
  const record = await repo.findReferral(deps.database.db, id);
  let viewerRole = record ? viewerRoleOf(record, actor.org.id) : null;
  // 001 §2.8: a referral sent to several providers has no matched provider until one accepts; each provider it
  // was sent to (and that has not answered) may read the referral itself, which it was sent, and answer it.
  // Only where the caller asks (the referral's details): its notes, documents and messages stay with the
  // owner and the matched provider.
  let sentTo: { id: number; name: string } | null = null;
  if (record && !viewerRole && options.sentProviders) {
    sentTo = await sentProviderOfOrganization(deps.database.db, id, actor.org.id);
    if (sentTo) viewerRole = 'provider';
  }
  if (!record || !viewerRole) throw new AppError('not_found', REFERRAL_MESSAGES.notFound);
  return { record, viewerRole, sentTo };
}

/** Changes of the referral itself belong to the creating organization; the provider's organization answers. */
export async function findOwnedReferral(deps: AppDeps, actor: Actor, id: number) {
  const found = await findVisibleReferral(deps, actor, id);
  if (found.viewerRole !== 'owner') throw new AppError('forbidden', REFERRAL_MESSAGES.onlyOwnerChanges);
  return found;
}

/** GET /api/referrals/{id}: the full record; every read is audited (PHI). */
export async function getReferral(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
): Promise<Referral> {
  const { record, viewerRole, sentTo } = await findVisibleReferral(deps, actor, id, { sentProviders: true });
  await audit(deps.database.db, request, { action: 'referral.read', entityType: 'referral', entityId: id });
  return toReferralWire(record, viewerRole, sentTo);
}

/** 000 §9: 10 digits; the first is never 0 so the number keeps its length in any system. */
export function randomReferralNumber(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

function isReferralNumberConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint;
  return code === '23505' && (constraint === undefined || constraint === 'referrals_number_uq');
}

const NUMBER_ATTEMPTS = 5;

/** POST /api/referrals: stored Pending for the active organization, linked to its member by Medicaid ID. */
export async function createReferral(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  input: ReferralCreate,
  nextNumber: () => string = randomReferralNumber,
): Promise<Referral> {
  const { status: _pending, ...fields } = input;
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.database.db.transaction(async (tx) => {
        // A taken number is rare (1 in 9·10⁹ per referral); check first, and the unique index settles races.
        let referralNumber = nextNumber();
        for (let i = 0; i < NUMBER_ATTEMPTS && (await repo.referralNumberTaken(tx, referralNumber)); i++) {
          referralNumber = nextNumber();
        }
        const memberId = await repo.linkMember(tx, actor.org.id, {
          medicaidId: fields.medicaid_id,
          firstName: fields.first_name,
          lastName: fields.last_name,
          email: fields.email,
          phoneNo: fields.phone_number,
          dob: fields.date_of_birth,
          language: fields.preferred_language,
        });
        const record = await repo.insertReferral(tx, {
          ...toColumns(fields),
          ...locationOf(fields.zip_code),
          referralNumber,
          organizationId: actor.org.id,
          createdBy: actor.user.id,
          memberId,
          status: 'pending',
        });
        await recordReferralEvent(deps, tx, {
          referral: record,
          type: 'created',
          actorUserId: actor.user.id,
          toStatus: record.status,
          details: { referral_number: record.referralNumber },
        });
        await audit(tx, request, {
          action: 'referral.created',
          entityType: 'referral',
          entityId: record.id,
          details: { referral_number: record.referralNumber },
        });
        await publishFeedChange(deps, tx, null, record);
        return toReferralWire(record, 'owner');
      });
    } catch (error) {
      if (attempt < NUMBER_ATTEMPTS && isReferralNumberConflict(error)) continue;
      throw error;
    }
  }
}

/** The names (never the values: PHI) of the fields an edit changed. */
function changedFields(before: repo.ReferralRecord, after: ReturnType<typeof toColumns>): string[] {
  const wire = toReferralWire(before, 'owner') as Record<string, unknown>;
  const next: Record<string, unknown> = {
    ...wire,
    ...Object.fromEntries(
      Object.entries(after).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
    ),
  };
  return Object.keys(next).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(wire[k]));
}

/**
 * An edit that changes nothing still answers the full record, so it is audited as the read it is (issue #12:
 * otherwise `PUT {status: <the same>}` would read any referral of the organization without a trace).
 */
async function readUnchanged(tx: DbOrTx, request: FastifyRequest, record: repo.ReferralRecord) {
  await audit(tx, request, { action: 'referral.read', entityType: 'referral', entityId: record.id });
  return toReferralWire(record, 'owner');
}

/** PUT /api/referrals/{id} with the edit payload (000 §2.1 edit mode: Medicaid ID locked, id and created_at kept). */
export async function updateReferral(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
  input: ReferralUpdate,
): Promise<Referral> {
  await findOwnedReferral(deps, actor, id);
  return deps.database.db.transaction(async (tx) => {
    const before = await repo.lockReferral(tx, id);
    if (!before) throw new AppError('not_found', REFERRAL_MESSAGES.notFound);
    if (input.medicaid_id !== before.medicaidId) {
      throw new AppError('rule_broken', REFERRAL_MESSAGES.medicaidIdLocked, {
        fields: { medicaid_id: REFERRAL_MESSAGES.medicaidIdLocked },
      });
    }
    const columns = toColumns(input);
    const fields = changedFields(before, columns);
    if (fields.length === 0) return readUnchanged(tx, request, before);
    const record = await repo.updateReferral(tx, id, {
      ...columns,
      ...locationOf(columns.zipCode),
      updatedAt: new Date(),
    });
    await recordReferralEvent(deps, tx, {
      referral: record,
      type: 'updated',
      actorUserId: actor.user.id,
      details: { fields },
    });
    await audit(tx, request, {
      action: 'referral.updated',
      entityType: 'referral',
      entityId: id,
      details: { fields },
    });
    await publishFeedChange(deps, tx, before, record);
    return toReferralWire(record, 'owner');
  });
}

/**
 * PUT /api/referrals/{id} with {status} (000 §4.1: any status, no ordering). A change to Matched or Authorized
 * sends the member an SMS (000 §2.3); the change, who made it and the SMS are on the timeline.
 */
export async function changeReferralStatus(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
  change: ReferralStatusChange,
): Promise<Referral> {
  await findOwnedReferral(deps, actor, id);
  return deps.database.db.transaction(async (tx) => {
    const before = await repo.lockReferral(tx, id);
    if (!before) throw new AppError('not_found', REFERRAL_MESSAGES.notFound);
    if (before.status === change.status) return readUnchanged(tx, request, before);
    const record = await repo.updateReferral(tx, id, { status: change.status, updatedAt: new Date() });
    await recordReferralEvent(deps, tx, {
      referral: record,
      type: 'status_changed',
      actorUserId: actor.user.id,
      fromStatus: before.status,
      toStatus: record.status,
    });
    await audit(tx, request, {
      action: 'referral.status_changed',
      entityType: 'referral',
      entityId: id,
      details: { from: before.status, to: record.status },
    });
    await noticeMemberOfStatus(deps, tx, record, actor.user.id);
    await publishFeedChange(deps, tx, before, record);
    return toReferralWire(record, 'owner');
  });
}

/** PUT /api/referrals/{id}/contact: the member's emergency contact (000 §2.7 Contacts tab). */
export async function updateReferralContact(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
  contact: ReferralContact,
): Promise<Referral> {
  await findOwnedReferral(deps, actor, id);
  return deps.database.db.transaction(async (tx) => {
    const before = await repo.lockReferral(tx, id);
    if (!before) throw new AppError('not_found', REFERRAL_MESSAGES.notFound);
    const unchanged =
      before.emergencyContactName === contact.emergency_contact_name &&
      before.emergencyContactPhone === contact.emergency_contact_phone;
    if (unchanged) return readUnchanged(tx, request, before);
    const record = await repo.updateReferral(tx, id, {
      emergencyContactName: contact.emergency_contact_name,
      emergencyContactPhone: contact.emergency_contact_phone,
      updatedAt: new Date(),
    });
    await recordReferralEvent(deps, tx, {
      referral: record,
      type: 'contact_updated',
      actorUserId: actor.user.id,
    });
    await audit(tx, request, { action: 'referral.contact_updated', entityType: 'referral', entityId: id });
    return toReferralWire(record, 'owner');
  });
}

/** DELETE /api/referrals/{id}: Pending referrals only (000 §2.3, issue #4 "Bad input and failure"). */
export async function deleteReferral(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
): Promise<{ message: string; id: number }> {
  await findOwnedReferral(deps, actor, id);
  return deps.database.db.transaction(async (tx) => {
    const record = await repo.lockReferral(tx, id);
    if (!record) throw new AppError('not_found', REFERRAL_MESSAGES.notFound);
    if (record.status !== 'pending') throw new AppError('conflict', REFERRAL_MESSAGES.onlyPendingDelete);
    // The event is written first and keeps the organization's record once the row is gone (referral_id → null).
    await recordReferralEvent(deps, tx, {
      referral: record,
      type: 'deleted',
      actorUserId: actor.user.id,
      fromStatus: record.status,
      details: { referral_id: id, referral_number: record.referralNumber },
    });
    await audit(tx, request, {
      action: 'referral.deleted',
      entityType: 'referral',
      entityId: id,
      details: { referral_number: record.referralNumber },
    });
    await publishFeedChange(deps, tx, record, null);
    await removeReferralDocuments(deps, tx, id, request.log);
    await repo.deletePendingReferral(tx, id);
    return { message: 'Referral deleted', id };
  });
}

/**
 * GET /api/referrals/{id}/events: the history, newest first, for whoever may read the referral. The timeline of
 * a member's referral is PHI (who handled it, answers, reasons): audited with the events it showed.
 */
export async function listReferralEvents(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
): Promise<{ events: ReferralEvent[] }> {
  const { record } = await findVisibleReferral(deps, actor, id);
  const viewer = { orgId: actor.org.id, referringOrgId: record.organizationId };
  const rows = (await repo.listEvents(deps.database.db, id)).filter((e) => eventVisibleTo(e, viewer));
  await auditPhiRead(deps.database.db, request, {
    action: 'referral_event.list_read',
    entityType: 'referral_event',
    ids: rows.map((e) => e.id),
    details: { referral_id: id },
  });
  return {
    events: rows.map((e) => ({
      id: e.id,
      referral_id: e.referralId,
      type: e.type,
      from_status: e.fromStatus,
      to_status: e.toStatus,
      actor_user_id: e.actorUserId,
      actor_name: e.actorName,
      details: e.details,
      at: e.at.toISOString(),
    })),
  };
}

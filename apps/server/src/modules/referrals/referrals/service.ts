import { randomInt } from 'node:crypto';
import {
  chosenUrgency,
  clientUrgenciesOf,
  isClientUrgency,
  type LifecycleActor,
  REFERRAL_MESSAGES,
  REFERRAL_STATUSES,
  type Referral,
  type ReferralContact,
  type ReferralCounts,
  type ReferralCreate,
  type ReferralEvent,
  type ReferralList,
  type ReferralListQuery,
  type ReferralStatus,
  type ReferralStatusChange,
  type ReferralUpdate,
  type ServerUrgency,
  statusChangeStep,
  type Transition,
} from '@trust/domain';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { linkMemberForReferral } from '../../care/members/referral-link.ts';
import { lookupZip } from '../../providers/directory/geography.ts';
import { linkConversationToReferral } from '../voice-conversations/service.ts';
import { findOwnedReferral, findVisibleReferral, viewerRoleOf } from './access.ts';
import { countsCacheOf } from './counts-cache.ts';
import { publishFeedChange } from './feed-cards.ts';
import { recordReferralEvent } from './history.ts';
import { refuseStep, takeStep } from './lifecycle.ts';
import { guardNewReferral } from './member-guard.ts';
import { eventVisibleTo } from './note-events.ts';
import { referralPort } from './ports.ts';
import * as repo from './repo.ts';
import { toReferralWire } from './wire.ts';

/** Statuses counted as "Assigned" in the queue (000 §4.1). */
const ASSIGNED = ['matched', 'authorized', 'in_progress', 'completed'] as const;

/**
 * The §3.3 payload as table columns. `storedUrgency` is the level the referral holds before an edit: an edit
 * sending only the server value it read keeps it (chosenUrgency, issue #14).
 */
function toColumns(input: ReferralUpdate, storedUrgency?: string) {
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
    urgency: chosenUrgency(input, storedUrgency),
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
 * so saving never waits on a network service). An unknown ZIP leaves no location, and auto-match says so. Its
 * county, too, for the service gaps by county (issue #20); nulls when unknown.
 */
export function locationOf(zipCode: string | null | undefined) {
  const place = zipCode ? lookupZip(zipCode) : null;
  return {
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    countyFips: place?.county_fips ?? null,
  };
}

/**
 * Queue urgency filter, on the stored (chosen) level (issue #14): a client level finds that level only (Within
 * 1 Week no longer finds Within 24h); a server value (000 §3.2) finds every level it stands for.
 */
function urgencyFilter(urgency: ReferralListQuery['urgency']): string[] | null {
  if (urgency === 'all') return null;
  if (isClientUrgency(urgency)) return [urgency];
  return clientUrgenciesOf(urgency as ServerUrgency);
}

/** The counters of a queue view, from the per-process cache when nothing changed since (counts-cache.ts). */
async function cachedCounts(
  ctx: OrgContext,
  version: number,
  orgId: number,
  providerIds: readonly number[],
  query: ReferralListQuery,
  urgencies: string[] | null,
) {
  // Issue #20: county_fips is also filled in by the county backfill job (county-backfill.ts) without a history
  // row, so the history version does not cover it: a county view (a Service Gaps link, rare) is counted afresh.
  if (query.county_fips) return repo.countReferralsByStatus(ctx.db, orgId, providerIds, query, urgencies);
  const cache = countsCacheOf(ctx.deps);
  const { scope, search, method, need, gap, from, to } = query;
  // Every filter but status and paging. The other issue #20 filters read columns that change only with a history
  // row (no_provider_at is set in the create transaction, which writes the 'created' row): the version covers them.
  const key = JSON.stringify([
    orgId,
    providerIds,
    scope,
    search ?? '',
    urgencies,
    method,
    need ?? null,
    gap ?? null,
    from ?? null,
    to ?? null,
  ]);
  return cache.load(key, version, () =>
    repo.countReferralsByStatus(ctx.db, orgId, providerIds, query, urgencies),
  );
}

/**
 * GET /api/referrals: the referrals the active organization created or received as the matched provider,
 * newest first, one page, with the queue counters and each member's referral count. The page is PHI: audited
 * with the ids it showed (issue #12), the search's words never (they are PHI too).
 */
export async function listReferrals(ctx: OrgContext, query: ReferralListQuery): Promise<ReferralList> {
  const db = ctx.db;
  const orgId = ctx.actor.org.id;
  const providerIds = query.scope === 'created' ? [] : await repo.providerIdsOfOrganization(db, orgId);
  const urgencies = urgencyFilter(query.urgency);
  const rows = await repo.listReferralPage(db, orgId, providerIds, query, urgencies);
  // The version came with the page (read in its snapshot, before any count); an empty page reads it alone.
  const version = rows[0]?.historyVersion ?? (await repo.historyVersion(db));
  const counts = await cachedCounts(ctx, version, orgId, providerIds, query, urgencies);
  const byStatus = Object.fromEntries(REFERRAL_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  let all = 0;
  for (const c of counts) {
    byStatus[c.status] = (byStatus[c.status] ?? 0) + c.count;
    all += c.count;
  }
  const tally = { all, assigned: ASSIGNED.reduce((n, s) => n + (byStatus[s] ?? 0), 0), ...byStatus };
  // Counted for the organization's own referrals only (pageExtras): what it referred, not what it received.
  const perMember: Record<string, number> = {};
  for (const r of rows)
    if (r.memberId && r.memberReferralCount !== null) perMember[r.memberId] = r.memberReferralCount;
  await auditPhiRead(db, ctx, {
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
    member_referral_counts: perMember,
  };
}

/** GET /api/referrals/{id}: the full record; every read is audited (PHI). */
export async function getReferral(ctx: OrgContext, input: { id: number }): Promise<Referral> {
  const { id } = input;
  const { record, viewerRole, sentTo } = await findVisibleReferral(ctx, { id, sentProviders: true });
  await audit(ctx.db, ctx, { action: 'referral.read', entityType: 'referral', entityId: id });
  return toReferralWire(record, viewerRole, sentTo);
}

/**
 * The referral as the caller's organization sees it (owner, matched provider or a provider it was sent to),
 * without a read row: for a caller about to change it, whose change row names it (issue #21: a FHIR Task update
 * checks its version and status first). What is answered to a client is read with getReferral or changed.
 */
export async function findReferralForChange(ctx: OrgContext, input: { id: number }): Promise<Referral> {
  const { record, viewerRole, sentTo } = await findVisibleReferral(ctx, {
    id: input.id,
    sentProviders: true,
  });
  return toReferralWire(record, viewerRole, sentTo);
}

/** 000 §9: 10 digits; the first is never 0 so the number keeps its length in any system. */
function randomReferralNumber(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

function isReferralNumberConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint;
  return code === '23505' && (constraint === undefined || constraint === 'referrals_number_uq');
}

const NUMBER_ATTEMPTS = 5;

/**
 * Issue #14 item 8: a referral created with the matching engine is auto-matched (matching's auto-match, through
 * the `autoMatchNewReferral` port) in a savepoint of the create transaction. In that transaction it runs exactly
 * once however many server processes there are (no other one sees the referral before it commits), it commits
 * with the referral or not at all (no crash can leave a created referral that was never tried), and the create's
 * answer already shows it Matched. A failure rolls back the savepoint only: the referral is still created,
 * Pending, on the Auto-Match screen, where a coordinator runs it again. How many providers were matched.
 */
async function autoMatchAtCreate(ctx: OrgContext, referralId: number): Promise<number> {
  try {
    return await ctx.db.transaction((sp) =>
      referralPort('autoMatchNewReferral')(inTransaction(ctx, sp), { referralId }),
    );
  } catch (err) {
    ctx.log.error({ err, referralId }, 'auto-match at create failed; the referral stays Pending');
    return 0;
  }
}

/**
 * POST /api/referrals: stored Pending for the active organization, linked to its member by Medicaid ID, and
 * auto-matched at once when it uses the matching engine (answered Matched, with matched_provider_count).
 * `nextNumber` draws the referral numbers (a test chooses them; the route cannot: its body is strict).
 */
export async function createReferral(
  ctx: OrgContext,
  input: ReferralCreate & { nextNumber?: () => string },
): Promise<Referral> {
  const { status: _pending, nextNumber = randomReferralNumber, voice_conversation_id, ...sent } = input;
  const actor = ctx.actor;
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const txCtx = inTransaction(ctx, tx);
        const {
          confirm_same_member: _same,
          confirm_duplicate_need: _dup,
          ...fields
        } = await guardNewReferral(txCtx, sent);
        // A taken number is rare (1 in 9·10⁹ per referral); check first, and the unique index settles races.
        let referralNumber = nextNumber();
        for (let i = 0; i < NUMBER_ATTEMPTS && (await repo.referralNumberTaken(tx, referralNumber)); i++) {
          referralNumber = nextNumber();
        }
        const memberId = await linkMemberForReferral(tx, {
          orgId: actor.org.id,
          createdBy: actor.user.id,
          values: {
            medicaidId: fields.medicaid_id,
            firstName: fields.first_name,
            lastName: fields.last_name,
            email: fields.email,
            phoneNo: fields.phone_number,
            dob: fields.date_of_birth,
            language: fields.preferred_language,
          },
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
        // Issue #19: taken by voice; the conversation must be the organization's and not yet a referral.
        if (voice_conversation_id !== undefined) {
          await linkConversationToReferral(txCtx, {
            conversationId: voice_conversation_id,
            referralId: record.id,
          });
        }
        await recordReferralEvent(txCtx, {
          referral: record,
          type: 'created',
          actorUserId: actor.user.id,
          toStatus: record.status,
          details: {
            referral_number: record.referralNumber,
            ...(voice_conversation_id !== undefined ? { voice_conversation_id } : {}),
          },
        });
        await ctx.deps.domainEvents.publish(tx, 'referral.created', {
          referral_id: record.id,
          organization_id: record.organizationId,
        });
        await audit(tx, ctx, {
          action: 'referral.created',
          entityType: 'referral',
          entityId: record.id,
          details: { referral_number: record.referralNumber },
        });
        // Issue #14 item 8: the matching engine runs at once, not when someone opens the Auto-Match screen. The
        // live feeds hear of the referral after it, as it then is: a card only if it is still Pending.
        const matched = record.useMatchingEngine ? await autoMatchAtCreate(txCtx, record.id) : null;
        const after = matched ? ((await repo.findReferral(tx, record.id)) ?? record) : record;
        await publishFeedChange(txCtx, { before: null, after });
        const wire = toReferralWire(after, 'owner');
        return matched === null ? wire : { ...wire, matched_provider_count: matched };
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
async function readUnchanged(ctx: OrgContext, record: repo.ReferralRecord) {
  await audit(ctx.db, ctx, { action: 'referral.read', entityType: 'referral', entityId: record.id });
  return toReferralWire(record, 'owner');
}

/** The referral locked for a change; gone since the ownership check means not found. */
async function lockReferral(tx: Parameters<typeof repo.lockReferral>[0], id: number) {
  const record = await repo.lockReferral(tx, id);
  if (!record) throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound);
  return record;
}

/** PUT /api/referrals/{id} with the edit payload (000 §2.1 edit mode: Medicaid ID locked, id and created_at kept). */
export async function updateReferral(
  ctx: OrgContext,
  input: { id: number; update: ReferralUpdate },
): Promise<Referral> {
  const { id, update } = input;
  await findOwnedReferral(ctx, { id });
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const before = await lockReferral(tx, id);
    if (update.medicaid_id !== before.medicaidId) {
      throw new AppError('referral.medicaid_id_locked', REFERRAL_MESSAGES.medicaidIdLocked, {
        fields: { medicaid_id: REFERRAL_MESSAGES.medicaidIdLocked },
      });
    }
    const columns = toColumns(update, before.urgency);
    const fields = changedFields(before, columns);
    if (fields.length === 0) return readUnchanged(txCtx, before);
    const record = await repo.updateReferral(tx, id, {
      ...columns,
      ...locationOf(columns.zipCode),
      updatedAt: new Date(),
    });
    await recordReferralEvent(txCtx, {
      referral: record,
      type: 'updated',
      actorUserId: ctx.actor.user.id,
      details: { fields },
    });
    await audit(tx, ctx, {
      action: 'referral.updated',
      entityType: 'referral',
      entityId: id,
      details: { fields },
    });
    await publishFeedChange(txCtx, { before, after: record });
    return toReferralWire(record, 'owner');
  });
}

/** The lifecycle actors the active organization is for this referral (both when it referred its own provider). */
function actorsOf(ctx: OrgContext, record: repo.ReferralRecord): LifecycleActor[] {
  const orgId = ctx.actor.org.id;
  const actors: LifecycleActor[] = [];
  if (record.organizationId === orgId) actors.push('referrer');
  if (record.matchedProvider?.organizationId === orgId) actors.push('provider');
  return actors;
}

/** The step's own columns and the facts its timeline row carries (an outcome's note is the provider's words). */
export function stepFields(step: Transition, change: ReferralStatusChange, at: Date) {
  if (step.action === 'complete') {
    if (!change.outcome) {
      throw new AppError('referral.outcome_required', REFERRAL_MESSAGES.outcomeRequired, {
        fields: { outcome: REFERRAL_MESSAGES.outcomeRequired },
      });
    }
    return {
      changes: { outcome: change.outcome, outcomeNote: change.note, completedAt: at },
      details: { outcome: change.outcome, note: change.note },
    };
  }
  if (step.action === 'cancel') {
    if (!change.reason) {
      throw new AppError('referral.reason_required', REFERRAL_MESSAGES.reasonRequired, {
        fields: { reason: REFERRAL_MESSAGES.reasonRequired },
      });
    }
    return {
      changes: { cancellationReason: change.reason, cancelledAt: at },
      details: { reason: change.reason, note: change.note },
    };
  }
  if (step.action === 'reopen') {
    // Back to the live feed for anyone to claim: the provider that declined or let it expire no longer holds it
    // (minimum necessary); the timeline keeps who it was.
    return {
      changes: {
        matchedProviderId: null,
        matchedAt: null,
        matchMethod: null,
        autoMatchedAt: null,
        acceptanceStatus: null,
        expiresAt: null,
      },
      details: { note: change.note },
    };
  }
  return { changes: {}, details: change.note ? { note: change.note } : {} };
}

/**
 * PUT /api/referrals/{id} with {status} (000 §4.1; issue #14): a step of the lifecycle that a status alone can
 * make, for the referrer (Authorize, Cancel with a reason, Back to Pending) or the accepted provider's
 * organization (In Progress, On Hold, Completed with an outcome). Anything else is refused with 409, naming the
 * current status and what it allows; the member is texted where the step says so (Authorized).
 */
export async function changeReferralStatus(
  ctx: OrgContext,
  input: { id: number; change: ReferralStatusChange },
): Promise<Referral> {
  const { id, change } = input;
  await findVisibleReferral(ctx, { id });
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const before = await lockReferral(tx, id);
    const actors = actorsOf(ctx, before);
    // Seen under the lock: its provider may have changed since the check above.
    if (actors.length === 0) throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound);
    const viewerRole = actors.includes('referrer') ? 'owner' : 'provider';
    const from = before.status as ReferralStatus;
    if (from === change.status) {
      await audit(tx, ctx, { action: 'referral.read', entityType: 'referral', entityId: id });
      return toReferralWire(before, viewerRole);
    }
    const step = statusChangeStep(from, change.status, actors);
    if (!step) refuseStep(from, change.status, actors);
    const at = new Date();
    const fields = stepFields(step, change, at);
    const record = await takeStep(txCtx, {
      before,
      action: step.action,
      actor: actors.find((a) => step.by.includes(a))!,
      actorUserId: ctx.actor.user.id,
      at,
      changes: fields.changes,
      event: { details: fields.details },
      // The note and the reason are the people's words (they may name the member): the timeline only.
      audit: { details: step.action === 'complete' ? { outcome: change.outcome } : {} },
    });
    return toReferralWire(record, viewerRole);
  });
}

/** PUT /api/referrals/{id}/contact: the member's emergency contact (000 §2.7 Contacts tab). */
export async function updateReferralContact(
  ctx: OrgContext,
  input: { id: number; contact: ReferralContact },
): Promise<Referral> {
  const { id, contact } = input;
  await findOwnedReferral(ctx, { id });
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const before = await lockReferral(tx, id);
    const unchanged =
      before.emergencyContactName === contact.emergency_contact_name &&
      before.emergencyContactPhone === contact.emergency_contact_phone;
    if (unchanged) return readUnchanged(txCtx, before);
    const record = await repo.updateReferral(tx, id, {
      emergencyContactName: contact.emergency_contact_name,
      emergencyContactPhone: contact.emergency_contact_phone,
      updatedAt: new Date(),
    });
    await recordReferralEvent(txCtx, {
      referral: record,
      type: 'contact_updated',
      actorUserId: ctx.actor.user.id,
    });
    await audit(tx, ctx, { action: 'referral.contact_updated', entityType: 'referral', entityId: id });
    return toReferralWire(record, 'owner');
  });
}

/** DELETE /api/referrals/{id}: Pending referrals only (000 §2.3, issue #4 "Bad input and failure"). */
export async function deleteReferral(
  ctx: OrgContext,
  input: { id: number },
): Promise<{ message: string; id: number }> {
  const { id } = input;
  await findOwnedReferral(ctx, { id });
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const record = await lockReferral(tx, id);
    if (record.status !== 'pending') {
      throw new AppError('referral.not_pending_for_delete', REFERRAL_MESSAGES.onlyPendingDelete);
    }
    // The event is written first and keeps the organization's record once the row is gone (referral_id → null).
    await recordReferralEvent(txCtx, {
      referral: record,
      type: 'deleted',
      actorUserId: ctx.actor.user.id,
      fromStatus: record.status,
      details: { referral_id: id, referral_number: record.referralNumber },
    });
    await audit(tx, ctx, {
      action: 'referral.deleted',
      entityType: 'referral',
      entityId: id,
      details: { referral_number: record.referralNumber },
    });
    await publishFeedChange(txCtx, { before: record, after: null });
    await referralPort('removeReferralDocuments')(txCtx, { referralId: id });
    await repo.deletePendingReferral(tx, id);
    return { message: 'Referral deleted', id };
  });
}

/**
 * GET /api/referrals/{id}/events: the history, newest first, for whoever may read the referral. The timeline of
 * a member's referral is PHI (who handled it, answers, reasons): audited with the events it showed.
 */
export async function listReferralEvents(
  ctx: OrgContext,
  input: { id: number },
): Promise<{ events: ReferralEvent[] }> {
  const { id } = input;
  const { record } = await findVisibleReferral(ctx, { id });
  const viewer = { orgId: ctx.actor.org.id, referringOrgId: record.organizationId };
  const rows = (await repo.listEvents(ctx.db, id)).filter((e) => eventVisibleTo(e, viewer));
  await auditPhiRead(ctx.db, ctx, {
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

import {
  BILLING_ACTIVITY_MESSAGES,
  BILLING_ACTIVITY_TYPE_OPTIONS,
  BILLING_UNIT_OPTIONS,
  type BillingActivity,
  type BillingActivityCreate,
  type BillingActivityDeleteResponse,
  type BillingActivityUpdate,
  centsToDollars,
  dollarsToCents,
  isOrgManager,
  MESSAGES,
  type OptionList,
  PROGRAM_MESSAGES,
  PROGRAM_TYPE_OPTIONS,
  type Program,
  type ProgramCreate,
  type ProgramDeleteResponse,
  type ProgramList,
  type ProgramListQuery,
  type ProgramUpdate,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import { actorOrganizationId, type OrgContext, type ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import * as repo from './repo.ts';

// Programs and their billing activities (002 §2 "Program Management", §3, §5, §6, §7; issue #15 item 5). Every
// read and change is scoped to the active organization: another organization's program does not exist for the
// caller (404). current_enrollment is counted from the enrollments whose status is active.

// ---------------------------------------------------------------------------------------------------------------
// For other modules (enrollments, billing reports, workflows). They call these, never the repo.
// ---------------------------------------------------------------------------------------------------------------

/** What other modules need to know of a program. */
export type ProgramSummary = {
  id: number;
  organizationId: number;
  name: string;
  programType: string;
  isActive: boolean;
  /** Active enrollments it takes; null: no limit. */
  capacity: number | null;
  startDate: string | null;
  endDate: string | null;
};

/** A billing activity as a billable-activities report or an activity's billing needs it (money in cents). */
export type BillableActivity = {
  id: number;
  programId: number;
  programName: string;
  activityName: string;
  activityCode: string | null;
  /** The enrollment activity type it bills (outreach, assessment…, 002 §9), or null. */
  activityType: string | null;
  cptCode: string | null;
  hcpcsCode: string | null;
  revenueCode: string | null;
  modifier1: string | null;
  modifier2: string | null;
  placeOfService: string | null;
  billingUnit: string;
  rateCentsPerUnit: number;
  maxUnitsPerDay: number | null;
  maxUnitsPerMonth: number | null;
  requiresPriorAuth: boolean;
  requiresSupervision: boolean;
  minCredentialsRequired: string | null;
  isBundled: boolean;
  isActive: boolean;
  effectiveDate: string | null;
  expirationDate: string | null;
};

/** The organization the context acts for (a user's active organization, or the one a job acts for). */
function organizationOf(ctx: ServiceContext): number {
  const id = actorOrganizationId(ctx);
  if (id === null) throw new AppError('organization.required', MESSAGES.noOrganization);
  return id;
}

function toSummary(row: repo.ProgramRow): ProgramSummary {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    programType: row.programType,
    isActive: row.isActive,
    capacity: row.capacity,
    startDate: row.startDate,
    endDate: row.endDate,
  };
}

function toBillable(row: repo.BillingActivityRow, programName: string): BillableActivity {
  return {
    id: row.id,
    programId: row.programId,
    programName,
    activityName: row.activityName,
    activityCode: row.activityCode,
    activityType: row.activityType,
    cptCode: row.cptCode,
    hcpcsCode: row.hcpcsCode,
    revenueCode: row.revenueCode,
    modifier1: row.modifier1,
    modifier2: row.modifier2,
    placeOfService: row.placeOfService,
    billingUnit: row.billingUnit,
    rateCentsPerUnit: row.rateCentsPerUnit,
    maxUnitsPerDay: row.maxUnitsPerDay,
    maxUnitsPerMonth: row.maxUnitsPerMonth,
    requiresPriorAuth: row.requiresPriorAuth,
    requiresSupervision: row.requiresSupervision,
    minCredentialsRequired: row.minCredentialsRequired,
    isBundled: row.isBundled,
    isActive: row.isActive,
    effectiveDate: row.effectiveDate,
    expirationDate: row.expirationDate,
  };
}

const programNotFound = () => new AppError('program.not_found', PROGRAM_MESSAGES.notFound);
const billingNotFound = () => new AppError('billing_activity.not_found', BILLING_ACTIVITY_MESSAGES.notFound);

/**
 * A program of the context's organization, or AppError 'program.not_found' (404) for an unknown id or another
 * organization's program. For an enrollment form's program choice, a list's program name, a workflow's program.
 */
export async function findProgramForOrg(ctx: ServiceContext, id: number): Promise<ProgramSummary> {
  const row = await repo.findProgram(ctx.db, organizationOf(ctx), id);
  if (!row) throw programNotFound();
  return toSummary(row);
}

/**
 * A program's capacity and its places taken now (active enrollments, counted), with what is left (null: no
 * limit). Read only: to activate an enrollment use assertProgramAcceptsEnrollment, which locks the program.
 */
export async function programCapacity(
  ctx: ServiceContext,
  programId: number,
): Promise<{ capacity: number | null; active: number; available: number | null }> {
  const program = await findProgramForOrg(ctx, programId);
  const { active } = await repo.countEnrollments(ctx.db, programId);
  return {
    capacity: program.capacity,
    active,
    available: program.capacity === null ? null : Math.max(program.capacity - active, 0),
  };
}

/**
 * Call before an enrollment becomes active (created active, or moved to active from another status), INSIDE the
 * transaction that writes it: `ctx.db` must be that transaction (`inTransaction(ctx, tx)`). Locks the program row
 * (SELECT … FOR UPDATE) until the transaction ends, so concurrent activations in the same program queue up and
 * each counts the others' committed enrollments: two of them cannot both take the last place.
 *
 * Refuses with AppError:
 * - 'program.not_found' (404): unknown, or another organization's;
 * - 'program.inactive' (422): the program is not active;
 * - 'program.at_capacity' (409): its active enrollments already fill its capacity, unless `override`;
 * - 'program.capacity_override_forbidden' (403): `override` asked by a user who is not a manager or
 *   administrator (002 §6) — a job (system context) may override.
 *
 * The enrollment being activated must not be counted already (its stored status is not active yet). Returns the
 * program and its active enrollments before this one.
 */
export async function assertProgramAcceptsEnrollment(
  ctx: ServiceContext,
  input: { programId: number; override?: boolean },
): Promise<{ program: ProgramSummary; active: number }> {
  const row = await repo.lockProgram(ctx.db, organizationOf(ctx), input.programId);
  if (!row) throw programNotFound();
  if (!row.isActive) throw new AppError('program.inactive', PROGRAM_MESSAGES.inactive);
  const { active } = await repo.countEnrollments(ctx.db, row.id);
  if (row.capacity !== null && active >= row.capacity) {
    if (!input.override) {
      throw new AppError('program.at_capacity', PROGRAM_MESSAGES.atCapacity(active, row.capacity));
    }
    const actor = ctx.actor;
    const mayOverride = actor.kind === 'system' || (actor.kind === 'user' && isOrgManager(actor.org?.role));
    if (!mayOverride) {
      throw new AppError('program.capacity_override_forbidden', PROGRAM_MESSAGES.overrideForbidden);
    }
  }
  return { program: toSummary(row), active };
}

/**
 * The billing activities of the organization's programs (all of them, or `programIds`), with money in cents:
 * what a billable-activities report or a claim export reads (rates, unit limits, prior authorisation and
 * supervision flags, codes, the activity type each bills). `activeOnly` leaves out the inactive ones; the
 * effective/expiration window is the caller's to apply to its own service dates.
 */
export async function listBillingActivitiesForPrograms(
  ctx: ServiceContext,
  input: { programIds?: readonly number[]; activeOnly?: boolean; activityTypes?: readonly string[] } = {},
): Promise<BillableActivity[]> {
  if (input.programIds?.length === 0 || input.activityTypes?.length === 0) return [];
  const rows = await repo.listBillingActivitiesOfOrganization(ctx.db, organizationOf(ctx), input);
  return rows.map((row) => toBillable(row, row.programName));
}

/**
 * One billing activity of the organization's programs (an enrollment activity billed as it, issue #15 item 7), or
 * AppError 'billing_activity.not_found' (404).
 */
export async function findBillingActivityForOrg(ctx: ServiceContext, id: number): Promise<BillableActivity> {
  const organizationId = organizationOf(ctx);
  const row = await repo.findBillingActivity(ctx.db, organizationId, id);
  if (!row) throw billingNotFound();
  const program = await repo.findProgram(ctx.db, organizationId, row.programId);
  return toBillable(row, program?.name ?? '');
}

// ---------------------------------------------------------------------------------------------------------------
// The programs API (routes.ts)
// ---------------------------------------------------------------------------------------------------------------

/** 002 §6: the route refuses other roles first; this holds for any other caller of these services too. */
function requireManager(ctx: OrgContext): void {
  if (!isOrgManager(ctx.actor.org.role)) {
    throw new AppError('program.manage_forbidden', PROGRAM_MESSAGES.manageForbidden);
  }
}

function toProgramWire(row: repo.ProgramWithCounts): Program {
  return {
    id: row.id,
    name: row.name,
    program_type: row.programType,
    description: row.description,
    is_active: row.isActive,
    start_date: row.startDate,
    end_date: row.endDate,
    capacity: row.capacity,
    current_enrollment: row.activeEnrollments,
    enrollment_count: row.enrollmentCount,
    billing_activity_count: row.billingActivityCount,
    funding_source: row.fundingSource,
    billing_code: row.billingCode,
    reimbursement_rate:
      row.reimbursementRateCents === null ? null : centsToDollars(row.reimbursementRateCents),
    eligibility_criteria: row.eligibilityCriteria,
    services_offered: row.servicesOffered,
    program_manager_name: row.programManagerName,
    program_manager_email: row.programManagerEmail,
    program_manager_phone: row.programManagerPhone,
    created_ts: row.createdTs.toISOString(),
    last_updated_ts: row.lastUpdatedTs.toISOString(),
  };
}

/** The columns a create or an update writes: only the fields sent (an update keeps the others). */
function programValues(input: ProgramUpdate): Partial<repo.ProgramInsert> {
  const values: Partial<repo.ProgramInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.program_type !== undefined) values.programType = input.program_type;
  if (input.description !== undefined) values.description = input.description;
  if (input.is_active !== undefined) values.isActive = input.is_active;
  if (input.start_date !== undefined) values.startDate = input.start_date;
  if (input.end_date !== undefined) values.endDate = input.end_date;
  if (input.capacity !== undefined) values.capacity = input.capacity;
  if (input.funding_source !== undefined) values.fundingSource = input.funding_source;
  if (input.billing_code !== undefined) values.billingCode = input.billing_code;
  if (input.reimbursement_rate !== undefined) {
    values.reimbursementRateCents =
      input.reimbursement_rate === null ? null : dollarsToCents(input.reimbursement_rate);
  }
  if (input.eligibility_criteria !== undefined) values.eligibilityCriteria = input.eligibility_criteria;
  if (input.services_offered !== undefined) values.servicesOffered = input.services_offered;
  if (input.program_manager_name !== undefined) values.programManagerName = input.program_manager_name;
  if (input.program_manager_email !== undefined) values.programManagerEmail = input.program_manager_email;
  if (input.program_manager_phone !== undefined) values.programManagerPhone = input.program_manager_phone;
  return values;
}

/** Which wire fields an update changed, for the audit row (names only: the values stay in the program). */
function changedFields(input: Record<string, unknown>): string[] {
  return Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
}

/** 002 §5 dates in order, against the stored ones for the end a partial update leaves out. */
function checkOrder(
  reason: 'program.invalid' | 'billing_activity.invalid',
  first: string | null,
  last: string | null,
  field: string,
  message: string,
): void {
  if (first !== null && last !== null && last < first) {
    throw new AppError(reason, message, { fields: { [field]: message } });
  }
}

/** GET /api/programs: the organization's programs, filtered and searched on the server, one page, and its figures. */
export async function listPrograms(ctx: OrgContext, query: ProgramListQuery): Promise<ProgramList> {
  const organizationId = ctx.actor.org.id;
  const [{ rows, total }, stats] = await Promise.all([
    repo.listPrograms(ctx.db, organizationId, {
      ...(query.search ? { search: query.search } : {}),
      ...(query.program_type ? { programType: query.program_type } : {}),
      ...(query.is_active === undefined ? {} : { isActive: query.is_active === 'true' }),
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    }),
    repo.programStats(ctx.db, organizationId),
  ]);
  return {
    programs: rows.map(toProgramWire),
    total,
    page: query.page,
    page_size: query.page_size,
    stats: {
      total: stats.total,
      active: stats.active,
      inactive: stats.total - stats.active,
      total_capacity: stats.totalCapacity,
      current_enrollment: stats.activeEnrollments,
    },
  };
}

/** GET /api/programs/{id}. */
export async function getProgram(ctx: OrgContext, input: { id: number }): Promise<Program> {
  const row = await repo.findProgram(ctx.db, ctx.actor.org.id, input.id);
  if (!row) throw programNotFound();
  return toProgramWire(row);
}

/** POST /api/programs (002 §5: name and type required; the schema checked every field). */
export async function createProgram(ctx: OrgContext, input: ProgramCreate): Promise<Program> {
  requireManager(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertProgram(tx, {
      ...programValues(input),
      name: input.name,
      programType: input.program_type,
      organizationId: ctx.actor.org.id,
    });
    await audit(tx, ctx, {
      action: 'program.created',
      entityType: 'program',
      entityId: row.id,
      details: { name: row.name, program_type: row.programType },
    });
    return toProgramWire({ ...row, activeEnrollments: 0, enrollmentCount: 0, billingActivityCount: 0 });
  });
}

/** PUT /api/programs/{id}: the fields sent; the dates are checked against the stored ones. */
export async function updateProgram(
  ctx: OrgContext,
  input: ProgramUpdate & { id: number },
): Promise<Program> {
  requireManager(ctx);
  const { id, ...fields } = input;
  const organizationId = ctx.actor.org.id;
  return ctx.db.transaction(async (tx) => {
    const before = await repo.lockProgram(tx, organizationId, id);
    if (!before) throw programNotFound();
    checkOrder(
      'program.invalid',
      fields.start_date === undefined ? before.startDate : fields.start_date,
      fields.end_date === undefined ? before.endDate : fields.end_date,
      'end_date',
      PROGRAM_MESSAGES.endBeforeStart,
    );
    const values = programValues(fields);
    if (Object.keys(values).length > 0) {
      await repo.updateProgram(tx, id, values);
      await audit(tx, ctx, {
        action: 'program.updated',
        entityType: 'program',
        entityId: id,
        details: { fields: changedFields(fields) },
      });
    }
    const after = await repo.findProgram(tx, organizationId, id);
    return toProgramWire(after!);
  });
}

/**
 * DELETE /api/programs/{id} (002 §5: the browser asks first; a program's enrollments are deleted with it). A
 * program with enrollments is deleted only with `confirm` (the caller said how many would go); else 409 naming
 * how many.
 */
export async function deleteProgram(
  ctx: OrgContext,
  input: { id: number; confirm: boolean },
): Promise<ProgramDeleteResponse> {
  requireManager(ctx);
  return ctx.db.transaction(async (tx) => {
    const program = await repo.lockProgram(tx, ctx.actor.org.id, input.id);
    if (!program) throw programNotFound();
    const { total } = await repo.countEnrollments(tx, program.id);
    if (total > 0 && !input.confirm) {
      throw new AppError('program.has_enrollments', PROGRAM_MESSAGES.hasEnrollments(total));
    }
    await repo.deleteProgram(tx, program.id);
    await audit(tx, ctx, {
      action: 'program.deleted',
      entityType: 'program',
      entityId: program.id,
      details: { name: program.name, enrollments_deleted: total },
    });
    await ctx.deps.domainEvents.publish(tx, 'program.deleted', {
      program_id: program.id,
      organization_id: ctx.actor.org.id,
    });
    return { message: PROGRAM_MESSAGES.deleted, id: program.id, enrollments_deleted: total };
  });
}

/** GET /api/programs/types/list (002 §7: value, label, description). */
export function programTypeList(): { value: string; label: string; description: string }[] {
  return PROGRAM_TYPE_OPTIONS.map((o) => ({ ...o }));
}

/** GET /api/billing-activities/types/list (002 §7: value, label). */
export function billingActivityTypeList(): OptionList {
  return BILLING_ACTIVITY_TYPE_OPTIONS.map((o) => ({ ...o }));
}

/** GET /api/billing-activities/units/list (002 §7: value, label). */
export function billingUnitList(): OptionList {
  return BILLING_UNIT_OPTIONS.map((o) => ({ ...o }));
}

// --- Billing activities ---

function toBillingWire(row: repo.BillingActivityRow): BillingActivity {
  return {
    id: row.id,
    program_id: row.programId,
    activity_name: row.activityName,
    activity_code: row.activityCode,
    activity_type: row.activityType,
    description: row.description,
    cpt_code: row.cptCode,
    hcpcs_code: row.hcpcsCode,
    revenue_code: row.revenueCode,
    modifier_1: row.modifier1,
    modifier_2: row.modifier2,
    billing_unit: row.billingUnit,
    rate_per_unit: centsToDollars(row.rateCentsPerUnit),
    mcp_id: row.mcpId,
    max_units_per_day: row.maxUnitsPerDay,
    max_units_per_month: row.maxUnitsPerMonth,
    place_of_service: row.placeOfService,
    is_bundled: row.isBundled,
    bundled_activities: row.bundledActivities,
    requires_prior_auth: row.requiresPriorAuth,
    requires_supervision: row.requiresSupervision,
    min_credentials_required: row.minCredentialsRequired,
    is_active: row.isActive,
    effective_date: row.effectiveDate,
    expiration_date: row.expirationDate,
    created_ts: row.createdTs.toISOString(),
  };
}

function billingValues(input: BillingActivityUpdate): Partial<repo.BillingActivityInsert> {
  const values: Partial<repo.BillingActivityInsert> = {};
  if (input.activity_name !== undefined) values.activityName = input.activity_name;
  if (input.activity_code !== undefined) values.activityCode = input.activity_code;
  if (input.activity_type !== undefined) values.activityType = input.activity_type;
  if (input.description !== undefined) values.description = input.description;
  if (input.cpt_code !== undefined) values.cptCode = input.cpt_code;
  if (input.hcpcs_code !== undefined) values.hcpcsCode = input.hcpcs_code;
  if (input.revenue_code !== undefined) values.revenueCode = input.revenue_code;
  if (input.modifier_1 !== undefined) values.modifier1 = input.modifier_1;
  if (input.modifier_2 !== undefined) values.modifier2 = input.modifier_2;
  if (input.billing_unit !== undefined) values.billingUnit = input.billing_unit;
  if (input.rate_per_unit !== undefined) values.rateCentsPerUnit = dollarsToCents(input.rate_per_unit);
  if (input.mcp_id !== undefined) values.mcpId = input.mcp_id;
  if (input.max_units_per_day !== undefined) values.maxUnitsPerDay = input.max_units_per_day;
  if (input.max_units_per_month !== undefined) values.maxUnitsPerMonth = input.max_units_per_month;
  if (input.place_of_service !== undefined) values.placeOfService = input.place_of_service;
  if (input.is_bundled !== undefined) values.isBundled = input.is_bundled;
  if (input.bundled_activities !== undefined) values.bundledActivities = input.bundled_activities;
  if (input.requires_prior_auth !== undefined) values.requiresPriorAuth = input.requires_prior_auth;
  if (input.requires_supervision !== undefined) values.requiresSupervision = input.requires_supervision;
  if (input.min_credentials_required !== undefined) {
    values.minCredentialsRequired = input.min_credentials_required;
  }
  if (input.is_active !== undefined) values.isActive = input.is_active;
  if (input.effective_date !== undefined) values.effectiveDate = input.effective_date;
  if (input.expiration_date !== undefined) values.expirationDate = input.expiration_date;
  return values;
}

/** GET /api/programs/{id}/billing-activities: the program's billing activities, by name. */
export async function listProgramBillingActivities(
  ctx: OrgContext,
  input: { programId: number },
): Promise<BillingActivity[]> {
  const program = await repo.findProgram(ctx.db, ctx.actor.org.id, input.programId);
  if (!program) throw programNotFound();
  return (await repo.listBillingActivities(ctx.db, program.id)).map(toBillingWire);
}

/** GET /api/billing-activities/{id}. */
export async function getBillingActivity(ctx: OrgContext, input: { id: number }): Promise<BillingActivity> {
  const row = await repo.findBillingActivity(ctx.db, ctx.actor.org.id, input.id);
  if (!row) throw billingNotFound();
  return toBillingWire(row);
}

/** POST /api/billing-activities (002 §5: activity name, billing unit and rate per unit required). */
export async function createBillingActivity(
  ctx: OrgContext,
  input: BillingActivityCreate,
): Promise<BillingActivity> {
  requireManager(ctx);
  const { program_id: programId, ...fields } = input;
  return ctx.db.transaction(async (tx) => {
    // Locked: a delete of the program waits for the insert, or the insert finds it gone (404, not a 500).
    const program = await repo.lockProgram(tx, ctx.actor.org.id, programId);
    if (!program) throw programNotFound();
    const row = await repo.insertBillingActivity(tx, {
      ...billingValues(fields),
      programId: program.id,
      activityName: fields.activity_name,
      billingUnit: fields.billing_unit,
      rateCentsPerUnit: dollarsToCents(fields.rate_per_unit),
    });
    await audit(tx, ctx, {
      action: 'billing_activity.created',
      entityType: 'billing_activity',
      entityId: row.id,
      details: { program_id: program.id, activity_name: row.activityName },
    });
    return toBillingWire(row);
  });
}

/** PUT /api/billing-activities/{id}: the fields sent; it stays in its program. */
export async function updateBillingActivity(
  ctx: OrgContext,
  input: BillingActivityUpdate & { id: number },
): Promise<BillingActivity> {
  requireManager(ctx);
  const { id, ...fields } = input;
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findBillingActivity(tx, ctx.actor.org.id, id, { lock: true });
    if (!before) throw billingNotFound();
    checkOrder(
      'billing_activity.invalid',
      fields.effective_date === undefined ? before.effectiveDate : fields.effective_date,
      fields.expiration_date === undefined ? before.expirationDate : fields.expiration_date,
      'expiration_date',
      BILLING_ACTIVITY_MESSAGES.expirationBeforeEffective,
    );
    const values = billingValues(fields);
    if (Object.keys(values).length === 0) return toBillingWire(before);
    const row = await repo.updateBillingActivity(tx, id, values);
    await audit(tx, ctx, {
      action: 'billing_activity.updated',
      entityType: 'billing_activity',
      entityId: id,
      details: { program_id: row.programId, fields: changedFields(fields) },
    });
    return toBillingWire(row);
  });
}

/** DELETE /api/billing-activities/{id} (002 §5: the browser asks first). */
export async function deleteBillingActivity(
  ctx: OrgContext,
  input: { id: number },
): Promise<BillingActivityDeleteResponse> {
  requireManager(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findBillingActivity(tx, ctx.actor.org.id, input.id, { lock: true });
    if (!row) throw billingNotFound();
    await repo.deleteBillingActivity(tx, row.id);
    await audit(tx, ctx, {
      action: 'billing_activity.deleted',
      entityType: 'billing_activity',
      entityId: row.id,
      details: { program_id: row.programId, activity_name: row.activityName },
    });
    return { message: BILLING_ACTIVITY_MESSAGES.deleted, id: row.id };
  });
}

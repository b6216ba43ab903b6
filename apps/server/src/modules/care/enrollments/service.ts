import {
  ENROLLMENT_INITIAL_STATUSES,
  ENROLLMENT_MESSAGES,
  ENROLLMENT_OPEN_STATUSES,
  type Enrollment,
  type EnrollmentCreate,
  type EnrollmentDeleteResponse,
  type EnrollmentList,
  type EnrollmentListQuery,
  type EnrollmentStatus,
  type EnrollmentUpdate,
  nextStatusesFor,
  todayIsoDate,
} from '@trust/domain';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findProgramForOrg } from '../programs/service.ts';
import { enrollmentNotFound, findVisibleEnrollment, isManager, isWriter, scopeOf } from './access.ts';
import { removeOrphanedDocumentFiles } from './document-files.ts';
import { lockEnrollmentDocumentKeys } from './items-repo.ts';
import { admitActive, takeEnrollmentStep } from './lifecycle.ts';
import * as repo from './repo.ts';

// Enrollments (002 §2 "Enrollments", §3, §7; issue #15 item 6): a member of the organization in one of its
// programs, with a case manager. Its status changes only through the state machine (lifecycle.ts).

export function toWire(row: repo.EnrollmentView, ctx: OrgContext): Enrollment {
  return {
    id: row.id,
    member_id: row.memberId,
    member_name: `${row.memberFirstName} ${row.memberLastName}`.trim(),
    program_id: row.programId,
    program_name: row.programName,
    status: row.status as EnrollmentStatus,
    enrollment_date: row.enrollmentDate,
    start_date: row.startDate,
    end_date: row.endDate,
    case_manager_user_id: row.caseManagerUserId,
    case_manager_name: row.caseManagerName,
    priority_level: row.priorityLevel,
    eligibility_verified: row.eligibilityVerified,
    consent_obtained: row.consentObtained,
    notes: row.notes,
    created_ts: row.createdTs.toISOString(),
    last_updated_ts: row.lastUpdatedTs.toISOString(),
    next_statuses: nextStatusesFor(row.status, ctx.actor.org.role),
    can_edit: isWriter(ctx),
    can_delete: isManager(ctx),
  };
}

function datesError(): AppError {
  return new AppError('enrollment.dates_invalid', ENROLLMENT_MESSAGES.endBeforeStart, {
    fields: { end_date: ENROLLMENT_MESSAGES.endBeforeStart },
  });
}

function checkDates(start: string | null | undefined, end: string | null | undefined) {
  if (start && end && end < start) throw datesError();
}

/**
 * The case manager an enrollment gets. Staff are the case manager of what they create and cannot hand an
 * enrollment to someone else (they would lose it); managers and administrators name any user of the
 * organization who is not a viewer, or nobody.
 */
async function caseManagerFor(ctx: OrgContext, requested: number | null | undefined): Promise<number | null> {
  const self = ctx.actor.user.id;
  if (!isManager(ctx)) {
    if (requested !== undefined && requested !== self) {
      throw new AppError('enrollment.case_manager_forbidden', ENROLLMENT_MESSAGES.caseManagerSelfOnly, {
        fields: { case_manager_user_id: ENROLLMENT_MESSAGES.caseManagerSelfOnly },
      });
    }
    return self;
  }
  if (requested === undefined) return self;
  if (requested === null || requested === self) return requested;
  const role = await repo.membershipRole(ctx.db, ctx.actor.org.id, requested);
  if (role === null || role === 'viewer') {
    throw new AppError('enrollment.case_manager_invalid', ENROLLMENT_MESSAGES.caseManagerInvalid, {
      fields: { case_manager_user_id: ENROLLMENT_MESSAGES.caseManagerInvalid },
    });
  }
  return requested;
}

/** GET /api/enrollments/: one page of what the caller sees, with the filters; the read is audited (PHI). */
export async function listEnrollments(ctx: OrgContext, query: EnrollmentListQuery): Promise<EnrollmentList> {
  const { rows, total } = await repo.listEnrollments(ctx.db, scopeOf(ctx), {
    ...(query.member_id === undefined ? {} : { memberId: query.member_id }),
    ...(query.program_id === undefined ? {} : { programId: query.program_id }),
    ...(query.status === undefined ? {} : { status: query.status }),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  await auditPhiRead(ctx.db, ctx, {
    action: 'enrollment.list_read',
    entityType: 'enrollment',
    ids: rows.map((r) => r.id),
    details: {
      ...(query.member_id === undefined ? {} : { member_id: query.member_id }),
      ...(query.program_id === undefined ? {} : { program_id: query.program_id }),
    },
  });
  return { enrollments: rows.map((r) => toWire(r, ctx)), total };
}

/** GET /api/enrollments/{id}; audited. */
export async function getEnrollment(ctx: OrgContext, input: { id: number }): Promise<Enrollment> {
  const enrollment = await findVisibleEnrollment(ctx, input.id);
  await audit(ctx.db, ctx, { action: 'enrollment.read', entityType: 'enrollment', entityId: enrollment.id });
  return toWire(enrollment, ctx);
}

/**
 * POST /api/enrollments/: enrolls a member of the organization in one of its active programs. It starts Pending
 * or Active; an Active one takes a place of the program's capacity (a manager may override it, audited). A
 * member has at most one open enrollment per program. The enrollment date defaults to today.
 */
export async function createEnrollment(ctx: OrgContext, input: EnrollmentCreate): Promise<Enrollment> {
  if (!ENROLLMENT_INITIAL_STATUSES.includes(input.status)) {
    throw new AppError('enrollment.initial_status_invalid', ENROLLMENT_MESSAGES.initialStatus, {
      fields: { status: ENROLLMENT_MESSAGES.initialStatus },
    });
  }
  checkDates(input.start_date, input.end_date);
  const scope = scopeOf(ctx);
  const member = await repo.findMember(ctx.db, ctx.actor.org.id, input.member_id, scope.caseManagerUserId);
  if (!member) {
    throw new AppError('enrollment.member_not_found', ENROLLMENT_MESSAGES.memberNotFound, {
      fields: { member_id: ENROLLMENT_MESSAGES.memberNotFound },
    });
  }
  const program = await findProgramForOrg(ctx, input.program_id);
  if (!program.isActive) {
    throw new AppError('program.inactive', ENROLLMENT_MESSAGES.programInactive(program.name), {
      fields: { program_id: ENROLLMENT_MESSAGES.programInactive(program.name) },
    });
  }
  const caseManager = await caseManagerFor(ctx, input.case_manager_user_id);
  const today = todayIsoDate();
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    await repo.lockMemberEnrollments(tx, member.id);
    const duplicate = await repo.hasOpenEnrollment(tx, {
      memberId: member.id,
      programId: program.id,
      statuses: ENROLLMENT_OPEN_STATUSES,
    });
    if (duplicate) throw new AppError('enrollment.duplicate', ENROLLMENT_MESSAGES.duplicate(program.name));
    const admitted =
      input.status === 'active'
        ? await admitActive(txCtx, { programId: program.id, overrideCapacity: input.override_capacity })
        : { capacityOverridden: false };
    const row = await repo.insertEnrollment(tx, {
      organizationId: ctx.actor.org.id,
      memberId: member.id,
      programId: program.id,
      status: input.status,
      enrollmentDate: input.enrollment_date ?? today,
      startDate: input.start_date ?? (input.status === 'active' ? today : null),
      endDate: input.end_date ?? null,
      caseManagerUserId: caseManager,
      priorityLevel: input.priority_level ?? null,
      eligibilityVerified: input.eligibility_verified,
      consentObtained: input.consent_obtained,
      notes: input.notes ?? null,
      createdBy: ctx.actor.user.id,
    });
    await audit(tx, ctx, {
      action: 'enrollment.created',
      entityType: 'enrollment',
      entityId: row.id,
      details: {
        member_id: member.id,
        program_id: program.id,
        status: row.status,
        case_manager_user_id: caseManager,
        ...(admitted.capacityOverridden ? { capacity_overridden: true } : {}),
      },
    });
    await ctx.deps.domainEvents.publish(tx, 'enrollment.created', {
      enrollment_id: row.id,
      organization_id: row.organizationId,
      member_id: row.memberId,
      program_id: row.programId,
      status: row.status,
    });
    const view = await repo.findEnrollment(
      tx,
      { organizationId: ctx.actor.org.id, caseManagerUserId: null },
      row.id,
    );
    return toWire(view!, ctx);
  });
}

/** The columns a PUT changes, from the fields it sent that differ from the row. */
function changedColumns(
  before: repo.EnrollmentRow,
  input: EnrollmentUpdate,
): { values: Partial<repo.EnrollmentInsert>; fields: string[] } {
  const values: Partial<repo.EnrollmentInsert> = {};
  const fields: string[] = [];
  const set = <K extends keyof repo.EnrollmentInsert>(
    field: string,
    column: K,
    value: repo.EnrollmentInsert[K] | undefined,
  ) => {
    if (value === undefined || value === before[column as keyof repo.EnrollmentRow]) return;
    values[column] = value;
    fields.push(field);
  };
  set('enrollment_date', 'enrollmentDate', input.enrollment_date);
  set('start_date', 'startDate', input.start_date);
  set('end_date', 'endDate', input.end_date);
  set('priority_level', 'priorityLevel', input.priority_level);
  set('eligibility_verified', 'eligibilityVerified', input.eligibility_verified);
  set('consent_obtained', 'consentObtained', input.consent_obtained);
  set('notes', 'notes', input.notes);
  return { values, fields };
}

/**
 * PUT /api/enrollments/{id}: the fields sent change (one audit row naming them); a status different from the
 * current one is a step of the state machine (its own audit row and domain event), in the same transaction.
 * A PUT that changes nothing is audited as the read it is.
 */
export async function updateEnrollment(
  ctx: OrgContext,
  input: EnrollmentUpdate & { id: number },
): Promise<Enrollment> {
  const scope = scopeOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const before = await repo.lockEnrollment(tx, scope, input.id);
    if (!before) throw enrollmentNotFound();
    if (
      (input.member_id !== undefined && input.member_id !== before.memberId) ||
      (input.program_id !== undefined && input.program_id !== before.programId)
    ) {
      throw new AppError('enrollment.member_program_fixed', ENROLLMENT_MESSAGES.memberOrProgramFixed);
    }
    const { values, fields } = changedColumns(before, input);
    if (input.case_manager_user_id !== undefined && input.case_manager_user_id !== before.caseManagerUserId) {
      values.caseManagerUserId = await caseManagerFor(txCtx, input.case_manager_user_id);
      fields.push('case_manager_user_id');
    }
    checkDates(
      values.startDate === undefined ? before.startDate : values.startDate,
      values.endDate === undefined ? before.endDate : values.endDate,
    );
    let after = before;
    if (fields.length > 0) {
      after = await repo.updateEnrollment(tx, before.id, values);
      await audit(tx, ctx, {
        action: 'enrollment.updated',
        entityType: 'enrollment',
        entityId: before.id,
        details: { fields },
      });
    }
    const statusChange = input.status !== undefined && input.status !== before.status;
    if (statusChange) {
      after = await takeEnrollmentStep(txCtx, {
        before: after,
        to: input.status!,
        overrideCapacity: input.override_capacity,
      });
    }
    if (fields.length === 0 && !statusChange) {
      // Nothing changed, yet the answer is the enrollment: audited as the read it is.
      await audit(tx, ctx, { action: 'enrollment.read', entityType: 'enrollment', entityId: before.id });
    }
    const view = await repo.findEnrollment(
      tx,
      { organizationId: ctx.actor.org.id, caseManagerUserId: null },
      after.id,
    );
    return toWire(view!, ctx);
  });
}

/**
 * DELETE /api/enrollments/{id} (002 §5: the browser asks first): managers and administrators only — it takes the
 * enrollment's activities, documents, notes and goals with it (staff withdraw an enrollment instead). The
 * documents' files are removed once the deletion committed.
 */
export async function deleteEnrollment(
  ctx: OrgContext,
  input: { id: number },
): Promise<EnrollmentDeleteResponse> {
  if (!isManager(ctx)) {
    throw new AppError('enrollment.delete_forbidden', ENROLLMENT_MESSAGES.deleteForbidden);
  }
  const keys = await ctx.db.transaction(async (tx) => {
    const before = await repo.lockEnrollment(tx, scopeOf(ctx), input.id);
    if (!before) throw enrollmentNotFound();
    const documentKeys = await lockEnrollmentDocumentKeys(tx, before.id);
    await repo.deleteEnrollment(tx, before.id);
    await audit(tx, ctx, {
      action: 'enrollment.deleted',
      entityType: 'enrollment',
      entityId: before.id,
      details: {
        member_id: before.memberId,
        program_id: before.programId,
        status: before.status,
        documents: documentKeys.length,
      },
    });
    return documentKeys;
  });
  await removeOrphanedDocumentFiles(ctx, keys);
  return { message: ENROLLMENT_MESSAGES.deleted, id: input.id };
}

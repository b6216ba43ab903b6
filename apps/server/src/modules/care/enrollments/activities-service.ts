import {
  type ActivityCreate,
  type ActivityStatus,
  type ActivityUpdate,
  ENROLLMENT_MESSAGES,
  type EnrollmentActivity,
  type EnrollmentActivityList,
  type EnrollmentItemDeleteResponse,
  type EnrollmentItemsQuery,
  todayIsoDate,
} from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findBillingActivityForOrg } from '../programs/service.ts';
import { findVisibleEnrollment, isWriter, readItemPage, visibleEnrollmentOfItem } from './access.ts';
import * as items from './items-repo.ts';
import type { EnrollmentView } from './repo.ts';

// Activities of an enrollment (002 §3 Activity, §7, §9 defaults; issue #15 item 7 billing): outreach, assessments,
// follow-ups… recorded by the organization's people. A completed activity has its completion time and may be
// billed as one of the program's billing activities, in units.

function toWire(row: items.ActivityView, ctx: OrgContext): EnrollmentActivity {
  return {
    id: row.id,
    enrollment_id: row.enrollmentId,
    activity_type: row.activityType,
    activity_date: row.activityDate,
    status: row.status as ActivityStatus,
    notes: row.notes,
    billing_activity_id: row.billingActivityId,
    billing_activity_name: row.billingActivityName,
    units: row.units,
    performed_by: row.performedBy,
    performed_by_name: row.performedByName,
    completed_at: row.completedAt?.toISOString() ?? null,
    created_ts: row.createdTs.toISOString(),
    can_edit: isWriter(ctx),
  };
}

const notFound = () => new AppError('enrollment_activity.not_found', ENROLLMENT_MESSAGES.activityNotFound);

/** The activity and its enrollment, when the caller sees that enrollment (else the activity is not found). */
async function findVisibleActivity(ctx: OrgContext, id: number): Promise<EnrollmentView> {
  return visibleEnrollmentOfItem(ctx, await items.enrollmentOfActivity(ctx.db, id), notFound);
}

/** A billing activity named on an activity must be one of the enrollment's program (issue #15 item 7). */
async function checkBillingActivity(
  ctx: OrgContext,
  enrollment: EnrollmentView,
  id: number | null | undefined,
) {
  if (id === undefined || id === null) return;
  const invalid = () =>
    new AppError('enrollment_activity.billing_activity_invalid', ENROLLMENT_MESSAGES.billingActivityInvalid, {
      fields: { billing_activity_id: ENROLLMENT_MESSAGES.billingActivityInvalid },
    });
  try {
    const billing = await findBillingActivityForOrg(ctx, id);
    if (billing.programId !== enrollment.programId) throw invalid();
  } catch (error) {
    if (error instanceof AppError && error.reason === 'billing_activity.not_found') throw invalid();
    throw error;
  }
}

async function reread(db: DbOrTx, id: number, ctx: OrgContext): Promise<EnrollmentActivity> {
  return toWire((await items.findActivity(db, id))!, ctx);
}

async function publishCompleted(ctx: OrgContext, db: DbOrTx, row: items.ActivityRow, organizationId: number) {
  await ctx.deps.domainEvents.publish(db, 'activity.completed', {
    activity_id: row.id,
    enrollment_id: row.enrollmentId,
    organization_id: organizationId,
    activity_type: row.activityType,
    billing_activity_id: row.billingActivityId,
  });
}

/** GET /api/enrollments/{id}/activities: newest first, one page; audited. */
export async function listActivities(
  ctx: OrgContext,
  input: EnrollmentItemsQuery & { enrollmentId: number },
): Promise<EnrollmentActivityList> {
  const { rows, total } = await readItemPage(ctx, input, 'enrollment_activity', (id, page) =>
    items.listActivities(ctx.db, id, page),
  );
  return { activities: rows.map((r) => toWire(r, ctx)), total };
}

/**
 * POST /api/enrollments/activities/ (002 §9: outreach, today, scheduled unless sent). The performer is the
 * signed-in user. Publishes activity.created, and activity.completed when it is recorded completed.
 */
export async function createActivity(ctx: OrgContext, input: ActivityCreate): Promise<EnrollmentActivity> {
  const enrollment = await findVisibleEnrollment(ctx, input.enrollment_id);
  await checkBillingActivity(ctx, enrollment, input.billing_activity_id);
  return ctx.db.transaction(async (tx) => {
    const row = await items.insertActivity(tx, {
      enrollmentId: enrollment.id,
      activityType: input.activity_type,
      activityDate: input.activity_date ?? todayIsoDate(),
      status: input.status,
      notes: input.notes ?? null,
      billingActivityId: input.billing_activity_id ?? null,
      units: input.units,
      performedBy: ctx.actor.user.id,
      completedAt: input.status === 'completed' ? new Date() : null,
    });
    await audit(tx, ctx, {
      action: 'enrollment_activity.created',
      entityType: 'enrollment_activity',
      entityId: row.id,
      details: { enrollment_id: enrollment.id, activity_type: row.activityType, status: row.status },
    });
    await ctx.deps.domainEvents.publish(tx, 'activity.created', {
      activity_id: row.id,
      enrollment_id: enrollment.id,
      organization_id: enrollment.organizationId,
      activity_type: row.activityType,
      status: row.status,
    });
    if (row.status === 'completed') await publishCompleted(ctx, tx, row, enrollment.organizationId);
    return reread(tx, row.id, ctx);
  });
}

/**
 * PUT /api/enrollments/activities/{id}: the fields sent change. Completing it sets completed_at (and publishes
 * activity.completed); leaving completed clears it.
 */
export async function updateActivity(
  ctx: OrgContext,
  input: ActivityUpdate & { id: number },
): Promise<EnrollmentActivity> {
  const enrollment = await findVisibleActivity(ctx, input.id);
  if (input.enrollment_id !== undefined && input.enrollment_id !== enrollment.id) {
    throw new AppError('enrollment.member_program_fixed', 'An activity cannot move to another enrollment.', {
      fields: { enrollment_id: 'An activity cannot move to another enrollment.' },
    });
  }
  await checkBillingActivity(ctx, enrollment, input.billing_activity_id);
  return ctx.db.transaction(async (tx) => {
    const before = await items.lockActivity(tx, input.id);
    if (!before) throw notFound();
    const values: Partial<items.ActivityInsert> = {};
    const fields: string[] = [];
    const set = <K extends keyof items.ActivityInsert>(
      field: string,
      column: K,
      value: items.ActivityInsert[K] | undefined,
    ) => {
      if (value === undefined || value === before[column as keyof items.ActivityRow]) return;
      values[column] = value;
      fields.push(field);
    };
    set('activity_type', 'activityType', input.activity_type);
    set('activity_date', 'activityDate', input.activity_date);
    set('status', 'status', input.status);
    set('notes', 'notes', input.notes);
    set('billing_activity_id', 'billingActivityId', input.billing_activity_id);
    set('units', 'units', input.units);
    if (fields.length === 0) {
      await audit(tx, ctx, {
        action: 'enrollment_activity.read',
        entityType: 'enrollment_activity',
        entityId: before.id,
        details: { enrollment_id: enrollment.id },
      });
      return reread(tx, before.id, ctx);
    }
    const completing = values.status === 'completed' && before.status !== 'completed';
    if (completing) values.completedAt = new Date();
    else if (values.status !== undefined && values.status !== 'completed') values.completedAt = null;
    const row = await items.updateActivity(tx, before.id, values);
    await audit(tx, ctx, {
      action: 'enrollment_activity.updated',
      entityType: 'enrollment_activity',
      entityId: row.id,
      details: { enrollment_id: enrollment.id, fields, ...(completing ? { completed: true } : {}) },
    });
    if (completing) await publishCompleted(inTransaction(ctx, tx), tx, row, enrollment.organizationId);
    return reread(tx, row.id, ctx);
  });
}

/** DELETE /api/enrollments/activities/{id}. */
export async function deleteActivity(
  ctx: OrgContext,
  input: { id: number },
): Promise<EnrollmentItemDeleteResponse> {
  const enrollment = await findVisibleActivity(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    const before = await items.lockActivity(tx, input.id);
    if (!before) throw notFound();
    await items.deleteActivity(tx, before.id);
    await audit(tx, ctx, {
      action: 'enrollment_activity.deleted',
      entityType: 'enrollment_activity',
      entityId: before.id,
      details: { enrollment_id: enrollment.id, activity_type: before.activityType, status: before.status },
    });
  });
  return { message: ENROLLMENT_MESSAGES.activityDeleted, id: input.id };
}

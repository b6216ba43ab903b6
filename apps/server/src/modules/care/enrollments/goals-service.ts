import {
  ENROLLMENT_MESSAGES,
  type EnrollmentGoal,
  type EnrollmentGoalCreate,
  type EnrollmentGoalList,
  type EnrollmentGoalUpdate,
  type EnrollmentItemDeleteResponse,
  type EnrollmentItemsQuery,
  type GoalStatus,
} from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findVisibleEnrollment, isWriter, readItemPage, visibleEnrollmentOfItem } from './access.ts';
import * as items from './items-repo.ts';
import type { EnrollmentView } from './repo.ts';

// Goals of an enrollment (002 §3 Goal, §5 "Goal text required", §9 category health, status active). Completing a
// goal records when and publishes goal.completed (automation rules trigger on it, 002 §9).

function toWire(row: items.GoalView, ctx: OrgContext): EnrollmentGoal {
  return {
    id: row.id,
    enrollment_id: row.enrollmentId,
    goal_text: row.goalText,
    goal_category: row.goalCategory,
    target_date: row.targetDate,
    status: row.status as GoalStatus,
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    completed_at: row.completedAt?.toISOString() ?? null,
    created_ts: row.createdTs.toISOString(),
    can_edit: isWriter(ctx),
  };
}

const notFound = () => new AppError('enrollment_goal.not_found', ENROLLMENT_MESSAGES.goalNotFound);

async function findVisibleGoal(ctx: OrgContext, id: number): Promise<EnrollmentView> {
  return visibleEnrollmentOfItem(ctx, await items.enrollmentOfGoal(ctx.db, id), notFound);
}

async function reread(db: DbOrTx, id: number, ctx: OrgContext): Promise<EnrollmentGoal> {
  return toWire((await items.findGoal(db, id))!, ctx);
}

async function publishCompleted(ctx: OrgContext, db: DbOrTx, row: items.GoalRow, organizationId: number) {
  await ctx.deps.domainEvents.publish(db, 'goal.completed', {
    goal_id: row.id,
    enrollment_id: row.enrollmentId,
    organization_id: organizationId,
  });
}

/** GET /api/enrollments/{id}/goals: newest first; audited. */
export async function listGoals(
  ctx: OrgContext,
  input: EnrollmentItemsQuery & { enrollmentId: number },
): Promise<EnrollmentGoalList> {
  const { rows, total } = await readItemPage(ctx, input, 'enrollment_goal', (id, page) =>
    items.listGoals(ctx.db, id, page),
  );
  return { goals: rows.map((r) => toWire(r, ctx)), total };
}

/** POST /api/enrollments/goals/: a goal set by the signed-in user. */
export async function createGoal(ctx: OrgContext, input: EnrollmentGoalCreate): Promise<EnrollmentGoal> {
  const enrollment = await findVisibleEnrollment(ctx, input.enrollment_id);
  return ctx.db.transaction(async (tx) => {
    const row = await items.insertGoal(tx, {
      enrollmentId: enrollment.id,
      goalText: input.goal_text,
      goalCategory: input.goal_category,
      targetDate: input.target_date ?? null,
      status: input.status,
      createdBy: ctx.actor.user.id,
      completedAt: input.status === 'completed' ? new Date() : null,
    });
    await audit(tx, ctx, {
      action: 'enrollment_goal.created',
      entityType: 'enrollment_goal',
      entityId: row.id,
      details: { enrollment_id: enrollment.id, goal_category: row.goalCategory, status: row.status },
    });
    if (row.status === 'completed') await publishCompleted(ctx, tx, row, enrollment.organizationId);
    return reread(tx, row.id, ctx);
  });
}

/** PUT /api/enrollments/goals/{id}: the fields sent change; completing it records when. */
export async function updateGoal(
  ctx: OrgContext,
  input: EnrollmentGoalUpdate & { id: number },
): Promise<EnrollmentGoal> {
  const enrollment = await findVisibleGoal(ctx, input.id);
  if (input.enrollment_id !== undefined && input.enrollment_id !== enrollment.id) {
    throw new AppError('enrollment.member_program_fixed', 'A goal cannot move to another enrollment.', {
      fields: { enrollment_id: 'A goal cannot move to another enrollment.' },
    });
  }
  return ctx.db.transaction(async (tx) => {
    const before = await items.lockGoal(tx, input.id);
    if (!before) throw notFound();
    const values: Partial<items.GoalInsert> = {};
    const fields: string[] = [];
    if (input.goal_text !== undefined && input.goal_text !== before.goalText) {
      values.goalText = input.goal_text;
      fields.push('goal_text');
    }
    if (input.goal_category !== undefined && input.goal_category !== before.goalCategory) {
      values.goalCategory = input.goal_category;
      fields.push('goal_category');
    }
    if (input.target_date !== undefined && input.target_date !== before.targetDate) {
      values.targetDate = input.target_date;
      fields.push('target_date');
    }
    if (input.status !== undefined && input.status !== before.status) {
      values.status = input.status;
      values.completedAt = input.status === 'completed' ? new Date() : null;
      fields.push('status');
    }
    if (fields.length === 0) {
      await audit(tx, ctx, {
        action: 'enrollment_goal.read',
        entityType: 'enrollment_goal',
        entityId: before.id,
        details: { enrollment_id: enrollment.id },
      });
      return reread(tx, before.id, ctx);
    }
    const row = await items.updateGoal(tx, before.id, values);
    const completing = values.status === 'completed';
    await audit(tx, ctx, {
      action: 'enrollment_goal.updated',
      entityType: 'enrollment_goal',
      entityId: row.id,
      details: { enrollment_id: enrollment.id, fields, ...(completing ? { completed: true } : {}) },
    });
    if (completing) await publishCompleted(ctx, tx, row, enrollment.organizationId);
    return reread(tx, row.id, ctx);
  });
}

/** DELETE /api/enrollments/goals/{id}. */
export async function deleteGoal(
  ctx: OrgContext,
  input: { id: number },
): Promise<EnrollmentItemDeleteResponse> {
  const enrollment = await findVisibleGoal(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    const before = await items.lockGoal(tx, input.id);
    if (!before) throw notFound();
    await items.deleteGoal(tx, before.id);
    await audit(tx, ctx, {
      action: 'enrollment_goal.deleted',
      entityType: 'enrollment_goal',
      entityId: before.id,
      details: { enrollment_id: enrollment.id },
    });
  });
  return { message: ENROLLMENT_MESSAGES.goalDeleted, id: input.id };
}

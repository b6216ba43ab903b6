import {
  addDaysIso,
  completionPercentage,
  FORM_DUE_SOON_DAYS,
  FORM_SERVER_MESSAGES,
  type FormAnswers,
  type FormInstance,
  type FormInstanceAssignmentInput,
  type FormInstanceCreate,
  type FormInstanceHistory,
  type FormInstanceList,
  type FormInstanceListQuery,
  type FormInstanceReviewInput,
  type FormInstanceStatus,
  type FormInstanceSubmit,
  type FormInstanceSummary,
  type FormSection,
  formTypeOf,
  inputFields,
  isOrgManager,
  ORG_WRITER_ROLES,
  todayIsoDate,
} from '@trust/domain';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findVisibleEnrollment } from '../enrollments/access.ts';
import { clearAnalyticsCache } from './analytics-cache.ts';
import { changedFieldIds, checkedAnswers, defaultAnswers } from './answers.ts';
import * as repo from './instances-repo.ts';
import { moveForm } from './lifecycle.ts';
import { findTemplateForOrg } from './templates-service.ts';

// Forms filled for enrollments (002 §2 filler and library, §4, §5, §7; issue #16 items 2, 3, 5). A form is seen by
// whoever sees its enrollment (staff: the enrollments they manage) and by the person it is assigned to; writers
// fill it while it is a draft; submitting, reviewing and approving go through the state machine (lifecycle.ts).
// Every read of answers is audited; history and audit rows name the fields changed, never the answers.

const notFound = () => new AppError('form_instance.not_found', FORM_SERVER_MESSAGES.instanceNotFound);

function scopeOf(ctx: OrgContext): repo.Scope {
  return {
    organizationId: ctx.actor.org.id,
    staffUserId: ctx.actor.org.role === 'staff' ? ctx.actor.user.id : null,
  };
}

const isWriter = (ctx: OrgContext) => ORG_WRITER_ROLES.includes(ctx.actor.org.role);

function toSummary(ctx: OrgContext, row: repo.InstanceView): FormInstanceSummary {
  const writer = isWriter(ctx);
  return {
    id: row.id,
    form_template_id: row.templateId,
    form_template_name: row.templateName,
    form_template_version: row.templateVersion,
    form_type: formTypeOf(row.formType),
    enrollment_id: row.enrollmentId,
    member_name: `${row.memberFirstName} ${row.memberLastName}`.trim(),
    program_name: row.programName,
    status: row.status as FormInstanceStatus,
    completion_percentage: row.completionPercentage,
    assigned_to_user_id: row.assignedToUserId,
    assigned_to_name: row.assignedToName,
    due_date: row.dueDate,
    started_at: row.startedAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    reviewed_by_name: row.reviewedByName,
    approved_at: row.approvedAt?.toISOString() ?? null,
    approved_by_name: row.approvedByName,
    review_comment: row.reviewComment,
    last_updated_ts: row.lastUpdatedTs.toISOString(),
    last_updated_by_name: row.lastUpdatedByName,
    created_by_name: row.createdByName,
    revision: row.revision,
    can_edit: writer && row.status === 'draft',
    can_review: isOrgManager(ctx.actor.org.role) && (row.status === 'submitted' || row.status === 'reviewed'),
    can_delete: writer && row.status === 'draft',
  };
}

function toWire(ctx: OrgContext, row: repo.InstanceView): FormInstance {
  return { ...toSummary(ctx, row), field_data: row.fieldData as Record<string, unknown> };
}

/** A form the caller sees, with its names; anything else is 404. */
async function findVisible(ctx: OrgContext, id: number): Promise<repo.InstanceView> {
  const row = await repo.findInstance(ctx.db, scopeOf(ctx), id);
  if (!row) throw notFound();
  return row;
}

/** The form as the caller now sees it (after a change), without a read audit: the change's own row names it. */
async function current(ctx: OrgContext, id: number): Promise<FormInstance> {
  return toWire(ctx, await findVisible(ctx, id));
}

/** The sections of the version a form is pinned to. */
async function pinnedSections(ctx: OrgContext, row: repo.InstanceRow): Promise<FormSection[]> {
  const view = await findTemplateForOrg(ctx, row.templateId, row.templateVersion);
  return view.version.sections as FormSection[];
}

/** An assignee must be an active user of the organization who fills forms (not a viewer). */
async function checkedAssignee(ctx: OrgContext, userId: number | null | undefined): Promise<number | null> {
  if (userId === undefined || userId === null) return null;
  const role = await repo.membershipRole(ctx.db, ctx.actor.org.id, userId);
  if (role === null || role === 'viewer') {
    throw new AppError('form_instance.assignee_invalid', FORM_SERVER_MESSAGES.assigneeInvalid, {
      fields: { assigned_to_user_id: FORM_SERVER_MESSAGES.assigneeInvalid },
    });
  }
  return userId;
}

/**
 * POST /api/forms/instances/ (002 §4: the filler opened with a template and an enrollment creates the form). The
 * form is pinned to the template's current version and starts with the fields' default values.
 */
export async function createInstance(ctx: OrgContext, input: FormInstanceCreate): Promise<FormInstance> {
  const enrollment = await findVisibleEnrollment(ctx, input.enrollment_id);
  const template = await findTemplateForOrg(ctx, input.form_template_id);
  if (!template.template.isActive) {
    throw new AppError('form_template.inactive', FORM_SERVER_MESSAGES.templateInactive);
  }
  const assignee = await checkedAssignee(ctx, input.assigned_to_user_id);
  const sections = template.version.sections as FormSection[];
  const answers = defaultAnswers(sections);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertInstance(tx, {
      organizationId: ctx.actor.org.id,
      templateId: template.template.id,
      templateVersion: template.version.version,
      enrollmentId: enrollment.id,
      fieldData: answers,
      completionPercentage: completionPercentage({ sections }, answers),
      assignedToUserId: assignee,
      dueDate: input.due_date ?? null,
      createdBy: ctx.actor.user.id,
      lastUpdatedBy: ctx.actor.user.id,
    });
    await repo.insertHistory(tx, { instanceId: row.id, action: 'created', userId: ctx.actor.user.id });
    await audit(tx, ctx, {
      action: 'form_instance.created',
      entityType: 'form_instance',
      entityId: row.id,
      details: {
        enrollment_id: enrollment.id,
        form_template_id: template.template.id,
        version: template.version.version,
      },
    });
    await clearAnalyticsCache(tx, ctx.actor.org.id);
    return row.id;
  });
  return current(ctx, id);
}

/** GET /api/forms/instances/: one page, without the answers; audited (member names). */
export async function listInstances(
  ctx: OrgContext,
  query: FormInstanceListQuery,
): Promise<FormInstanceList> {
  const today = todayIsoDate();
  const { rows, total } = await repo.listInstances(ctx.db, scopeOf(ctx), {
    ...(query.enrollment_id === undefined ? {} : { enrollmentId: query.enrollment_id }),
    ...(query.form_template_id === undefined ? {} : { templateId: query.form_template_id }),
    ...(query.status === undefined ? {} : { status: query.status }),
    ...(query.assigned_to_user_id === undefined ? {} : { assignedToUserId: query.assigned_to_user_id }),
    ...(query.program_id === undefined ? {} : { programId: query.program_id }),
    ...(query.compliance
      ? {
          compliance: {
            kind: query.compliance,
            today,
            soonUntil: addDaysIso(today, FORM_DUE_SOON_DAYS),
          },
        }
      : {}),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  await auditPhiRead(ctx.db, ctx, {
    action: 'form_instance.list_read',
    entityType: 'form_instance',
    ids: rows.map((r) => r.id),
  });
  return { instances: rows.map((r) => toSummary(ctx, r)), total };
}

/** GET /api/forms/instances/{id}: the form with its answers; audited. */
export async function getInstance(ctx: OrgContext, input: { id: number }): Promise<FormInstance> {
  const row = await findVisible(ctx, input.id);
  await audit(ctx.db, ctx, {
    action: 'form_instance.read',
    entityType: 'form_instance',
    entityId: row.id,
    details: { enrollment_id: row.enrollmentId },
  });
  return toWire(ctx, row);
}

/**
 * PUT /api/forms/instances/{id}/submit (002 §7): saves the answers as a draft, or submits them. The form is
 * locked for the save, so two saves queue; one sent with an older `revision` than the stored one is refused
 * (409 with the form as it now stands) instead of erasing the answers saved in between. A submitted form is
 * read-only (409).
 */
export async function saveInstance(
  ctx: OrgContext,
  input: FormInstanceSubmit & { id: number },
): Promise<FormInstance> {
  const visible = await findVisible(ctx, input.id);
  const sections = await pinnedSections(ctx, visible);
  const submitting = input.status === 'submitted';
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockInstance(tx, visible.id);
    if (!row) throw notFound();
    if (row.status !== 'draft') {
      throw new AppError('form_instance.not_editable', FORM_SERVER_MESSAGES.notEditable);
    }
    if (input.revision !== undefined && input.revision !== row.revision) {
      const now = await repo.findInstance(tx, scopeOf(ctx), row.id);
      const when = (now?.lastUpdatedTs ?? row.lastUpdatedTs).toISOString().slice(11, 16);
      throw new AppError(
        'form_instance.stale',
        FORM_SERVER_MESSAGES.staleDraft(now?.lastUpdatedByName ?? 'Someone', `${when} UTC`),
        now ? { current: toWire(ctx, now) } : {},
      );
    }
    const answers = await checkedAnswers(
      { ...ctx, db: tx },
      { sections, enrollmentId: row.enrollmentId, answers: input.field_data, submitting },
    );
    const changed = changedFieldIds(row.fieldData as FormAnswers, answers);
    const values = { fieldData: answers, completionPercentage: completionPercentage({ sections }, answers) };
    if (submitting) {
      await moveForm(tx, ctx, {
        instance: row,
        to: 'submitted',
        changedFields: changed,
        values,
        formType: visible.formType,
      });
      return;
    }
    if (changed.length === 0) {
      // Nothing changed: the answer is the whole form, so this is the read it is (audited as one).
      await audit(tx, ctx, {
        action: 'form_instance.read',
        entityType: 'form_instance',
        entityId: row.id,
        details: { enrollment_id: row.enrollmentId },
      });
      return;
    }
    const now = new Date();
    await repo.updateInstance(tx, row.id, {
      ...values,
      revision: row.revision + 1,
      lastUpdatedBy: ctx.actor.user.id,
      lastUpdatedTs: now,
    });
    await repo.insertHistory(tx, {
      instanceId: row.id,
      action: 'saved',
      userId: ctx.actor.user.id,
      changedFields: changed,
    });
    await audit(tx, ctx, {
      action: 'form_instance.saved',
      entityType: 'form_instance',
      entityId: row.id,
      details: { enrollment_id: row.enrollmentId, changed_fields: changed, revision: row.revision + 1 },
    });
    await clearAnalyticsCache(tx, row.organizationId);
  });
  return current(ctx, visible.id);
}

/** PUT /api/forms/instances/{id}/review: a manager marks a submitted form reviewed, or approves it. */
export async function reviewInstance(
  ctx: OrgContext,
  input: FormInstanceReviewInput & { id: number },
): Promise<FormInstance> {
  const visible = await findVisible(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockInstance(tx, visible.id);
    if (!row) throw notFound();
    await moveForm(tx, ctx, {
      instance: row,
      to: input.status,
      comment: input.comment?.trim() || null,
      formType: visible.formType,
    });
  });
  return current(ctx, visible.id);
}

/** PUT /api/forms/instances/{id}/assignment: who fills a draft, and by when (issue #16 item 5). */
export async function assignInstance(
  ctx: OrgContext,
  input: FormInstanceAssignmentInput & { id: number },
): Promise<FormInstance> {
  const visible = await findVisible(ctx, input.id);
  const assignee = await checkedAssignee(ctx, input.assigned_to_user_id);
  const dueDate = input.due_date === '' ? null : (input.due_date ?? null);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockInstance(tx, visible.id);
    if (!row) throw notFound();
    if (row.status !== 'draft') {
      throw new AppError('form_instance.not_editable', FORM_SERVER_MESSAGES.notEditable);
    }
    await repo.updateInstance(tx, row.id, {
      assignedToUserId: assignee,
      dueDate,
      revision: row.revision + 1,
      lastUpdatedBy: ctx.actor.user.id,
      lastUpdatedTs: new Date(),
    });
    await repo.insertHistory(tx, { instanceId: row.id, action: 'assigned', userId: ctx.actor.user.id });
    await audit(tx, ctx, {
      action: 'form_instance.assigned',
      entityType: 'form_instance',
      entityId: row.id,
      details: { enrollment_id: row.enrollmentId, assigned_to_user_id: assignee, due_date: dueDate },
    });
    await clearAnalyticsCache(tx, row.organizationId);
  });
  return current(ctx, visible.id);
}

/** GET /api/forms/instances/{id}/history: newest first, with the labels of the fields each save changed. */
export async function instanceHistory(ctx: OrgContext, input: { id: number }): Promise<FormInstanceHistory> {
  const row = await findVisible(ctx, input.id);
  const labels = new Map(
    inputFields({ sections: await pinnedSections(ctx, row) }).map((f) => [f.field_id, f.label]),
  );
  const entries = await repo.listHistory(ctx.db, row.id);
  await audit(ctx.db, ctx, {
    action: 'form_instance.history_read',
    entityType: 'form_instance',
    entityId: row.id,
    details: { enrollment_id: row.enrollmentId },
  });
  return {
    history: entries.map((e) => ({
      id: e.id,
      action: e.action as FormInstanceHistory['history'][number]['action'],
      timestamp: e.createdTs.toISOString(),
      user_name: e.userName,
      changed_fields: e.changedFields.map((id) => ({ field_id: id, label: labels.get(id) ?? id })),
      comment: e.comment,
    })),
  };
}

/** DELETE /api/forms/instances/{id}: drafts only (002 §4: only drafts can be deleted from the library). */
export async function deleteInstance(
  ctx: OrgContext,
  input: { id: number },
): Promise<{ message: string; id: number }> {
  const visible = await findVisible(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockInstance(tx, visible.id);
    if (!row) throw notFound();
    if (row.status !== 'draft') {
      throw new AppError('form_instance.delete_not_draft', FORM_SERVER_MESSAGES.onlyDraftsDeleted);
    }
    await repo.deleteInstance(tx, row.id);
    await audit(tx, ctx, {
      action: 'form_instance.deleted',
      entityType: 'form_instance',
      entityId: row.id,
      details: { enrollment_id: row.enrollmentId, form_template_id: row.templateId },
    });
    await clearAnalyticsCache(tx, row.organizationId);
  });
  return { message: FORM_SERVER_MESSAGES.instanceDeleted, id: visible.id };
}

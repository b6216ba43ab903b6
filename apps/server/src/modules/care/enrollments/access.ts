import type { EnrollmentItemsQuery } from '@trust/domain';
import { ENROLLMENT_MESSAGES, isOrgManager, ORG_WRITER_ROLES } from '@trust/domain';
import { auditPhiRead } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ConfidentialReader } from './items-repo.ts';
import * as repo from './repo.ts';

// Who sees and changes which enrollment (002 §6, issue #15 item 8), decided here on the server:
// - super_admin, org_admin, manager: every enrollment of the organization;
// - staff: only the enrollments they are the case manager of (the others do not exist for them: 404); a staff
//   member who creates one becomes its case manager;
// - viewer: reads every enrollment of the organization, changes nothing (the routes refuse their writes: 403).
// Confidential notes are read only by their author and the organization's managers and administrators.

export function isManager(ctx: OrgContext): boolean {
  return isOrgManager(ctx.actor.org.role);
}

export function isWriter(ctx: OrgContext): boolean {
  return ORG_WRITER_ROLES.includes(ctx.actor.org.role);
}

/** The enrollments the caller sees: the organization's, and for staff only those they manage. */
export function scopeOf(ctx: OrgContext): repo.Scope {
  return {
    organizationId: ctx.actor.org.id,
    caseManagerUserId: ctx.actor.org.role === 'staff' ? ctx.actor.user.id : null,
  };
}

/** The user whose confidential notes the caller reads (null: every note, for managers and administrators). */
export function confidentialReader(ctx: OrgContext): ConfidentialReader {
  return isManager(ctx) ? null : ctx.actor.user.id;
}

export function enrollmentNotFound(): AppError {
  return new AppError('enrollment.not_found', ENROLLMENT_MESSAGES.notFound);
}

/** An enrollment the caller sees, with its names; anything else is 'Enrollment not found' (404). */
export async function findVisibleEnrollment(ctx: OrgContext, id: number): Promise<repo.EnrollmentView> {
  const enrollment = await repo.findEnrollment(ctx.db, scopeOf(ctx), id);
  if (!enrollment) throw enrollmentNotFound();
  return enrollment;
}

/**
 * The enrollment of an activity, note, goal or document (`enrollmentId` undefined: no such item), when the
 * caller sees it; an item of an enrollment the caller does not see is the item's own 404, never a hint that
 * the enrollment exists.
 */
export async function visibleEnrollmentOfItem(
  ctx: OrgContext,
  enrollmentId: number | undefined,
  notFound: () => AppError,
): Promise<repo.EnrollmentView> {
  if (enrollmentId === undefined) throw notFound();
  try {
    return await findVisibleEnrollment(ctx, enrollmentId);
  } catch (error) {
    if (error instanceof AppError && error.reason === 'enrollment.not_found') throw notFound();
    throw error;
  }
}

/**
 * One page (newest first) of the items of an enrollment the caller sees, the read audited with the ids it
 * returned (002 §7 GET /api/enrollments/{id}/activities, notes, goals, documents).
 */
export async function readItemPage<R extends { id: number }>(
  ctx: OrgContext,
  input: EnrollmentItemsQuery & { enrollmentId: number },
  entityType: 'enrollment_activity' | 'enrollment_note' | 'enrollment_goal' | 'enrollment_document',
  list: (
    enrollmentId: number,
    page: { limit: number; offset: number },
  ) => Promise<{ rows: R[]; total: number }>,
): Promise<{ rows: R[]; total: number }> {
  const enrollment = await findVisibleEnrollment(ctx, input.enrollmentId);
  const page = await list(enrollment.id, {
    limit: input.page_size,
    offset: (input.page - 1) * input.page_size,
  });
  await auditPhiRead(ctx.db, ctx, {
    action: `${entityType}.list_read`,
    entityType,
    ids: page.rows.map((r) => r.id),
    details: { enrollment_id: enrollment.id },
  });
  return page;
}

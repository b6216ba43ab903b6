import { ENROLLMENT_MESSAGES, isOrgManager, ORG_WRITER_ROLES } from '@trust/domain';
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

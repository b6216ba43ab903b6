import {
  ENROLLMENT_MESSAGES,
  type EnrollmentStatus,
  isFinalEnrollmentStatus,
  isOrgManager,
  todayIsoDate,
  transitionOfEnrollment,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertProgramAcceptsEnrollment } from '../programs/service.ts';
import * as repo from './repo.ts';

// The enrollment state machine (DESIGN.md "Every state that matters has one state machine"; issue #15 item 6):
// the only code that changes an enrollment's status. A PUT with a status calls `takeEnrollmentStep` inside its
// transaction, on the row it locked. The step is checked against the table of packages/domain enrollments.ts
// (ENROLLMENT_TRANSITIONS: which steps exist and who may take each); an activation also passes the program's
// check (active program, capacity, the manager's override) with the program row locked, so concurrent
// activations queue up and cannot both take the last place. Then it writes the status with its dates, the audit
// row and the domain event `enrollment.status_changed` (a NOTIFY, delivered only once the transaction commits):
// all or nothing.

/**
 * An enrollment becomes active (created active, or moved to active): the program must take it. Must run inside
 * the transaction that writes it (`ctx.db` is that transaction): the program row stays locked until it ends.
 * Answers whether a manager's override let it past the program's capacity (audited by the caller).
 */
export async function admitActive(
  ctx: OrgContext,
  input: { programId: number; overrideCapacity: boolean },
): Promise<{ capacityOverridden: boolean }> {
  const { program, active } = await assertProgramAcceptsEnrollment(ctx, {
    programId: input.programId,
    override: input.overrideCapacity,
  });
  return { capacityOverridden: program.capacity !== null && active >= program.capacity };
}

/** 422: the table has no such step; it names both statuses and what the current one allows. */
export function refuseTransition(from: EnrollmentStatus, to: EnrollmentStatus): never {
  throw new AppError('enrollment.transition_refused', ENROLLMENT_MESSAGES.transitionRefused(from, to), {
    fields: { status: ENROLLMENT_MESSAGES.transitionRefused(from, to) },
  });
}

export type EnrollmentStep = {
  /** The enrollment as locked by the caller (`SELECT … FOR UPDATE` in this transaction). */
  before: repo.EnrollmentRow;
  to: EnrollmentStatus;
  /** A manager's override of the program's capacity when the step activates the enrollment. */
  overrideCapacity: boolean;
};

/**
 * Takes one step of the enrollment's lifecycle in the caller's transaction (`ctx.db`) and returns the row after
 * it. Refuses (nothing written): 422 when the table has no such step, 403 when the step is a manager's, and the
 * program's refusals when it activates (422 inactive, 409 at capacity, 403 override by a non-manager).
 */
export async function takeEnrollmentStep(ctx: OrgContext, step: EnrollmentStep): Promise<repo.EnrollmentRow> {
  const { before, to } = step;
  const from = before.status as EnrollmentStatus;
  const transition = transitionOfEnrollment(from, to);
  if (!transition) refuseTransition(from, to);
  if (transition.by === 'managers' && !isOrgManager(ctx.actor.org.role)) {
    throw new AppError('enrollment.transition_forbidden', ENROLLMENT_MESSAGES.transitionForbidden(to));
  }
  const admitted =
    to === 'active'
      ? await admitActive(ctx, { programId: before.programId, overrideCapacity: step.overrideCapacity })
      : { capacityOverridden: false };
  const today = todayIsoDate();
  // An enrollment starts when it first becomes active and ends when it reaches a final status, unless the
  // dates were set by hand.
  const after = await repo.updateEnrollment(ctx.db, before.id, {
    status: to,
    ...(to === 'active' && !before.startDate ? { startDate: today } : {}),
    ...(isFinalEnrollmentStatus(to) && !before.endDate ? { endDate: today } : {}),
  });
  await audit(ctx.db, ctx, {
    action: 'enrollment.status_changed',
    entityType: 'enrollment',
    entityId: before.id,
    details: {
      from,
      to,
      program_id: before.programId,
      member_id: before.memberId,
      ...(admitted.capacityOverridden ? { capacity_overridden: true } : {}),
    },
  });
  await ctx.deps.domainEvents.publish(ctx.db, 'enrollment.status_changed', {
    enrollment_id: before.id,
    organization_id: before.organizationId,
    member_id: before.memberId,
    program_id: before.programId,
    from,
    to,
  });
  return after;
}

import {
  type AuditAction,
  canTake,
  type ErrorReason,
  type LifecycleAction,
  type LifecycleActor,
  RESPONSE_WINDOW_DAYS,
  type ReferralEventType,
  type ReferralStatus,
  refusedTransitionMessage,
  transitionOf,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { publishFeedChange } from './feed-cards.ts';
import { recordReferralEvent } from './history.ts';
import { scheduleMemberFollowUp } from './member-follow-up.ts';
import { noticeMemberOfStatus } from './member-notice.ts';
import type * as repo from './repo.ts';
import { updateReferral } from './repo.ts';

// The referral state machine (issue #14 item 1): the only code that changes a referral's status. Every path that
// moves one (a status change from the queue or the workspace, a claim, a manual or automatic match, removing the
// last match, the provider's answer in the app or by SMS, the expiry job) calls `takeStep` in its own
// transaction, on the row it locked. `takeStep` asks the lifecycle table (packages/domain
// referral-lifecycle.ts) whether this actor may take this step from the current status, then writes the status
// with the step's other columns, the timeline row (which publishes the domain events), the audit row, the
// member's SMS when the step notifies the member, and the live feeds' update: all or nothing, with the caller's
// transaction.

export type Step = {
  /** The referral as locked by the caller (`SELECT … FOR UPDATE` in this transaction). */
  before: repo.ReferralRecord;
  action: LifecycleAction;
  actor: LifecycleActor;
  /** The signed-in user who did it; null for the system or a provider answering by SMS. */
  actorUserId: number | null;
  /** The step's other columns (the matched provider, acceptance, expiry, outcome…). */
  changes?: Partial<repo.ReferralInsert>;
  /** The timeline row: its type (status_changed unless the step has its own: claimed, accepted…) and details. */
  event?: { type?: ReferralEventType; details?: Record<string, unknown> };
  /** The audit row: its action (referral.status_changed unless named) and details (never PHI values). */
  audit?: { action?: AuditAction; details?: Record<string, unknown> };
  /** When it happened (one clock for the whole step); now by default. */
  at?: Date;
};

/** A refused step: 409 naming the current status and what it allows. */
export function refuseStep(
  from: ReferralStatus,
  to: ReferralStatus,
  actors: readonly LifecycleActor[],
  reason: ErrorReason = 'referral.transition_refused',
): never {
  throw new AppError(reason, refusedTransitionMessage(from, to, actors));
}

/**
 * Takes one step of the lifecycle on a locked referral, in the caller's transaction (`ctx.db`), and returns the
 * referral after it. Throws 409 when the table does not allow it (nothing is written then).
 */
export async function takeStep(ctx: ServiceContext, step: Step): Promise<repo.ReferralRecord> {
  const { before, action, actor, actorUserId } = step;
  const transition = transitionOf(action);
  const from = before.status as ReferralStatus;
  if (!canTake(action, from, actor)) refuseStep(from, transition.to, [actor]);
  const at = step.at ?? new Date();
  const after = await updateReferral(ctx.db, before.id, {
    ...step.changes,
    status: transition.to,
    updatedAt: at,
  });
  await recordReferralEvent(ctx, {
    referral: after,
    type: step.event?.type ?? 'status_changed',
    actorUserId,
    fromStatus: before.status,
    toStatus: after.status,
    details: { action, ...step.event?.details },
  });
  await audit(ctx.db, ctx, {
    action: step.audit?.action ?? 'referral.status_changed',
    entityType: 'referral',
    entityId: before.id,
    details: { from: before.status, to: after.status, action, ...step.audit?.details },
  });
  if (transition.notifiesMember) await noticeMemberOfStatus(ctx, { referral: after, actorUserId });
  // Issue #14 item 4: a few days after Completed the member is asked whether they got help.
  if (action === 'complete') await scheduleMemberFollowUp(ctx, { referral: after, at });
  await publishFeedChange(ctx, { before, after });
  return after;
}

const DAY_MS = 86_400_000;

/**
 * The one way a referral is matched to one provider (a claim from the live feed, a manual match; the cascade):
 * the match step with the provider, matched_at now, acceptance pending, any earlier answer cleared, and the 7
 * days the provider has to answer (000 §9 expires_at).
 */
export function matchToProvider(
  ctx: ServiceContext,
  input: Omit<Step, 'action' | 'changes'> & { providerId: number; matchMethod: string },
): Promise<repo.ReferralRecord> {
  const { providerId, matchMethod, ...step } = input;
  const at = step.at ?? new Date();
  return takeStep(ctx, {
    ...step,
    at,
    action: 'match',
    changes: {
      matchedProviderId: providerId,
      matchedAt: at,
      matchMethod,
      autoMatchedAt: null,
      acceptanceStatus: 'pending',
      acceptedAt: null,
      rejectedAt: null,
      rejectionReason: null,
      phiEmailSent: false,
      emailSentTo: null,
      phiEmailMessageId: null,
      expiresAt: new Date(at.getTime() + RESPONSE_WINDOW_DAYS * DAY_MS),
    },
  });
}

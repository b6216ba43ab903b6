import {
  canTake,
  type LifecycleAction,
  type LifecycleActor,
  type LifecycleStatus,
  REFERRAL_OUTCOMES,
  type ReferralOutcome,
} from './referral-lifecycle.ts';
import type { ReferralStatus } from './referrals.ts';

// The two-way mapping between a referral's status and the status of its SDOHCC "Task For Referral Management"
// (SDOH Clinical Care IG 2.3.0, ValueSet SDOHCC-ValueSetReferralTaskStatus and the Referral Task State Diagram).
// The referral's state machine stays the only thing that changes a status: a Task status change asked by a FHIR
// client is translated into one of its steps, and refused (409) when it means none.

/**
 * FHIR R4 TaskStatus codes. The IG's referral value set is this list without `ready` and `received`
 * (`exclude TaskStatus#ready`, `exclude TaskStatus#received`); both stay here so an incoming Task using them can be
 * recognised and refused by name rather than as garbage.
 */
export const FHIR_TASK_STATUSES = [
  'draft',
  'requested',
  'received',
  'accepted',
  'rejected',
  'ready',
  'cancelled',
  'in-progress',
  'on-hold',
  'failed',
  'completed',
  'entered-in-error',
] as const;
export type FhirTaskStatus = (typeof FHIR_TASK_STATUSES)[number];

/** The statuses the IG allows on a referral Task (SDOHCC-ValueSetReferralTaskStatus). */
export const SDOHCC_REFERRAL_TASK_STATUSES: readonly FhirTaskStatus[] = FHIR_TASK_STATUSES.filter(
  (s) => s !== 'ready' && s !== 'received',
);

export function isFhirTaskStatus(value: unknown): value is FhirTaskStatus {
  return (FHIR_TASK_STATUSES as readonly unknown[]).includes(value);
}

/**
 * The Task status a referral shows. Several referral statuses share one Task status because the IG's diagram is
 * coarser than the app's lifecycle:
 * - pending and matched are both `requested`: action is sought, no performer has answered yet (`received` is
 *   excluded by the IG);
 * - authorized is `accepted`: the referrer's prior authorization does not start the work;
 * - expired is `rejected`: the potential performer did not take it before doing anything, and like rejected it
 *   goes back to matching. Task.businessStatus (a coding of REFERRAL_STATUS_CODE_SYSTEM) keeps the finer status.
 */
export const TASK_STATUS_OF_REFERRAL: Record<ReferralStatus, FhirTaskStatus> = {
  pending: 'requested',
  matched: 'requested',
  accepted: 'accepted',
  authorized: 'accepted',
  in_progress: 'in-progress',
  on_hold: 'on-hold',
  completed: 'completed',
  rejected: 'rejected',
  expired: 'rejected',
  cancelled: 'cancelled',
};

export function taskStatusOfReferral(status: ReferralStatus): FhirTaskStatus {
  return TASK_STATUS_OF_REFERRAL[status];
}

/** The code system of Task.businessStatus: the app's own referral status, finer than Task.status. */
export const REFERRAL_STATUS_CODE_SYSTEM =
  'https://trust-marketplace.example/fhir/CodeSystem/referral-status';

/**
 * A Task status change, asked for by a side of the referral, as the lifecycle step it means. Only the steps the
 * IG gives to that side and the state machine allows from the referral's current status count:
 * - the referral target (provider) accepts or rejects a matched referral, starts, holds and completes it;
 * - the requester (referrer) cancels it, or asks again (`requested`) for a rejected or expired one (reopen).
 * Anything else (failed, draft, entered-in-error, received, ready, a skipped step, the other side's step) is
 * null, which the API answers with 409.
 */
const STEPS_OF_TASK_STATUS: Partial<Record<FhirTaskStatus, readonly LifecycleAction[]>> = {
  accepted: ['accept'],
  rejected: ['decline'],
  'in-progress': ['start'],
  'on-hold': ['hold'],
  completed: ['complete'],
  cancelled: ['cancel'],
  requested: ['reopen'],
};

export function lifecycleActionOfTaskStatus(
  from: LifecycleStatus,
  to: FhirTaskStatus,
  actors: readonly LifecycleActor[],
): LifecycleAction | null {
  const steps = STEPS_OF_TASK_STATUS[to] ?? [];
  // The system actor is never a FHIR caller: a client cannot expire a match or speak for the matching engine.
  const callers = actors.filter((a) => a !== 'system');
  return steps.find((action) => callers.some((actor) => canTake(action, from, actor))) ?? null;
}

/**
 * The Task.output coding of a completed referral's outcome. The IG's output slices carry performed procedures;
 * the outcome itself has no IG code, so it travels as a code of the app's outcome system with its display.
 */
export const REFERRAL_OUTCOME_CODE_SYSTEM =
  'https://trust-marketplace.example/fhir/CodeSystem/referral-outcome';

export function isReferralOutcome(value: unknown): value is ReferralOutcome {
  return (REFERRAL_OUTCOMES as readonly unknown[]).includes(value);
}

/**
 * Task.meta.versionId of a referral's Task: its updated_at in epoch milliseconds. Every lifecycle step and edit
 * sets updated_at, so the version moves whenever the Task could read differently; read and write sides both use
 * this, so an ETag read from GET /fhir/Task/{id} is what If-Match compares with.
 */
export function taskVersionOf(updatedAt: string | Date): string {
  return String(new Date(updatedAt).getTime());
}

/** The ETag of a version (FHIR http.html#versioning: a weak ETag, W/"<versionId>"). */
export function taskETagOf(updatedAt: string | Date): string {
  return `W/"${taskVersionOf(updatedAt)}"`;
}

/** The versionId an If-Match header names (W/"3", "3" or 3), or null when it names none. */
export function versionOfIfMatch(header: string | undefined): string | null {
  const m = header?.trim().match(/^(?:W\/)?"?([^"]+)"?$/);
  return m ? m[1]! : null;
}

import type { Task, TaskOutput } from '@medplum/fhirtypes';
import {
  lifecycleActorsOf,
  type Referral,
  type ReferralOutcome,
  type ReferralStatus,
  refusedTransitionMessage,
  transitionOf,
} from '@trust/domain';
import {
  type FhirTaskStatus,
  isFhirTaskStatus,
  isReferralOutcome,
  lifecycleActionOfTaskStatus,
  REFERRAL_OUTCOME_CODE_SYSTEM,
  taskStatusOfReferral,
  taskVersionOf,
  versionOfIfMatch,
} from '@trust/domain/fhir-task-status';
import type { OrgContext } from '../../../platform/context.ts';
import { acceptReferral, rejectReferral } from '../../referrals/referrals/response-service.ts';
import {
  changeReferralStatus,
  findReferralForChange,
  getReferral,
} from '../../referrals/referrals/service.ts';
import { fhirError } from './operation-outcome.ts';

// A Task status change by a FHIR client (PATCH or PUT /fhir/Task/{id}) moves the referral along its lifecycle:
// translated into the step it means for the caller's side (fhir-task-status.ts) and taken by the very service
// the app's button calls (accept, reject, status change), with the caller's context, so the history, audit,
// notifications and domain events (hence Subscriptions) are the app's.

/** What a client may change on a referral Task: its status, the reason of that status, its output. */
export type TaskChange = {
  status?: string;
  /** Task.statusReason.text: why it was rejected or cancelled. */
  statusReason?: string;
  output?: TaskOutput[];
};

/** The outcome a completed Task's output names (a coding of the app's outcome system), and its words. */
export function outcomeOfOutput(output: TaskOutput[] | undefined): {
  outcome?: ReferralOutcome;
  note?: string;
} {
  for (const o of output ?? []) {
    const concept = o.valueCodeableConcept;
    const code = concept?.coding?.find((c) => c.system === REFERRAL_OUTCOME_CODE_SYSTEM)?.code;
    if (isReferralOutcome(code)) return { outcome: code, note: concept?.text?.trim() || undefined };
  }
  return {};
}

/**
 * If-Match (W/"<versionId>") against the Task as it is now: a client that read an older version would undo or
 * skip a change it never saw (412).
 */
function assertVersion(referral: Referral, ifMatch: string | undefined) {
  if (ifMatch === undefined) return;
  const current = taskVersionOf(referral.updated_at);
  if (versionOfIfMatch(ifMatch) !== current) {
    throw fhirError(
      'fhir.version_conflict',
      `The Task has changed since version ${ifMatch}; it is now version ${current}. Read it again.`,
      { expression: 'Task.meta.versionId', type: 'conflict' },
    );
  }
}

/** The provider the caller's organization answers for: the matched one, or the one it was sent to. */
function answeringProvider(referral: Referral): number {
  const id = referral.matched_provider?.id ?? referral.sent_to_provider?.id;
  if (id === undefined || id === null) {
    throw fhirError('fhir.conflict', 'No provider of your organization has been sent this referral.', {
      expression: 'Task.status',
      type: 'conflict',
    });
  }
  return id;
}

function required(text: string | undefined, expression: string, message: string): string {
  if (!text?.trim()) throw fhirError('fhir.business_rule', message, { expression, type: 'required' });
  return text.trim();
}

/** Takes the step the Task change means, or refuses it (409 on Task.status); answers the referral after it. */
export async function changeTask(
  ctx: OrgContext,
  input: { id: number; change: TaskChange; ifMatch?: string; current?: Referral },
): Promise<Referral> {
  const { id, change } = input;
  // Not audited as a read: the step's own row names the referral; a change that is no step reads it below.
  const referral = input.current ?? (await findReferralForChange(ctx, { id }));
  assertVersion(referral, input.ifMatch);
  const from = referral.status as ReferralStatus;
  const to = change.status ?? taskStatusOfReferral(from);
  if (!isFhirTaskStatus(to)) {
    throw fhirError('fhir.resource_invalid', `"${to}" is not a Task status.`, {
      expression: 'Task.status',
      type: 'value',
    });
  }
  // Output or a reason alone, on an unchanged status, is no step: nothing the lifecycle records changes.
  if (to === taskStatusOfReferral(from)) return getReferral(ctx, { id });
  const actors = lifecycleActorsOf(referral);
  const action = lifecycleActionOfTaskStatus(from, to as FhirTaskStatus, actors);
  if (!action) {
    const target = ([...TASK_TARGETS].find(([s]) => s === to)?.[1] ?? from) as ReferralStatus;
    throw fhirError(
      'fhir.conflict',
      `Task.status cannot go from ${taskStatusOfReferral(from)} to ${to}. ${refusedTransitionMessage(from, target, actors)}`,
      { expression: 'Task.status', type: 'conflict' },
    );
  }
  if (action === 'accept') {
    await acceptReferral(ctx, { id, providerId: answeringProvider(referral) });
  } else if (action === 'decline') {
    const reason = required(
      change.statusReason,
      'Task.statusReason.text',
      'Say why the referral is rejected.',
    );
    await rejectReferral(ctx, { id, providerId: answeringProvider(referral), reason });
  } else {
    const { outcome, note } = outcomeOfOutput(change.output);
    if (action === 'complete' && !outcome) {
      throw fhirError(
        'fhir.business_rule',
        `A completed Task names its outcome: an output whose valueCodeableConcept is a code of ${REFERRAL_OUTCOME_CODE_SYSTEM}.`,
        { expression: 'Task.output', type: 'required' },
      );
    }
    const reason =
      action === 'cancel'
        ? required(change.statusReason, 'Task.statusReason.text', 'Say why the referral is cancelled.')
        : undefined;
    await changeReferralStatus(ctx, {
      id,
      change: {
        status: transitionOf(action).to,
        ...(outcome ? { outcome } : {}),
        ...(reason ? { reason } : {}),
        ...(note ? { note } : {}),
      },
    });
  }
  return findReferralForChange(ctx, { id });
}

/** The referral status a Task status stands for when it is refused (for the message's "cannot be set to"). */
const TASK_TARGETS = new Map<string, ReferralStatus>([
  ['requested', 'pending'],
  ['accepted', 'accepted'],
  ['rejected', 'rejected'],
  ['in-progress', 'in_progress'],
  ['on-hold', 'on_hold'],
  ['completed', 'completed'],
  ['cancelled', 'cancelled'],
]);

/** Task elements a PUT may not change: everything but status, statusReason, businessStatus, output (and meta). */
export const READ_ONLY_TASK_ELEMENTS = [
  'intent',
  'code',
  'focus',
  'for',
  'requester',
  'owner',
  'authoredOn',
  'priority',
] as const satisfies readonly (keyof Task)[];

/** The first read-only element a PUT body changes, compared with the Task as it reads now. */
export function changedReadOnlyElement(current: Task, sent: Task): string | null {
  for (const key of READ_ONLY_TASK_ELEMENTS) {
    if (current[key] !== undefined && JSON.stringify(current[key]) !== JSON.stringify(sent[key])) return key;
  }
  return null;
}

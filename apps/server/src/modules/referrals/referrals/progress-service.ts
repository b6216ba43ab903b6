import { canTake, type LifecycleAction, type ReferralStatus, transitionOf } from '@trust/domain';
import { inTransaction, type ProviderActor, type ServiceContext } from '../../../platform/context.ts';
import { takeStep } from './lifecycle.ts';
import * as repo from './repo.ts';
import { stepFields } from './service.ts';

// The accepted provider's progress by text message (issue #14 item 3): a provider with no account answers
// "STARTED <n>" (In Progress) or "DONE <n>" (Completed, the service provided) from its number. The SMS module has
// matched the number to the provider and stored the message; the step is the lifecycle's own (takeStep), taken as
// the provider, so the same table decides what it may do as in the app.

export type ProgressStep = Extract<LifecycleAction, 'start' | 'complete'>;

/** What a progress text came to, as the reply tells it. */
export type ProgressOutcome =
  | { kind: 'done'; status: ReferralStatus }
  /** It already was in that status: nothing changed. */
  | { kind: 'already'; status: ReferralStatus }
  /** The provider is not the one that accepted it (or nobody did yet). */
  | { kind: 'not_accepted' }
  /** The lifecycle does not allow it from the current status (closed, cancelled…). */
  | { kind: 'refused'; status: ReferralStatus }
  | { kind: 'not_found' };

/**
 * Takes `step` on the referral for the provider the number belongs to, in one transaction on the locked row. A
 * completion by text is recorded with the outcome "service provided" and the rest of the text as its note.
 */
export async function reportProgressBySms(
  ctx: ServiceContext<ProviderActor>,
  input: { id: number; step: ProgressStep; note: string | null; communicationId: number },
): Promise<ProgressOutcome> {
  const { id, step } = input;
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const before = await repo.lockReferral(tx, id);
    if (!before) return { kind: 'not_found' };
    if (before.matchedProviderId !== ctx.actor.providerId || before.acceptanceStatus !== 'accepted') {
      return { kind: 'not_accepted' };
    }
    const from = before.status as ReferralStatus;
    const transition = transitionOf(step);
    if (from === transition.to) return { kind: 'already', status: from };
    if (!canTake(step, from, 'provider')) return { kind: 'refused', status: from };
    const at = new Date();
    const note = input.note?.trim().slice(0, 1000) || undefined;
    const fields = stepFields(
      transition,
      { status: transition.to, outcome: step === 'complete' ? 'service_provided' : undefined, note },
      at,
    );
    const after = await takeStep(txCtx, {
      before,
      action: step,
      actor: 'provider',
      actorUserId: null,
      at,
      changes: fields.changes,
      event: {
        details: { ...fields.details, channel: 'sms', communication_id: input.communicationId },
      },
      audit: {
        details: {
          channel: 'sms',
          communication_id: input.communicationId,
          ...(step === 'complete' ? { outcome: 'service_provided' } : {}),
        },
      },
    });
    return { kind: 'done', status: after.status as ReferralStatus };
  });
}

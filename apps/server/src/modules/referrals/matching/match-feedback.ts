import { MATCHING_MESSAGES, type MatchFeedbackRequest } from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findProvider } from '../../providers/directory/service.ts';
import { findVisibleReferral } from '../referrals/access.ts';
import * as repo from './repo.ts';

/** POST /feedback (001 §3 Match feedback): stored, and counted in the provider's acceptance rate from now on. */
export async function submitMatchFeedback(
  ctx: OrgContext,
  input: MatchFeedbackRequest,
): Promise<{ success: true; message: string }> {
  await findVisibleReferral(ctx, { id: input.referral_id });
  const provider = await findProvider(ctx, { id: input.cbo_id });
  if (!provider) {
    throw new AppError('match.provider_not_found', MATCHING_MESSAGES.providerNotFound, {
      fields: { cbo_id: MATCHING_MESSAGES.providerNotFound },
    });
  }
  await ctx.db.transaction(async (tx) => {
    const row = await repo.insertFeedback(tx, {
      referralId: input.referral_id,
      providerId: provider.id,
      organizationId: ctx.actor.org.id,
      userId: ctx.actor.user.id,
      status: input.status,
      notes: input.notes ?? null,
    });
    await audit(tx, ctx, {
      action: 'match.feedback',
      entityType: 'referral',
      entityId: input.referral_id,
      details: { feedback_id: row.id, provider_id: provider.id, status: input.status },
    });
  });
  return { success: true, message: MATCHING_MESSAGES.feedbackRecorded };
}

import {
  FEEDBACK_MESSAGES,
  type Feedback,
  type FeedbackCreateRequest,
  type FeedbackList,
  type FeedbackListQuery,
  MATCHING_MESSAGES,
  type MatchFeedbackRequest,
  REFERRAL_MESSAGES,
} from '@trust/domain';
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

function toFeedbackWire(row: repo.FeedbackRow): Feedback {
  return {
    id: row.id,
    referral_id: row.referralId,
    referral_number: row.referralNumber,
    provider_id: row.providerId,
    provider_name: row.providerName,
    organization_id: row.organizationId,
    user_id: row.userId,
    status: row.status as Feedback['status'],
    score: row.score,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * POST /api/feedback (003 §7.5): the same match feedback as POST /feedback, with an optional referral and a
 * score. A referral named must be the caller's organization's own (404 otherwise, even for the provider's
 * organization, which reads it but does not rate providers on it); the provider must exist.
 */
export async function createFeedback(ctx: OrgContext, input: FeedbackCreateRequest): Promise<Feedback> {
  const referralId = input.referral_id ?? null;
  if (referralId !== null) {
    const { viewerRole } = await findVisibleReferral(ctx, { id: referralId });
    if (viewerRole !== 'owner') throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound);
  }
  const provider = await findProvider(ctx, { id: input.provider_id });
  if (!provider) {
    throw new AppError('match.provider_not_found', MATCHING_MESSAGES.providerNotFound, {
      fields: { provider_id: MATCHING_MESSAGES.providerNotFound },
    });
  }
  const orgId = ctx.actor.org.id;
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertFeedback(tx, {
      referralId,
      providerId: provider.id,
      organizationId: orgId,
      userId: ctx.actor.user.id,
      status: input.status,
      score: input.score ?? null,
      notes: input.notes || null,
    });
    await audit(tx, ctx, {
      action: 'match.feedback',
      entityType: referralId === null ? 'match_feedback' : 'referral',
      entityId: referralId ?? row.id,
      details: { feedback_id: row.id, provider_id: provider.id, status: input.status },
    });
    return row.id;
  });
  const row = await repo.findFeedback(ctx.db, id, orgId);
  return toFeedbackWire(row!);
}

/** GET /api/feedback/{id}: the organization's own feedback only (another organization's is 404). */
export async function getFeedback(ctx: OrgContext, input: { id: number }): Promise<Feedback> {
  const row = await repo.findFeedback(ctx.db, input.id, ctx.actor.org.id);
  if (!row) throw new AppError('feedback.not_found', FEEDBACK_MESSAGES.notFound);
  return toFeedbackWire(row);
}

/** GET /api/feedback: the active organization's feedback, newest first, filtered and paged. */
export async function listFeedback(ctx: OrgContext, input: FeedbackListQuery): Promise<FeedbackList> {
  const { page, page_size: pageSize } = input;
  const { rows, total } = await repo.listFeedback(
    ctx.db,
    {
      orgId: ctx.actor.org.id,
      providerId: input.provider_id,
      referralId: input.referral_id,
      status: input.status,
    },
    { limit: pageSize, offset: (page - 1) * pageSize },
  );
  return { feedback: rows.map(toFeedbackWire), total, page, page_size: pageSize };
}

import {
  PROVIDER_VERIFICATION_MESSAGES,
  type ProviderVerifyResponse,
  type UnverifiedProviderList,
  type UnverifiedProviderListQuery,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import { isPlatformOperator } from '../../../platform/auth.ts';
import type { UserContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { freshnessOf } from './freshness-service.ts';
import * as repo from './repo.ts';
import * as verificationRepo from './verification-repo.ts';
import { toDirectoryProvider } from './wire.ts';

// Issue #12: a platform operator (platform/auth isPlatformOperator: a super_admin) verifies the providers that
// organizations added by hand; until then each is private to its organization. An organization's own admins
// cannot: they would vouch for their own entries.

function requireOperator(ctx: UserContext) {
  if (!isPlatformOperator(ctx.actor)) {
    throw new AppError('platform.operator_only', PROVIDER_VERIFICATION_MESSAGES.operatorsOnly);
  }
}

/** GET /api/providers/unverified: providers added by hand awaiting verification, newest first. */
export async function listUnverifiedProviders(
  ctx: UserContext,
  query: UnverifiedProviderListQuery,
): Promise<UnverifiedProviderList> {
  requireOperator(ctx);
  const { page, page_size: pageSize } = query;
  const { rows, total } = await verificationRepo.listUnverified(
    ctx.db,
    query.search || undefined,
    pageSize,
    (page - 1) * pageSize,
  );
  const freshness = freshnessOf(ctx);
  return {
    providers: rows.map((r) => ({
      ...toDirectoryProvider(r.provider, freshness),
      owner_organization_id: r.provider.ownerOrganizationId,
      owner_organization_name: r.ownerOrganizationName,
      added_by_name: r.addedByName,
      added_by_email: r.addedByEmail,
      added_at: r.provider.createdAt.toISOString(),
    })),
    total,
    page,
    page_size: pageSize,
  };
}

/**
 * POST /api/providers/{id}/verify: from now on the provider is public (the directory, every organization's
 * matching) and its web form may be opened. 404 for an id that is not a provider added by hand, 409 when it is
 * already verified. Audited as `provider.verified` in the change's transaction.
 */
export async function verifyProvider(
  ctx: UserContext,
  input: { id: number },
): Promise<ProviderVerifyResponse> {
  requireOperator(ctx);
  const { id } = input;
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const row = await verificationRepo.markVerified(tx, id, ctx.actor.user.id, now);
    if (!row) {
      const current = await repo.findVerification(tx, id);
      if (current?.source === 'user') {
        throw new AppError('provider.already_verified', PROVIDER_VERIFICATION_MESSAGES.alreadyVerified);
      }
      throw new AppError('provider.not_awaiting_verification', PROVIDER_VERIFICATION_MESSAGES.notAwaiting);
    }
    await audit(tx, ctx, {
      action: 'provider.verified',
      entityType: 'provider',
      entityId: id,
      details: { owner_organization_id: row.ownerOrganizationId, created_by: row.createdBy },
    });
    return {
      success: true as const,
      message: PROVIDER_VERIFICATION_MESSAGES.verified(row.name),
      provider: toDirectoryProvider(row, freshnessOf(ctx, now)),
      verified_at: now.toISOString(),
    };
  });
}

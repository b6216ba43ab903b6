import {
  PROVIDER_VERIFICATION_MESSAGES,
  type ProviderVerifyResponse,
  type UnverifiedProviderList,
  type UnverifiedProviderListQuery,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit.ts';
import { type AuthContext, isPlatformOperator } from '../../../platform/auth.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import * as repo from './repo.ts';
import * as verificationRepo from './verification-repo.ts';
import { toDirectoryProvider } from './wire.ts';

// Issue #12: a platform operator (platform/auth isPlatformOperator: a super_admin) verifies the providers that
// organizations added by hand; until then each is private to its organization. An organization's own admins
// cannot: they would vouch for their own entries.

function requireOperator(auth: AuthContext) {
  if (!isPlatformOperator(auth))
    throw new AppError('forbidden', PROVIDER_VERIFICATION_MESSAGES.operatorsOnly);
}

/** GET /api/providers/unverified: providers added by hand awaiting verification, newest first. */
export async function listUnverifiedProviders(
  deps: AppDeps,
  auth: AuthContext,
  query: UnverifiedProviderListQuery,
): Promise<UnverifiedProviderList> {
  requireOperator(auth);
  const { page, page_size: pageSize } = query;
  const { rows, total } = await verificationRepo.listUnverified(
    deps.database.db,
    query.search || undefined,
    pageSize,
    (page - 1) * pageSize,
  );
  return {
    providers: rows.map((r) => ({
      ...toDirectoryProvider(r.provider),
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
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext,
  id: number,
): Promise<ProviderVerifyResponse> {
  requireOperator(auth);
  return deps.database.db.transaction(async (tx) => {
    const now = new Date();
    const row = await verificationRepo.markVerified(tx, id, auth.user.id, now);
    if (!row) {
      const current = await repo.findVerification(tx, id);
      if (current?.source === 'user') {
        throw new AppError('conflict', PROVIDER_VERIFICATION_MESSAGES.alreadyVerified);
      }
      throw new AppError('not_found', PROVIDER_VERIFICATION_MESSAGES.notAwaiting);
    }
    await audit(tx, request, {
      action: 'provider.verified',
      entityType: 'provider',
      entityId: id,
      details: { owner_organization_id: row.ownerOrganizationId, created_by: row.createdBy },
    });
    return {
      success: true as const,
      message: PROVIDER_VERIFICATION_MESSAGES.verified(row.name),
      provider: toDirectoryProvider(row),
      verified_at: now.toISOString(),
    };
  });
}

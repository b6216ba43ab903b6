import {
  type DirectoryProvider,
  PROVIDER_MESSAGES,
  SAVED_PROVIDER_MESSAGES,
  type SavedProvider,
  type SavedProviderCreate,
  type SavedProviderList,
  type SavedProviderListQuery,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext, type UserContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { freshnessOf } from '../directory/freshness-service.ts';
import { addProviderByHand, findProvider } from '../directory/service.ts';
import { viewerOf } from '../directory/visibility.ts';
import { toDirectoryProvider } from '../directory/wire.ts';
import * as repo from './repo.ts';

function toSavedProvider(provider: DirectoryProvider, savedAt: Date): SavedProvider {
  return { ...provider, saved_at: savedAt.toISOString() };
}

/** GET /api/saved-providers: the signed-in user's list (001 §2.5), searched on the server, newest saved first. */
export async function listSavedProviders(
  ctx: UserContext,
  query: SavedProviderListQuery,
): Promise<SavedProviderList> {
  const { page, page_size: pageSize } = query;
  const { rows, total } = await repo.listSaved(
    ctx.db,
    ctx.actor.user.id,
    viewerOf(ctx),
    query.search || undefined,
    pageSize,
    (page - 1) * pageSize,
  );
  const freshness = freshnessOf(ctx);
  return {
    providers: rows.map((r) => toSavedProvider(toDirectoryProvider(r.provider, freshness), r.savedAt)),
    total,
    page,
    page_size: pageSize,
  };
}

/**
 * POST /api/saved-providers (001 §7): saves a stored provider, or first creates the provider typed in through
 * Add New Provider (the directory adds it, private to the organization). 409 'This provider is already saved'
 * when it is on the user's list (001 §8). Acts for the active organization: it decides which providers may be
 * saved (another organization's private provider is 404) and owns the providers added here.
 */
export async function saveProvider(ctx: OrgContext, body: SavedProviderCreate): Promise<SavedProvider> {
  const userId = ctx.actor.user.id;
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    let provider: DirectoryProvider | null;
    if (body.kind === 'existing') {
      provider = await findProvider(txCtx, { id: body.provider_id });
      if (!provider) {
        throw new AppError('saved_provider.provider_not_found', SAVED_PROVIDER_MESSAGES.providerNotFound, {
          fields: { provider_id: SAVED_PROVIDER_MESSAGES.providerNotFound },
        });
      }
    } else {
      const input = body.provider;
      if (await repo.hasSavedNamedAt(tx, userId, input.organization_name, input.zip_code)) {
        throw new AppError('saved_provider.already_saved', PROVIDER_MESSAGES.alreadySaved);
      }
      provider = await addProviderByHand(txCtx, {
        name: input.organization_name,
        organizationType: input.organization_type,
        address: input.street_address,
        city: input.city,
        state: input.state,
        zipCode: input.zip_code,
        phone: input.primary_phone,
        email: input.primary_email,
        website: input.website,
        services: input.services,
        languages: input.languages_spoken,
      });
    }
    const savedAt = await repo.insertSaved(tx, userId, provider.id);
    if (!savedAt) throw new AppError('saved_provider.already_saved', PROVIDER_MESSAGES.alreadySaved);
    await audit(tx, ctx, { action: 'saved_provider.added', entityType: 'provider', entityId: provider.id });
    return toSavedProvider(provider, savedAt);
  });
}

/** DELETE /api/saved-providers/{provider_id}: takes a provider off the user's list; 404 when it was not on it. */
export async function removeSavedProvider(
  ctx: UserContext,
  input: { providerId: number },
): Promise<{ success: true; provider_id: number }> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteSaved(tx, ctx.actor.user.id, input.providerId))) {
      throw new AppError('saved_provider.not_saved', SAVED_PROVIDER_MESSAGES.notSaved);
    }
    await audit(tx, ctx, {
      action: 'saved_provider.removed',
      entityType: 'provider',
      entityId: input.providerId,
    });
    return { success: true as const, provider_id: input.providerId };
  });
}

import {
  type AddProvider,
  PROVIDER_MESSAGES,
  SAVED_PROVIDER_MESSAGES,
  type SavedProvider,
  type SavedProviderCreate,
  type SavedProviderList,
  type SavedProviderListQuery,
} from '@trust/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { providers, savedProviders } from '../../../db/schema/index.ts';
import { audit } from '../../../platform/audit.ts';
import type { ActiveOrg, AuthContext } from '../../../platform/auth.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { lookupZip } from '../directory/geography.ts';
import { viewerOf } from '../directory/service.ts';
import { type ProviderRow, toDirectoryProvider } from '../directory/wire.ts';
import * as repo from './repo.ts';

function toSavedProvider(row: ProviderRow, savedAt: Date): SavedProvider {
  return { ...toDirectoryProvider(row), saved_at: savedAt.toISOString() };
}

/** GET /api/saved-providers: the signed-in user's list (001 §2.5), searched on the server, newest saved first. */
export async function listSavedProviders(
  deps: AppDeps,
  auth: AuthContext,
  query: SavedProviderListQuery,
): Promise<SavedProviderList> {
  const { page, page_size: pageSize } = query;
  const { rows, total } = await repo.listSaved(
    deps.database.db,
    auth.user.id,
    viewerOf(auth),
    query.search || undefined,
    pageSize,
    (page - 1) * pageSize,
  );
  return {
    providers: rows.map((r) => toSavedProvider(r.provider, r.savedAt)),
    total,
    page,
    page_size: pageSize,
  };
}

/**
 * A provider typed in by hand is not verified against any registry: the required fields earn 60 ("Good
 * quality", still below the call-first line of 001 §9), and an email, a website and a located ZIP 10 each.
 */
function handEnteredQuality(input: AddProvider, located: boolean): number {
  return 60 + (input.primary_email ? 10 : 0) + (input.website ? 10 : 0) + (located ? 10 : 0);
}

/** Has this user already saved a hand-entered provider of this name at this ZIP? (001 §8: 409 when saved.) */
async function alreadySavedByHand(db: DbOrTx, userId: number, input: AddProvider): Promise<boolean> {
  const [row] = await db
    .select({ id: providers.id })
    .from(savedProviders)
    .innerJoin(providers, eq(providers.id, savedProviders.providerId))
    .where(
      and(
        eq(savedProviders.userId, userId),
        sql`lower(${providers.name}) = ${input.organization_name.toLowerCase()}`,
        eq(providers.zipCode, input.zip_code),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function createHandEnteredProvider(
  tx: DbOrTx,
  request: FastifyRequest,
  auth: AuthContext & { org: ActiveOrg },
  input: AddProvider,
): Promise<ProviderRow> {
  // The ZIP's centroid locates the provider offline, so radius searches and matching find it (001 §3).
  const place = lookupZip(input.zip_code);
  const row = await repo.insertUserProvider(tx, {
    name: input.organization_name,
    organizationType: input.organization_type,
    address: input.street_address,
    city: input.city,
    state: input.state,
    zipCode: input.zip_code,
    county: place?.county ?? null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    phone: input.primary_phone,
    email: input.primary_email,
    website: input.website,
    services: input.services,
    languages: input.languages_spoken,
    dataQualityScore: handEnteredQuality(input, place !== null),
    createdBy: auth.user.id,
    // Issue #12: private to the organization it was added for until a platform operator verifies it.
    ownerOrganizationId: auth.org.id,
  });
  await audit(tx, request, {
    action: 'provider.created',
    entityType: 'provider',
    entityId: row.id,
    details: { owner_organization_id: auth.org.id, verification_status: 'private' },
  });
  return row;
}

/**
 * POST /api/saved-providers (001 §7): saves a stored provider, or first creates the provider typed in through
 * Add New Provider. 409 'This provider is already saved' when it is on the user's list (001 §8). Acts for the
 * active organization: it decides which providers may be saved (another organization's private provider is 404)
 * and owns the providers added here.
 */
export async function saveProvider(
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext & { org: ActiveOrg },
  body: SavedProviderCreate,
): Promise<SavedProvider> {
  return deps.database.db.transaction(async (tx) => {
    let row: ProviderRow | undefined;
    if (body.kind === 'existing') {
      row = await repo.findProviderRow(tx, viewerOf(auth), body.provider_id);
      if (!row) {
        throw new AppError('not_found', SAVED_PROVIDER_MESSAGES.providerNotFound, {
          fields: { provider_id: SAVED_PROVIDER_MESSAGES.providerNotFound },
        });
      }
    } else {
      if (await alreadySavedByHand(tx, auth.user.id, body.provider)) {
        throw new AppError('conflict', PROVIDER_MESSAGES.alreadySaved);
      }
      row = await createHandEnteredProvider(tx, request, auth, body.provider);
    }
    const savedAt = await repo.insertSaved(tx, auth.user.id, row.id);
    if (!savedAt) throw new AppError('conflict', PROVIDER_MESSAGES.alreadySaved);
    await audit(tx, request, { action: 'saved_provider.added', entityType: 'provider', entityId: row.id });
    return toSavedProvider(row, savedAt);
  });
}

/** DELETE /api/saved-providers/{provider_id}: takes a provider off the user's list; 404 when it was not on it. */
export async function removeSavedProvider(
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext,
  providerId: number,
): Promise<{ success: true; provider_id: number }> {
  return deps.database.db.transaction(async (tx) => {
    if (!(await repo.deleteSaved(tx, auth.user.id, providerId))) {
      throw new AppError('not_found', SAVED_PROVIDER_MESSAGES.notSaved);
    }
    await audit(tx, request, {
      action: 'saved_provider.removed',
      entityType: 'provider',
      entityId: providerId,
    });
    return { success: true as const, provider_id: providerId };
  });
}

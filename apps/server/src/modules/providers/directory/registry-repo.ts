import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { providers } from '../../../db/schema/index.ts';

/** The registry's fields of one provider, as the import manager's normaliser wrote them. */
export type RegistryProviderValues = {
  npi: string;
  dataSource: string;
  name: string;
  organizationType: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  county: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  website: string | null;
  services: string[];
  languages: string[];
  acceptsMedicaid: boolean;
  acceptsMedicare: boolean;
  /** A digest of the fields above: equal digests mean nothing changed. */
  hash: string;
};

/**
 * A listing of a source keyed by its own ids, not by NPI (issue #21: an HSDS directory's service_at_location id):
 * unique by (data_source, external_id), the partial unique index providers_external_id_uq.
 */
export type ExternalProviderValues = Omit<RegistryProviderValues, 'npi'> & { externalId: string };

/** The stored id and digest of each of a source's external ids already in the directory. */
export async function externalHashes(
  db: DbOrTx,
  dataSource: string,
  externalIds: readonly string[],
): Promise<Map<string, { id: number; hash: string | null }>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .select({ id: providers.id, externalId: providers.externalId, hash: providers.registryHash })
    .from(providers)
    .where(and(eq(providers.dataSource, dataSource), inArray(providers.externalId, [...externalIds])));
  return new Map(rows.map((r) => [r.externalId as string, { id: r.id, hash: r.hash }]));
}

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/** A new listing's row as a source sends it: a directory listing, active and confirmed now. */
function newListingRows<T extends { hash: string | null }>(rows: readonly T[], now: Date) {
  return rows.map(({ hash, ...r }) => ({
    ...r,
    registryHash: hash,
    source: 'directory',
    registryStatus: 'active',
    lastVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  }));
}

/**
 * What a source's upsert rewrites of a listing it sends again (by NPI or by external id): its published
 * fields and digest; it is active again and confirmed now, whatever it was before.
 */
function rewrittenListing(now: Date) {
  return {
    name: excluded('name'),
    organizationType: excluded('organization_type'),
    address: excluded('address'),
    city: excluded('city'),
    state: excluded('state'),
    zipCode: excluded('zip_code'),
    county: excluded('county'),
    latitude: excluded('latitude'),
    longitude: excluded('longitude'),
    phone: excluded('phone'),
    website: excluded('website'),
    services: excluded('services'),
    languages: excluded('languages'),
    acceptsMedicaid: excluded('accepts_medicaid'),
    acceptsMedicare: excluded('accepts_medicare'),
    registryHash: excluded('registry_hash'),
    registryStatus: 'active',
    deactivatedAt: null,
    deactivationReason: null,
    lastVerifiedAt: now,
    updatedAt: now,
  };
}

/** Inserts or rewrites listings by (data_source, external_id), as upsertByNpi does by NPI; answers their ids. */
export async function upsertByExternalId(
  db: DbOrTx,
  rows: readonly ExternalProviderValues[],
  now: Date,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const written = await db
    .insert(providers)
    .values(newListingRows(rows, now))
    .onConflictDoUpdate({
      target: [providers.dataSource, providers.externalId],
      targetWhere: sql`${providers.externalId} IS NOT NULL`,
      set: rewrittenListing(now),
    })
    .returning({ id: providers.id });
  return written.map((r) => r.id);
}

/** A source confirmed these listings unchanged: only their confirmation time moves. */
export async function confirmIds(db: DbOrTx, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(providers)
    .set({ lastVerifiedAt: now, registryStatus: 'active', deactivatedAt: null, deactivationReason: null })
    .where(inArray(providers.id, [...ids]));
}

/** The stored digest of each NPI already in the directory. */
export async function registryHashes(
  db: DbOrTx,
  npis: readonly string[],
): Promise<Map<string, string | null>> {
  if (npis.length === 0) return new Map();
  const rows = await db
    .select({ npi: providers.npi, hash: providers.registryHash })
    .from(providers)
    .where(inArray(providers.npi, [...npis]));
  return new Map(rows.map((r) => [r.npi as string, r.hash]));
}

/**
 * Inserts or rewrites providers by NPI (the partial unique index providers_npi_uq). A listing the registry
 * sends is active again and confirmed now, whatever it was before.
 */
export async function upsertByNpi(
  db: DbOrTx,
  rows: readonly RegistryProviderValues[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(providers)
    .values(newListingRows(rows, now))
    .onConflictDoUpdate({
      target: providers.npi,
      targetWhere: sql`${providers.npi} IS NOT NULL`,
      set: {
        ...rewrittenListing(now),
        // An NPI may move between registries (NPPES, then Care Compare); a registry without a website keeps ours.
        dataSource: excluded('data_source'),
        website: sql`coalesce(excluded."website", ${providers.website})`,
      },
    });
}

/** A registry confirmed these NPIs unchanged: only their confirmation time moves. */
export async function confirmNpis(db: DbOrTx, npis: readonly string[], now: Date): Promise<void> {
  if (npis.length === 0) return;
  await db
    .update(providers)
    .set({ lastVerifiedAt: now, registryStatus: 'active', deactivatedAt: null, deactivationReason: null })
    .where(inArray(providers.npi, [...npis]));
}

/** Active directory providers, in all and by where their data came from (the import manager's stats). */
export async function countBySource(
  db: DbOrTx,
): Promise<{ total: number; bySource: Record<string, number> }> {
  const rows = await db
    .select({ source: providers.dataSource, n: count() })
    .from(providers)
    .where(sql`${providers.registryStatus} = 'active'`)
    .groupBy(providers.dataSource);
  const bySource = Object.fromEntries(rows.map((r) => [r.source, Number(r.n)]));
  return { total: rows.reduce((sum, r) => sum + Number(r.n), 0), bySource };
}

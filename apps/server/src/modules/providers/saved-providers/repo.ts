import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { providers, savedProviders } from '../../../db/schema/index.ts';
import { type ProviderViewer, providerVisibleTo } from '../directory/service.ts';
import type { ProviderRow } from '../directory/wire.ts';

const { searchText: _searchText, ...providerColumns } = getTableColumns(providers);

export type SavedRow = { provider: ProviderRow; savedAt: Date };

/** LIKE pattern for a search term: the term's own % and _ match themselves. */
function containsPattern(term: string) {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listConditions(userId: number, viewer: ProviderViewer, search: string | undefined) {
  // Issue #12: a provider another organization added by hand (and not yet verified) is not listed, even when
  // saved earlier: the list shows what the active organization may use.
  const where = [eq(savedProviders.userId, userId), providerVisibleTo(viewer)];
  // providers.search_text (name, city, ZIP, county, state, services) has a trigram index; the type is added
  // because My Providers shows it on every card.
  if (search) {
    const pattern = containsPattern(search);
    where.push(
      sql`(${providers.searchText} LIKE ${pattern} OR lower(${providers.organizationType}) LIKE ${pattern})`,
    );
  }
  return and(...where);
}

/** One page of a user's saved providers, newest saved first, with the total matching the search. */
export async function listSaved(
  db: DbOrTx,
  userId: number,
  viewer: ProviderViewer,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: SavedRow[]; total: number }> {
  const where = listConditions(userId, viewer, search);
  const rows = await db
    .select({ provider: providerColumns, savedAt: savedProviders.createdAt })
    .from(savedProviders)
    .innerJoin(providers, eq(providers.id, savedProviders.providerId))
    .where(where)
    .orderBy(desc(savedProviders.createdAt), desc(savedProviders.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedProviders)
    .innerJoin(providers, eq(providers.id, savedProviders.providerId))
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** A provider the viewer may save: another organization's private provider is as unknown as a missing one. */
export async function findProviderRow(
  db: DbOrTx,
  viewer: ProviderViewer,
  id: number,
): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select(providerColumns)
    .from(providers)
    .where(and(eq(providers.id, id), providerVisibleTo(viewer)));
  return row;
}

/** Saves a provider for a user; null when it was already saved (the unique index settles races). */
export async function insertSaved(db: DbOrTx, userId: number, providerId: number): Promise<Date | null> {
  const [row] = await db
    .insert(savedProviders)
    .values({ userId, providerId })
    .onConflictDoNothing({ target: [savedProviders.userId, savedProviders.providerId] })
    .returning({ createdAt: savedProviders.createdAt });
  return row?.createdAt ?? null;
}

/** Removes a saved provider; false when the user had not saved it. */
export async function deleteSaved(db: DbOrTx, userId: number, providerId: number): Promise<boolean> {
  const rows = await db
    .delete(savedProviders)
    .where(and(eq(savedProviders.userId, userId), eq(savedProviders.providerId, providerId)))
    .returning({ id: savedProviders.id });
  return rows.length > 0;
}

/**
 * A provider typed in through Add New Provider (001 §2.4): source 'user', by its creator, owned by the
 * organization it was added for and not verified (issue #12: private to that organization until a platform
 * operator verifies it).
 */
export async function insertUserProvider(
  db: DbOrTx,
  values: Omit<
    typeof providers.$inferInsert,
    'id' | 'source' | 'verifiedAt' | 'verifiedBy' | 'ownerOrganizationId'
  > & { ownerOrganizationId: number },
): Promise<ProviderRow> {
  const [row] = await db
    .insert(providers)
    .values({ ...values, source: 'user', verifiedAt: null, verifiedBy: null })
    .returning(providerColumns);
  if (!row) throw new Error('provider insert returned no row');
  return row;
}

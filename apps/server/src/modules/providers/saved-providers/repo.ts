import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { providers, savedProviders } from '../../../db/schema/index.ts';
import { type ProviderViewer, providerVisibleTo } from '../directory/visibility.ts';
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

/** Has this user already saved a provider of this name at this ZIP? (001 §8: 409 when saved.) */
export async function hasSavedNamedAt(
  db: DbOrTx,
  userId: number,
  name: string,
  zipCode: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: providers.id })
    .from(savedProviders)
    .innerJoin(providers, eq(providers.id, savedProviders.providerId))
    .where(
      and(
        eq(savedProviders.userId, userId),
        sql`lower(${providers.name}) = ${name.toLowerCase()}`,
        eq(providers.zipCode, zipCode),
      ),
    )
    .limit(1);
  return row !== undefined;
}

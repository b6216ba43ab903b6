import { and, desc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { organizations, providers, users } from '../../../db/schema/index.ts';
import type { ProviderRow } from './wire.ts';

// Providers added by hand that await a platform operator's verification (issue #12). The partial index
// providers_unverified_owner_idx (migration 0006) holds exactly these rows.

const { searchText: _searchText, ...providerColumns } = getTableColumns(providers);

export type UnverifiedRow = {
  provider: ProviderRow;
  ownerOrganizationName: string | null;
  addedByName: string | null;
  addedByEmail: string | null;
};

const awaiting = and(eq(providers.source, 'user'), isNull(providers.verifiedAt)) as SQL;

function listConditions(search: string | undefined): SQL {
  if (!search) return awaiting;
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // The adding organization's name is searched too: an operator often looks for "what did X add".
  return and(
    awaiting,
    sql`(${providers.searchText} LIKE ${pattern} OR lower(coalesce(${organizations.name}, '')) LIKE ${pattern})`,
  ) as SQL;
}

/** One page of providers awaiting verification, newest first, with the total matching the search. */
export async function listUnverified(
  db: DbOrTx,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: UnverifiedRow[]; total: number }> {
  const where = listConditions(search);
  const rows = await db
    .select({
      provider: providerColumns,
      ownerOrganizationName: organizations.name,
      addedByName: users.name,
      addedByEmail: users.email,
    })
    .from(providers)
    .leftJoin(organizations, eq(organizations.id, providers.ownerOrganizationId))
    .leftJoin(users, eq(users.id, providers.createdBy))
    .where(where)
    .orderBy(desc(providers.createdAt), desc(providers.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(providers)
    .leftJoin(organizations, eq(organizations.id, providers.ownerOrganizationId))
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * Verifies a provider that awaits it, once: of two operators verifying at the same time one gets the row, the
 * other undefined (then 409).
 */
export async function markVerified(
  db: DbOrTx,
  id: number,
  userId: number,
  at: Date,
): Promise<ProviderRow | undefined> {
  const [row] = await db
    .update(providers)
    .set({ verifiedAt: at, verifiedBy: userId, updatedAt: at })
    .where(and(eq(providers.id, id), awaiting))
    .returning(providerColumns);
  return row;
}

import { DIRECTORY_STALE_AFTER_DAYS_DEFAULT } from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { recomputeScores } from './freshness-repo.ts';
import * as registryRepo from './registry-repo.ts';

export type { ExternalProviderValues, RegistryProviderValues } from './registry-repo.ts';
export {
  createStaging as createRegistryStaging,
  dropStaging as dropRegistryStaging,
  type MergeResult as RegistryMergeResult,
  mergeStaging as mergeRegistryStaging,
  type StagedRow as RegistryStagedRow,
  stageRows as stageRegistryRows,
  stagingTableOf as registryStagingTableOf,
} from './registry-staging.ts';

// The directory's door for registry imports (issue #18): the import manager hands normalised providers here and
// never writes the providers table itself. Each call runs in the caller's transaction.

export type RegistryWriteResult = { added: number; updated: number; unchanged: number };

/**
 * The stale time the scores of an import's listings are recomputed with. Any would do: every listing an import
 * touches was verified in its own transaction (full recency whatever the stale time), and a deactivated one
 * scores from its completeness alone. The daily job (jobs.ts) recomputes everything with the configured time.
 */
export const JUST_VERIFIED_STALE_DAYS = DIRECTORY_STALE_AFTER_DAYS_DEFAULT;

/**
 * Writes one batch of registry providers, keyed by NPI: new NPIs are added, changed ones rewritten, unchanged
 * ones only confirmed (last_verified_at), and the data quality score of each recomputed (issue #18 item 7).
 * Counts say which was which. The batch must hold each NPI once.
 */
export async function writeRegistryProviders(
  tx: DbOrTx,
  rows: readonly registryRepo.RegistryProviderValues[],
  now = new Date(),
): Promise<RegistryWriteResult> {
  const stored = await registryRepo.registryHashes(
    tx,
    rows.map((r) => r.npi),
  );
  const changed = rows.filter((r) => stored.get(r.npi) !== r.hash);
  const unchanged = rows.filter((r) => stored.get(r.npi) === r.hash).map((r) => r.npi);
  await registryRepo.upsertByNpi(tx, changed, now);
  await registryRepo.confirmNpis(tx, unchanged, now);
  await recomputeScores(tx, {
    scope: { npis: rows.map((r) => r.npi) },
    now,
    staleAfterDays: JUST_VERIFIED_STALE_DAYS,
  });
  const added = changed.filter((r) => !stored.has(r.npi)).length;
  return { added, updated: changed.length - added, unchanged: unchanged.length };
}

/**
 * Writes the listings of a source keyed by its own ids (issue #21: HSDS), by (data_source, external_id), the way
 * writeRegistryProviders writes NPIs: new ones added, changed ones rewritten, unchanged ones only confirmed, each
 * one's score recomputed. The rows must hold each external id of one data source once.
 */
export async function writeExternalProviders(
  tx: DbOrTx,
  dataSource: string,
  rows: readonly registryRepo.ExternalProviderValues[],
  now = new Date(),
): Promise<RegistryWriteResult> {
  const stored = await registryRepo.externalHashes(
    tx,
    dataSource,
    rows.map((r) => r.externalId),
  );
  const changed = rows.filter((r) => stored.get(r.externalId)?.hash !== r.hash);
  const unchangedIds = rows
    .filter((r) => stored.get(r.externalId)?.hash === r.hash)
    .map((r) => stored.get(r.externalId)!.id);
  const writtenIds = await registryRepo.upsertByExternalId(tx, changed, now);
  await registryRepo.confirmIds(tx, unchangedIds, now);
  await recomputeScores(tx, {
    scope: { ids: [...writtenIds, ...unchangedIds] },
    now,
    staleAfterDays: JUST_VERIFIED_STALE_DAYS,
  });
  const added = changed.filter((r) => !stored.has(r.externalId)).length;
  return { added, updated: changed.length - added, unchanged: unchangedIds.length };
}

/** Active providers, in all and by data source (PROVIDER_DATA_SOURCES). */
export async function countProvidersBySource(db: DbOrTx) {
  return registryRepo.countBySource(db);
}

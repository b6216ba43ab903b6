import type { DbOrTx } from '../../../db/client.ts';
import * as registryRepo from './registry-repo.ts';

export type { RegistryProviderValues } from './registry-repo.ts';
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
 * Writes one batch of registry providers, keyed by NPI: new NPIs are added, changed ones rewritten, unchanged
 * ones only confirmed (last_verified_at). Counts say which was which. The batch must hold each NPI once.
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
  const added = changed.filter((r) => !stored.has(r.npi)).length;
  return { added, updated: changed.length - added, unchanged: unchanged.length };
}

/** Active providers, in all and by data source (PROVIDER_DATA_SOURCES). */
export async function countProvidersBySource(db: DbOrTx) {
  return registryRepo.countBySource(db);
}

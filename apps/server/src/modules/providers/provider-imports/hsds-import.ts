import type { ImportMethod, ImportProgress } from '@trust/domain';
import { readHsdsApi } from '../../../adapters/registries/hsds-api.ts';
import { readHsdsDatapackage } from '../../../adapters/registries/hsds-datapackage.ts';
import type { HsdsHttpOptions } from '../../../adapters/registries/hsds-http.ts';
import { type HsdsService, listingsOfService } from '../../../adapters/registries/hsds-listings.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { type ExternalProviderValues, writeExternalProviders } from '../directory/registry-service.ts';
import { normaliseExternalProvider } from './normalise.ts';
import type { ImportJobRow } from './repo.ts';
import type { UsageMeter } from './usage-meter.ts';

// An HSDS directory's import (issue #21 item 2): the whole directory is read first — its API page after page, or
// its datapackage's CSV files — each service_at_location mapped to a listing (hsds-listings.ts) and normalised,
// then written in one transaction, keyed by (data_source 'hsds', external_id): an unreachable or malformed
// directory fails the job before anything is written, and a later import upserts the same rows. Directories are
// small next to the registries (a 211's tens of thousands of services), so no staging table.

/** The largest answer read (a page of the API, or one CSV file of the datapackage). */
const MAX_BYTES = 100 * 1024 * 1024;
const TIMEOUT_MS = 30_000;
/** Notes kept on the job about what was left out (the rest are counted in one more note). */
const MAX_NOTES = 20;

async function* servicesOf(
  method: ImportMethod,
  url: string,
  http: HsdsHttpOptions & { onCall: () => void },
): AsyncGenerator<HsdsService[]> {
  if (method === 'file') {
    yield await readHsdsDatapackage(url, http);
    return;
  }
  yield* readHsdsApi(url, http);
}

export type HsdsRunControl = {
  signal: AbortSignal;
  meter: UsageMeter;
  /** Writes the final progress and notes in the write's transaction; false when the job was cancelled meanwhile. */
  commit: (
    tx: Parameters<Parameters<ServiceContext['db']['transaction']>[0]>[0],
    progress: ImportProgress,
    notes: string[],
  ) => Promise<boolean>;
};

/** Runs an HSDS job; answers the final progress, or null when it was cancelled. */
export async function runHsdsImport(
  ctx: ServiceContext,
  job: ImportJobRow,
  start: ImportProgress,
  sourceUrl: string,
  control: HsdsRunControl,
): Promise<ImportProgress | null> {
  const http = {
    allowHosts: ctx.deps.config.hsdsImportAllowHosts,
    signal: control.signal,
    timeoutMs: TIMEOUT_MS,
    maxBytes: MAX_BYTES,
    onBytes: (n: number) => control.meter.download(n),
    onCall: () => control.meter.call(0),
  };
  const states = new Set(job.states);
  const perState = new Map<string, number>();
  const rows = new Map<string, ExternalProviderValues>();
  const leftOut: string[] = [];
  let fetched = 0;
  for await (const services of servicesOf(job.method as ImportMethod, sourceUrl, http)) {
    for (const service of services) {
      const { providers, skipped } = listingsOfService(service);
      fetched += providers.length + skipped.length;
      leftOut.push(...skipped);
      for (const provider of providers) {
        const state = provider.location?.state.trim().toUpperCase() ?? '';
        // The job's states, when it names any, and its limit per state: the rest of the directory is not read in.
        if (states.size > 0 && !states.has(state)) {
          fetched--;
          continue;
        }
        if ((perState.get(state) ?? 0) >= job.limitPerState) {
          fetched--;
          continue;
        }
        const normalised = normaliseExternalProvider(provider);
        if (!normalised.ok) {
          leftOut.push(`${normalised.reason}: not imported.`);
          continue;
        }
        perState.set(state, (perState.get(state) ?? 0) + 1);
        rows.set(normalised.values.externalId, normalised.values);
      }
    }
  }
  if (control.signal.aborted) return null;
  const notes = leftOut.slice(0, MAX_NOTES);
  if (leftOut.length > MAX_NOTES) notes.push(`… and ${leftOut.length - MAX_NOTES} more left out.`);
  try {
    return await ctx.db.transaction(async (tx) => {
      const written = await writeExternalProviders(tx, 'hsds', [...rows.values()]);
      control.meter.rows(written.added + written.updated);
      const refused = leftOut.length;
      const final: ImportProgress = {
        ...start,
        providers_fetched: start.providers_fetched + fetched,
        providers_added: start.providers_added + written.added,
        providers_updated: start.providers_updated + written.updated,
        providers_skipped: start.providers_skipped + written.unchanged + refused,
        providers_refused: start.providers_refused + refused,
        states_completed: [...job.states],
        current_state: null,
      };
      if (!(await control.commit(tx, final, notes))) throw new CancelledWrite();
      return final;
    });
  } catch (error) {
    if (error instanceof CancelledWrite) return null;
    throw error;
  }
}

class CancelledWrite extends Error {}

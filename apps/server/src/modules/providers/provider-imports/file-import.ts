import {
  IMPORT_MESSAGES,
  IMPORT_TAXONOMY_CODE_PREFIXES,
  type ImportDataSource,
  type ImportMethod,
  type ImportProgress,
} from '@trust/domain';
import { readCareCompareFile } from '../../../adapters/registries/care-compare.ts';
import { readHrsaFile } from '../../../adapters/registries/hrsa.ts';
import { readNppesFile } from '../../../adapters/registries/nppes-file.ts';
import { openRegistryFile } from '../../../adapters/registries/registry-file.ts';
import type { RegistryFileBlock } from '../../../adapters/registries/registry-provider.ts';
import type { Config } from '../../../config.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  createRegistryStaging,
  dropRegistryStaging,
  mergeRegistryStaging,
  type RegistryStagedRow,
  registryStagingTableOf,
  stageRegistryRows,
} from '../directory/registry-service.ts';
import { normaliseRegistryProvider } from './normalise.ts';
import type { ImportJobRow } from './repo.ts';
import type { UsageMeter } from './usage-meter.ts';

// A file import (issue #18 item 1): the source's downloadable file is streamed (never loaded whole), each record
// filtered to the job's states, taxonomy and per-state limit and normalised, then staged (COPY on PostgreSQL,
// batched INSERTs on PGlite) and merged into the directory in one transaction. A malformed or truncated file
// fails the job with its line number before anything is merged; a cancel drops the staging table.

/** Where a source's file is configured, and the variable that sets it (named in the refusal). */
export function fileLocationOf(
  config: Config,
  source: ImportDataSource,
  method: ImportMethod,
): { location: string | undefined; variable: string } {
  if (source === 'cms_care_compare')
    return { location: config.registryFiles.careCompare, variable: 'CARE_COMPARE_FILE_URL' };
  if (source === 'hrsa') return { location: config.registryFiles.hrsa, variable: 'HRSA_FILE_URL' };
  return method === 'deactivations'
    ? { location: config.registryFiles.nppesDeactivations, variable: 'NPPES_DEACTIVATION_FILE_URL' }
    : { location: config.registryFiles.nppes, variable: 'NPPES_FILE_URL' };
}

/** Refuses a file job whose file is not configured (400-class, before any job is created). */
export function requireFileConfigured(config: Config, source: ImportDataSource, method: ImportMethod) {
  if (method === 'api') return;
  const { location, variable } = fileLocationOf(config, source, method);
  if (!location)
    throw new AppError('import_job.file_not_configured', IMPORT_MESSAGES.fileNotConfigured(variable));
}

function readerOf(source: ImportDataSource) {
  if (source === 'cms_care_compare') return readCareCompareFile;
  if (source === 'hrsa') return readHrsaFile;
  return readNppesFile;
}

export type FileRunControl = {
  signal: AbortSignal;
  meter: UsageMeter;
  /** Records progress while staging (the live screen); throws when the job was cancelled meanwhile. */
  report: (progress: ImportProgress) => Promise<void>;
  /** Writes the final progress in the merge's transaction; false when the job was cancelled meanwhile. */
  commit: (
    tx: Parameters<Parameters<ServiceContext['db']['transaction']>[0]>[0],
    progress: ImportProgress,
  ) => Promise<boolean>;
};

/** How often staging progress is written (each write is a row update and a live event). */
const REPORT_EVERY_MS = 1_000;

/** Runs a file job: stage, then merge; returns the final progress, or null when it was cancelled. */
export async function runFileImport(
  ctx: ServiceContext,
  job: ImportJobRow,
  start: ImportProgress,
  control: FileRunControl,
): Promise<ImportProgress | null> {
  const { location, variable } = fileLocationOf(
    ctx.deps.config,
    job.dataSource as ImportDataSource,
    job.method as ImportMethod,
  );
  if (!location) throw new Error(IMPORT_MESSAGES.fileNotConfigured(variable));
  const table = registryStagingTableOf(job.id);
  const states = new Set(job.states);
  const taxonomyPrefix =
    job.taxonomy && job.dataSource !== 'hrsa'
      ? IMPORT_TAXONOMY_CODE_PREFIXES[job.taxonomy as keyof typeof IMPORT_TAXONOMY_CODE_PREFIXES]
      : undefined;
  const perState = new Map<string, number>();
  // Care Compare lists a clinician once per practice address: its repeats must not count twice against the limit.
  // The other files hold an NPI once (the merge keeps the last row of any repeat), so they keep no set.
  const kept = job.dataSource === 'cms_care_compare' ? new Set<string>() : null;
  let progress: ImportProgress = { ...start, current_state: null };
  let deactivations = 0;
  let lastReport = Date.now();
  const full = () => [...states].every((s) => (perState.get(s) ?? 0) >= job.limitPerState);

  const file = await openRegistryFile(location, {
    signal: control.signal,
    onDownloadBytes: (n) => control.meter.download(n),
  });
  // A run retried after a crash starts from an empty staging table.
  await dropRegistryStaging(ctx.db, table);
  await createRegistryStaging(ctx.db, table);
  try {
    const blocks = async function* (): AsyncGenerator<RegistryStagedRow[]> {
      for await (const block of readerOf(job.dataSource as ImportDataSource)(
        file.stream,
      ) as AsyncIterable<RegistryFileBlock>) {
        if (control.signal.aborted) throw control.signal.reason ?? new Error('cancelled');
        const staged: RegistryStagedRow[] = [];
        let fetched = 0;
        let refused = 0;
        for (const { line, provider } of block.providers) {
          const state = provider.location?.state.trim().toUpperCase() ?? '';
          if (!states.has(state) || (perState.get(state) ?? 0) >= job.limitPerState) continue;
          if (taxonomyPrefix && !provider.taxonomies.some((t) => t.code.startsWith(taxonomyPrefix))) continue;
          if (kept?.has(provider.npi)) continue;
          kept?.add(provider.npi);
          perState.set(state, (perState.get(state) ?? 0) + 1);
          fetched++;
          const normalised = normaliseRegistryProvider(provider);
          if (normalised.ok) staged.push({ line, values: normalised.values });
          else refused++;
        }
        for (const { line, deactivation } of block.deactivations) staged.push({ line, deactivation });
        deactivations += block.deactivations.length;
        progress = {
          ...progress,
          providers_fetched: progress.providers_fetched + fetched,
          providers_refused: progress.providers_refused + refused,
          providers_skipped: progress.providers_skipped + refused,
        };
        yield staged;
        if (Date.now() - lastReport >= REPORT_EVERY_MS) {
          lastReport = Date.now();
          await control.report(progress);
        }
        // Every state has its providers and this is no deactivation file: the rest of the file is not needed.
        if (job.method !== 'deactivations' && full() && block.deactivations.length === 0) return;
      }
    };
    const stagingStarted = Date.now();
    const staged = await stageRegistryRows(ctx.deps.database, table, blocks());
    control.meter.rows(staged);
    if (control.signal.aborted) return null;
    const mergeStarted = Date.now();
    const merged = await ctx.db.transaction(async (tx) => {
      const result = await mergeRegistryStaging(tx, table);
      const final: ImportProgress = {
        ...progress,
        providers_added: progress.providers_added + result.added,
        providers_updated: progress.providers_updated + result.updated,
        providers_skipped: progress.providers_skipped + result.unchanged,
        providers_deactivated: progress.providers_deactivated + result.deactivated,
        states_completed: [...job.states],
      };
      control.meter.rows(result.added + result.updated + result.deactivated);
      if (!(await control.commit(tx, final))) throw new CancelledMerge();
      return final;
    });
    ctx.log.info(
      {
        jobId: job.id,
        staged,
        deactivations,
        stageMs: mergeStarted - stagingStarted,
        mergeMs: Date.now() - mergeStarted,
      },
      'registry file merged',
    );
    return merged;
  } catch (error) {
    if (error instanceof CancelledMerge) return null;
    throw error;
  } finally {
    await file.close().catch(() => {});
    await dropRegistryStaging(ctx.db, table).catch(() => {});
  }
}

class CancelledMerge extends Error {}

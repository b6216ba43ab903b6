import type { ImportDataSource } from '@trust/domain';
import { fetchStateFromNppes, NppesApiClient } from '../../../adapters/registries/nppes-api.ts';
import { fromNppesResult } from '../../../adapters/registries/nppes-json.ts';
import type { RegistryProvider } from '../../../adapters/registries/registry-provider.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { zipsOfState } from '../directory/geography.ts';
import type { UsageMeter } from './usage-meter.ts';

/** A block of registry providers read for one state, or a note on what the registry could not give. */
export type SourceBlock = { providers: RegistryProvider[]; note?: string };

export type SourceRead = {
  state: string;
  limit: number;
  taxonomy: string | null;
  signal: AbortSignal;
  meter: UsageMeter;
};

/** Every provider of one state a source gives, up to the limit, in blocks (each written in one transaction). */
export async function* readSource(
  ctx: ServiceContext,
  source: ImportDataSource,
  read: SourceRead,
): AsyncGenerator<SourceBlock> {
  if (source === 'cms_nppes') {
    const api = ctx.deps.config.nppesApi;
    const client = new NppesApiClient({
      baseUrl: api.url,
      minIntervalMs: api.minIntervalMs,
      retries: api.retries,
      backoffMs: api.backoffMs,
      timeoutMs: api.timeoutMs,
      signal: read.signal,
      onCall: (bytes) => read.meter.call(bytes),
    });
    const pages = fetchStateFromNppes(client, {
      state: read.state,
      taxonomy: read.taxonomy ?? 'Family Medicine',
      limit: read.limit,
      stateZips: zipsOfState(read.state),
    });
    for await (const page of pages) {
      yield { providers: page.results.map(fromNppesResult), ...(page.note ? { note: page.note } : {}) };
    }
    return;
  }
  throw new Error(`The ${source} import is not built yet.`);
}

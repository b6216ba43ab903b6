import { nppesPopulation } from '../../apps/server/src/adapters/registries/nppes-fixture.ts';
import {
  type RegistryFixtureServer,
  startRegistryFixtureServer,
} from '../../apps/server/src/adapters/registries/registry-fixture-server.ts';
import { lookupZip, zipsOfState } from '../../apps/server/src/modules/providers/directory/geography.ts';

// Issue #18's journey imports from a stand-in NPPES Registry API on loopback (the server's own fixture server:
// the registry's 200/1,000 limits and refusals), never from CMS. Each answer waits a little, as the real registry
// does under load, so a job's progress can be watched and a job cancelled while it runs.

/** Family Medicine providers per state: NV needs many calls (and splits), UT fits in two, WA and AZ in one. */
export const REGISTRY_POPULATION = { NV: 1_600, UT: 300, WA: 150, AZ: 150 } as const;
/** How long each registry answer takes. */
export const REGISTRY_DELAY_MS = 1_200;

const cityOf = (zip: string) => lookupZip(zip)?.city ?? null;

export async function startRegistry(): Promise<RegistryFixtureServer> {
  const registry = await startRegistryFixtureServer(
    nppesPopulation(
      Object.entries(REGISTRY_POPULATION).map(([state, count]) => ({
        state,
        taxonomy: 'Family Medicine',
        count,
        zips: zipsOfState(state),
        cityOf,
      })),
    ),
  );
  registry.setDelay(REGISTRY_DELAY_MS);
  return registry;
}

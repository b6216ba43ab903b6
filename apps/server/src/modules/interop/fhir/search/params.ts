import { z } from 'zod';
import { fhirError } from '../operation-outcome.ts';

// Search parameters (FHIR R4 §3.1.1 search.html), read strictly: a parameter the type does not support is a
// 400 naming it (the route's query schema refuses it), a bad value a 400 naming the parameter.

const value = z.union([z.string(), z.array(z.string())]).optional();

/** Parameters every search takes: paging and the format. */
const common = { _count: value, _offset: value, _format: value, _id: value };

export const SEARCH_PARAMS = {
  Task: { ...common, _lastUpdated: value, status: value, owner: value, focus: value, patient: value },
  ServiceRequest: { ...common, _lastUpdated: value, status: value, category: value, patient: value },
  Patient: { ...common },
  Organization: { ...common, name: value },
  Consent: { ...common, _lastUpdated: value, patient: value },
} as const;
export type SearchType = keyof typeof SEARCH_PARAMS;

export function searchQuerySchema(type: SearchType) {
  return z.strictObject(SEARCH_PARAMS[type]);
}

export type RawParams = Record<string, string | string[] | undefined>;

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;

function invalid(name: string, message: string) {
  return fhirError('fhir.search_param_invalid', message, { expression: name, type: 'value' });
}

function single(params: RawParams, name: string): string | undefined {
  const v = params[name];
  if (Array.isArray(v)) {
    if (v.length > 1) throw invalid(name, `The search parameter ${name} may be given once.`);
    return v[0];
  }
  return v;
}

/** Every value of a token or reference parameter: repeated (AND of each) and comma lists (OR) flattened to ORs. */
function tokenLists(params: RawParams, name: string): string[][] | undefined {
  const v = params[name];
  if (v === undefined) return undefined;
  return (Array.isArray(v) ? v : [v]).map((one) =>
    one
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** The intersection of repeated parameters' OR-lists (status=a,b&status=b means b). */
function intersect(lists: string[][]): string[] {
  return lists.reduce((acc, list) => acc.filter((x) => list.includes(x)));
}

function nonNegative(params: RawParams, name: string): number | undefined {
  const raw = single(params, name);
  if (raw === undefined) return undefined;
  if (!/^(0|[1-9][0-9]{0,8})$/.test(raw)) throw invalid(name, `${name} must be a whole number, 0 or more.`);
  return Number(raw);
}

/** _count (default 20, at most 100: more is answered with 100, as FHIR lets a server) and _offset. */
export function paging(params: RawParams): { count: number; offset: number } {
  const count = nonNegative(params, '_count') ?? DEFAULT_COUNT;
  return { count: Math.min(count, MAX_COUNT), offset: nonNegative(params, '_offset') ?? 0 };
}

export function checkFormat(params: RawParams) {
  const f = single(params, '_format');
  if (f !== undefined && !['json', 'application/json', 'application/fhir+json'].includes(f)) {
    throw fhirError('fhir.search_param_invalid', 'This server answers JSON only (_format=json).', {
      expression: '_format',
      type: 'not-supported',
    });
  }
}

/** Ids of `type` from `_id=1,2` or a reference parameter (`Patient/1`, `1`, `https://…/fhir/Patient/1`). */
export function idsOf(params: RawParams, name: string, type: string): number[] | undefined {
  const lists = tokenLists(params, name);
  if (!lists) return undefined;
  const ids = lists.map((list) =>
    list.map((token) => {
      const m = new RegExp(`^(?:.*/)?(?:${type}/)?([1-9][0-9]{0,9})$`).exec(token);
      if (!m || (token.includes('/') && !token.includes(`${type}/`))) {
        throw invalid(name, `${name} must name a ${type} by its id (${type}/123).`);
      }
      return m[1] as string;
    }),
  );
  return intersect(ids)
    .map(Number)
    .filter((n) => n <= 2_147_483_647);
}

/** The values of a token parameter (`status=accepted,in-progress`), a `system|code` keeping only the code. */
export function tokensOf(params: RawParams, name: string, system?: string): string[] | undefined {
  const lists = tokenLists(params, name);
  if (!lists) return undefined;
  return intersect(
    lists.map((list) =>
      list.map((token) => {
        const bar = token.lastIndexOf('|');
        if (bar === -1) return token;
        const sys = token.slice(0, bar);
        if (system && sys !== '' && sys !== system) throw invalid(name, `${name} takes codes of ${system}.`);
        return token.slice(bar + 1);
      }),
    ),
  );
}

export function stringOf(params: RawParams, name: string): string | undefined {
  const v = single(params, name);
  if (v !== undefined && v.length > 200) throw invalid(name, `${name} is too long.`);
  return v;
}

const DATE =
  /^(eq|ne|gt|ge|lt|le|sa|eb|ap)?(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

export type DateBound = { op: 'eq' | 'gt' | 'ge' | 'lt' | 'le'; at: Date; until: Date };

/**
 * A date parameter (`_lastUpdated=ge2026-01-01`): each value with its prefix and the instant range its
 * precision covers (a day is [that day, the next day)). Times without a zone are read as UTC.
 */
export function datesOf(params: RawParams, name: string): DateBound[] | undefined {
  const v = params[name];
  if (v === undefined) return undefined;
  return (Array.isArray(v) ? v : [v]).map((raw) => {
    const m = DATE.exec(raw);
    if (!m)
      throw invalid(
        name,
        `${name} must be a date (YYYY, YYYY-MM, YYYY-MM-DD or a time) with an optional prefix.`,
      );
    const [, prefix = 'eq', y, mo, d, h, mi, s, zone] = m;
    if (!['eq', 'gt', 'ge', 'lt', 'le'].includes(prefix)) {
      throw invalid(name, `${name} takes the prefixes eq, gt, ge, lt and le.`);
    }
    let at: Date;
    let until: Date;
    if (h !== undefined) {
      at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${zone ?? 'Z'}`);
      until = new Date(at.getTime() + (s === undefined ? 60_000 : 1000));
    } else {
      at = new Date(Date.UTC(Number(y), mo ? Number(mo) - 1 : 0, d ? Number(d) : 1));
      until = new Date(
        Date.UTC(Number(y) + (mo ? 0 : 1), mo ? Number(mo) - 1 + (d ? 0 : 1) : 0, d ? Number(d) + 1 : 1),
      );
    }
    if (Number.isNaN(at.getTime())) throw invalid(name, `${name} is not a real date.`);
    return { op: prefix as DateBound['op'], at, until };
  });
}

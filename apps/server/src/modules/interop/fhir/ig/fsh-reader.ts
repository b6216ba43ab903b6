/**
 * A small reader for the FHIR Shorthand (FSH) rule forms the SDOH Clinical Care IG uses in its profiles, value
 * sets and code systems (see sdohcc-2.3.0/README.md). It is not a FSH compiler: caret rules (^), inserts and
 * invariants are skipped; what it keeps are the constraints a validator needs.
 */

export type FshEntityKind = 'Profile' | 'ValueSet' | 'CodeSystem' | 'Extension' | 'Other';

export interface PathSegment {
  /** element name; choice elements keep their suffix, e.g. `occurrence[x]` */
  name: string;
  slice?: string;
}

export type FshRule =
  | { kind: 'card'; path: PathSegment[]; min?: number; max?: string; flags: string[] }
  | { kind: 'flag'; path: PathSegment[]; flags: string[] }
  | { kind: 'assign'; path: PathSegment[]; value: string; exactly: boolean }
  | { kind: 'binding'; path: PathSegment[]; valueSet: string; strength: string }
  | { kind: 'only'; path: PathSegment[]; types: string[] }
  | {
      kind: 'contains';
      path: PathSegment[];
      items: { name: string; type?: string; min?: number; max?: string; flags: string[] }[];
    }
  | { kind: 'vs-include'; exclude: boolean; from: 'valueset' | 'system' | 'code'; ref: string; code?: string }
  | { kind: 'cs-concept'; code: string };

export interface FshEntity {
  kind: FshEntityKind;
  name: string;
  id?: string;
  parent?: string;
  rules: FshRule[];
  file: string;
}

export interface FshDocument {
  entities: FshEntity[];
  aliases: Map<string, string>;
}

/** Removes comments (outside strings) and splits the text into statements (one per entity keyword or rule). */
function statements(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (text.startsWith('"""', i)) {
      const end = text.indexOf('"""', i + 3);
      const stop = end < 0 ? text.length : end + 3;
      current += text.slice(i, stop).replace(/\n/g, ' ');
      i = stop;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      current += text.slice(i, j + 1).replace(/\n/g, ' ');
      i = j + 1;
    } else if (text.startsWith('//', i) && (i === 0 || /\s/.test(text[i - 1]!))) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === '\n') {
      lines.push(current);
      current = '';
      i++;
    } else {
      current += c;
      i++;
    }
  }
  lines.push(current);
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (!line.trim()) continue;
    if (/^\*\s/.test(line) || /^[A-Za-z]+:/.test(line) || out.length === 0) out.push(line.trim());
    else out[out.length - 1] += ` ${line.trim()}`;
  }
  return out;
}

export function parsePath(path: string): PathSegment[] {
  if (path === '.' || path === '') return [];
  const segments: PathSegment[] = [];
  for (const part of path.split(/\.(?![^[]*\])/)) {
    const m = /^([A-Za-z0-9_-]+)((?:\[[^\]]+\])*)$/.exec(part);
    if (!m) return [{ name: part }];
    let name = m[1]!;
    let slice: string | undefined;
    for (const b of m[2]!.match(/\[[^\]]+\]/g) ?? []) {
      const inner = b.slice(1, -1);
      if (inner === 'x') name += '[x]';
      else if (/^(\d+|\+|=)$/.test(inner)) continue;
      else slice = inner;
    }
    segments.push(slice ? { name, slice } : { name });
  }
  return segments;
}

const FLAGS = new Set(['MS', 'SU', '?!', 'N', 'TU', 'D']);

function parseCard(card: string): { min?: number; max?: string } {
  const [min, max] = card.split('..');
  return { min: min ? Number(min) : undefined, max: max || undefined };
}

/** `A or B|7.0.0 or Reference(C or D)` → ['A', 'B|7.0.0', 'Reference(C|D)'] */
function splitTypes(text: string): string[] {
  const out: string[] = [];
  const re = /(Reference|Canonical|CodeableReference)\s*\(([^)]*)\)|([^\s()]+)/g;
  for (const m of text.matchAll(re)) {
    if (m[1])
      out.push(
        `${m[1]}(${m[2]!
          .split(/\s+or\s+/)
          .map((s) => s.trim())
          .join('|')})`,
      );
    else if (m[3] && m[3] !== 'or') out.push(m[3]);
  }
  return out;
}

function parseProfileRule(body: string): FshRule | undefined {
  if (body.startsWith('^') || body.startsWith('insert ') || / \^/.test(body.split(/\s=\s/)[0]!))
    return undefined;
  if (body.startsWith('obeys ')) return undefined;
  let m = /^(\S+)\s+contains\s+(.+)$/.exec(body);
  if (m) {
    const items = m[2]!.split(/\s+and\s+/).map((item) => {
      const parts = item.trim().split(/\s+/);
      let name = parts[0]!;
      let type: string | undefined;
      let rest = parts.slice(1);
      if (rest[0] === 'named') {
        type = name;
        name = rest[1]!;
        rest = rest.slice(2);
      }
      const card = rest.find((p) => p.includes('..'));
      return { name, type, ...(card ? parseCard(card) : {}), flags: rest.filter((p) => FLAGS.has(p)) };
    });
    return { kind: 'contains', path: parsePath(m[1]!), items };
  }
  m = /^(\S+)\s+only\s+(.+)$/.exec(body);
  if (m) return { kind: 'only', path: parsePath(m[1]!), types: splitTypes(m[2]!) };
  m = /^(\S+)\s+from\s+(\S+)(?:\s+\((\w+)\))?$/.exec(body);
  if (m) return { kind: 'binding', path: parsePath(m[1]!), valueSet: m[2]!, strength: m[3] ?? 'required' };
  m = /^(\S+)\s+=\s+(.+?)(\s+\(exactly\))?$/.exec(body);
  if (m) return { kind: 'assign', path: parsePath(m[1]!), value: m[2]!, exactly: !!m[3] };
  m = /^(\S+)\s+(\d*\.\.(?:\d+|\*)?)((?:\s+\S+)*)$/.exec(body);
  if (m) {
    const flags = m[3]!.trim() ? m[3]!.trim().split(/\s+/) : [];
    return { kind: 'card', path: parsePath(m[1]!), ...parseCard(m[2]!), flags };
  }
  m = /^(\S+)((?:\s+(?:MS|SU|\?!|N|TU|D))+)$/.exec(body);
  if (m) return { kind: 'flag', path: parsePath(m[1]!), flags: m[2]!.trim().split(/\s+/) };
  return undefined;
}

function parseValueSetRule(body: string): FshRule | undefined {
  if (body.startsWith('^')) return undefined;
  const m =
    /^(include|exclude)?\s*(?:codes from (valueset|system) (\S+)(?:\s+where .*)?|(\S+)#(\S+)(?:\s+".*")?)$/.exec(
      body,
    );
  if (!m) return undefined;
  const exclude = m[1] === 'exclude';
  if (m[2]) {
    const filtered = / where /.test(body);
    if (filtered) return { kind: 'vs-include', exclude, from: 'system', ref: `${m[3]}#<filtered>` };
    return { kind: 'vs-include', exclude, from: m[2] as 'valueset' | 'system', ref: m[3]! };
  }
  return { kind: 'vs-include', exclude, from: 'code', ref: m[4]!, code: m[5]! };
}

export function parseFsh(text: string, file: string, doc: FshDocument): void {
  let entity: FshEntity | undefined;
  for (const st of statements(text)) {
    const header =
      /^(Alias|Profile|Parent|Id|ValueSet|CodeSystem|Extension|Instance|Invariant|RuleSet|Mapping|Logical|Resource|Title|Description|InstanceOf|Usage|Expression|Severity|XPath|Source|Target|Characteristics|Context):\s*(.*)$/.exec(
        st,
      );
    if (header) {
      const [, key, value] = header as unknown as [string, string, string];
      if (key === 'Alias') {
        const a = /^(\S+)\s*=\s*(\S+)/.exec(value);
        if (a) doc.aliases.set(a[1]!, a[2]!);
      } else if (['Profile', 'ValueSet', 'CodeSystem', 'Extension'].includes(key)) {
        entity = { kind: key as FshEntityKind, name: value.trim(), rules: [], file };
        doc.entities.push(entity);
      } else if (['Instance', 'Invariant', 'RuleSet', 'Mapping', 'Logical', 'Resource'].includes(key)) {
        entity = { kind: 'Other', name: value.trim(), rules: [], file };
      } else if (entity && key === 'Parent') entity.parent = value.trim();
      else if (entity && key === 'Id') entity.id = value.trim();
      continue;
    }
    if (!entity || !st.startsWith('*')) continue;
    const body = st.replace(/^\*\s*/, '').trim();
    let rule: FshRule | undefined;
    if (entity.kind === 'ValueSet') rule = parseValueSetRule(body);
    else if (entity.kind === 'CodeSystem') {
      const c = /^#(\S+)/.exec(body);
      rule = c ? { kind: 'cs-concept', code: c[1]! } : undefined;
    } else if (entity.kind === 'Profile' || entity.kind === 'Extension') rule = parseProfileRule(body);
    if (rule) entity.rules.push(rule);
  }
}

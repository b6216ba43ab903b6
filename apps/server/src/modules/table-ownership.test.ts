import fs from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';
import { MODULES } from './index.ts';

/**
 * Issue #13 item 4: a module's code writes only the tables its manifest owns, and reads only those and the ones
 * it declares in `reads` (with why). Checked on the source: tables imported from db/schema and table names in
 * raw SQL (FROM, JOIN, INSERT INTO, UPDATE, DELETE FROM). The platform owns the tables of platform/ (sessions,
 * the audit log, attempt counters, app metadata): modules reach them through platform functions only.
 */
const PLATFORM_TABLES = ['sessions', 'audit_log', 'attempt_counters', 'app_meta'];

const HERE = path.dirname(new URL(import.meta.url).pathname);
const tablesByExport = new Map<string, string>();
for (const [name, value] of Object.entries(schema)) {
  if (isTable(value)) tablesByExport.set(name, getTableName(value as PgTable));
}
const allTables = new Set(tablesByExport.values());

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? sourceFiles(path.join(dir, d.name)) : [path.join(dir, d.name)]))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !/test-(support|fixtures)\.ts$/.test(f));
}

/** Tables a file reads or writes, by name. */
export function tablesOf(source: string): { reads: Set<string>; writes: Set<string> } {
  const reads = new Set<string>();
  const writes = new Set<string>();
  for (const m of source.matchAll(
    /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*db\/schema(?:\/index)?\.ts'/g,
  )) {
    for (const raw of m[1]!.split(',')) {
      const name = raw
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!;
      const table = tablesByExport.get(name);
      if (table) reads.add(table);
    }
  }
  for (const m of source.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
    const table = tablesByExport.get(m[1]!);
    if (table) writes.add(table);
  }
  for (const m of source.matchAll(
    /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|FROM|JOIN)\s+([a-z_][a-z0-9_]*)\b/g,
  )) {
    const table = m[2]!.toLowerCase();
    if (!allTables.has(table) && !PLATFORM_TABLES.includes(table)) continue;
    if (/^(insert|update|delete)/i.test(m[1]!)) writes.add(table);
    reads.add(table);
  }
  for (const w of writes) reads.add(w);
  return { reads, writes };
}

describe('table ownership (issue #13 item 4)', () => {
  it('gives every table exactly one owner', () => {
    const owners = new Map<string, string[]>();
    for (const t of PLATFORM_TABLES) owners.set(t, ['platform']);
    for (const m of MODULES) {
      for (const t of m.owns) owners.set(getTableName(t), [...(owners.get(getTableName(t)) ?? []), m.name]);
    }
    const problems = [...allTables]
      .filter((t) => owners.get(t)?.length !== 1)
      .map((t) => `${t}: ${owners.get(t) ?? 'nobody'}`);
    expect(problems).toEqual([]);
  });

  it('lets a module write only its own tables and read only what its manifest declares', () => {
    const problems: string[] = [];
    for (const m of MODULES) {
      const owned = new Set(m.owns.map((t) => getTableName(t)));
      const declared = new Set((m.reads ?? []).map((r) => getTableName(r.table)));
      for (const file of sourceFiles(path.join(HERE, m.area, m.name))) {
        const { reads, writes } = tablesOf(fs.readFileSync(file, 'utf8'));
        const where = path.relative(HERE, file);
        for (const t of writes) {
          if (!owned.has(t)) problems.push(`${where} writes ${t}`);
        }
        for (const t of reads) {
          if (!owned.has(t) && !declared.has(t) && !writes.has(t)) {
            problems.push(`${where} reads ${t}, not declared in ${m.name}/module.ts reads`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds the tables of a query (so the check above cannot pass by missing them)', () => {
    const found = tablesOf(
      "import { referrals, users } from '../../../db/schema/index.ts';\n" +
        'await tx.update(referrals).set({});\n' +
        'sql`SELECT 1 FROM providers p JOIN organizations o ON o.id = p.organization_id`;\n' +
        'sql`DELETE FROM audit_log`;',
    );
    expect([...found.writes].sort()).toEqual(['audit_log', 'referrals']);
    expect([...found.reads].sort()).toEqual([
      'audit_log',
      'organizations',
      'providers',
      'referrals',
      'users',
    ]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { loadDemoData } from '../src/db/demo-data/load.ts';
import { migrate } from '../src/db/migrate.ts';
import { TEST_DEMO } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the path of a dumped, migrated, demo-loaded data directory that each test file loads. */
    pgliteTemplate: string;
    /** PostgreSQL: the template database each test file copies into a database of its own. */
    postgresTemplate: string;
  }
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates and loads the demo data once per run (a cold start costs seconds), then every test file clones
 * it: PGlite from a dumped data directory, PostgreSQL with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `tm_test_${process.pid}_${Date.now()}_tpl`;
    const admin = await openDatabase({ kind: 'postgres', url, poolMax: 1 });
    await admin.exec(`CREATE DATABASE ${name}`);
    const template = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolMax: 2 });
    await migrate(template);
    await loadDemoData(template, TEST_DEMO);
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    };
  }

  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  await loadDemoData(database, TEST_DEMO);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tm-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

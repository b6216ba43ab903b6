import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type DatabaseListener, inProcessListener, PgListener } from './listener.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either the database or the transaction they run in (DESIGN.md). */
export type DbOrTx = Db | Tx;

/**
 * The one database handle of a server process: Drizzle for typed queries, plus the few raw operations the
 * platform needs (multi-statement SQL, LISTEN/NOTIFY, a cross-process lock). Two drivers behind it: PGlite
 * (embedded, one connection, persisted under DATA_DIR) and node-postgres (a pool against a real server).
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** One parameterised statement; rows as plain objects. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations, job-queue DDL). Returns the last statement's rows. */
  exec(text: string): Promise<Record<string, unknown>[]>;
  /** Subscribes to a NOTIFY channel; resolves to the function that unsubscribes. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The state of the LISTEN connection (it reconnects by itself; PGlite's is always up). */
  listener: DatabaseListener;
  /**
   * PostgreSQL only: `COPY … FROM STDIN` fed from `source` (text-format lines), on a connection of its own;
   * resolves to the rows copied. PGlite has no COPY stream (its callers insert in batches instead).
   */
  copyFrom?: (statement: string, source: AsyncIterable<string>) => Promise<number>;
  /** Runs fn while holding a PostgreSQL advisory lock, so concurrent processes do it one at a time. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The PGlite instance, when that is the driver (tests clone and dump it). */
  pglite?: PGlite;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolMax?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options.url, options.poolMax ?? 20);
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // Loaded only when PGlite is the driver: a server on PostgreSQL never holds its megabytes of code.
  const [{ PGlite }, { cube }, { earthdistance }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // Extensions the migrations create (pg_trgm for text search, cube and earthdistance for radius search) must
  // be loaded on every open, including when a test loads a dumped data directory.
  const extensions = { pg_trgm, cube, earthdistance };
  const client = await PGlite.create(
    options.dataDir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions },
  );
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async query<T>(text: string, params: unknown[] = []) {
      const result = await client.query<T>(text, params);
      return result.rows;
    },
    async exec(text) {
      const results = await client.exec(text);
      return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
    },
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    listener: inProcessListener,
    // PGlite is one process with one connection: there is nobody to race with.
    withLock: (_key, fn) => fn(),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, application_name: 'trust-marketplace' });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  // LISTEN needs a connection of its own that stays open (not one from the pool), re-opened when it drops.
  const listener = new PgListener(url);
  return {
    kind: 'postgres',
    db,
    async query<T>(text: string, params: unknown[] = []) {
      const result = await pool.query(text, params);
      return result.rows as T[];
    },
    async exec(text) {
      const result = (await pool.query(text)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as Record<string, unknown>[];
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    listener,
    async copyFrom(statement, source) {
      const client = await pool.connect();
      try {
        const sink = client.query(copyFrom(statement));
        await pipeline(Readable.from(source), sink);
        return Number(sink.rowCount ?? 0);
      } finally {
        client.release();
      }
    },
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

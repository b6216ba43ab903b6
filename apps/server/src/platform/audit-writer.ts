import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferInsert;

/** At most this many rows in one INSERT (well under PostgreSQL's 65,535 bound parameters at 8 a row). */
const MAX_BATCH = 500;

/**
 * Group commit for the audit rows of PHI reads (issue #22). Every list, search and record read writes one audit
 * row before it answers; written one INSERT and one commit each, those rows were most of the database's work
 * under load (a commit waits for the WAL to reach the disk). Here a row is queued and the caller waits until
 * it is committed, as before; the rows of the requests that arrive while one INSERT is in flight go together in
 * the next. With one request at a time nothing waits for anyone; with a hundred, one commit carries dozens.
 *
 * Only reads come here: a change's audit row is written in the change's own transaction (audit()).
 */
export class AuditWriter {
  #queue: { row: AuditRow; done: (err?: unknown) => void }[] = [];
  #flushing = false;

  constructor(private readonly database: Database) {}

  /** Resolves once the row is committed; rejects (with every row of its batch) if the INSERT fails. */
  write(row: AuditRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ row, done: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!this.#flushing) void this.#flush();
    });
  }

  async #flush() {
    this.#flushing = true;
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, MAX_BATCH);
        try {
          await this.database.db.insert(auditLog).values(batch.map((b) => b.row));
          for (const b of batch) b.done();
        } catch (err) {
          for (const b of batch) b.done(err ?? new Error('audit insert failed'));
        }
      }
    } finally {
      this.#flushing = false;
    }
  }
}

const writers = new WeakMap<Database, AuditWriter>();

/** The process's writer for this database. */
export function auditWriterOf(database: Database): AuditWriter {
  let writer = writers.get(database);
  if (!writer) {
    writer = new AuditWriter(database);
    writers.set(database, writer);
  }
  return writer;
}

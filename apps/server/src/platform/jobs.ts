import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.ts';
import { scrubbedError } from './logging.ts';

/** A job handler: receives the job's data; a thrown error makes pg-boss retry it. */
export type JobHandler<T extends object = object> = (data: T) => Promise<void>;

export type JobDefinition<T extends object = object> = {
  name: string;
  handler: JobHandler<T>;
  /** Cron expression (UTC) for periodic jobs. */
  cron?: string;
  retryLimit?: number;
  /**
   * How long one run may take before pg-boss takes the worker for dead and runs the job again (default 15
   * minutes). A job that resumes from its own progress keeps each run short and sets this low, so a killed
   * process's work is picked up soon.
   */
  expireInSeconds?: number;
  /**
   * Jobs fetched and run at once by this process (default 1, one after the other). Jobs of a batch run
   * concurrently and fail one by one: a failing job is retried without its neighbours.
   */
  batchSize?: number;
  /** Seconds between polls for new jobs (default 2; pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
};

/**
 * The durable job queue: pg-boss in the same database, so jobs survive restarts and are shared by every server
 * process. pg-boss talks to the database through our handle (PGlite has no connection string); statements
 * without parameters may be several at once and go through the simple protocol.
 */
export class Jobs {
  readonly #boss: PgBoss;
  readonly #definitions = new Map<string, JobDefinition>();
  #started = false;

  constructor(
    database: Database,
    private readonly log: FastifyBaseLogger,
    options: { schedule?: boolean } = {},
  ) {
    this.#boss = new PgBoss({
      db: {
        async executeSql(text: string, values: unknown[] = []) {
          const rows = values.length > 0 ? await database.query(text, values) : await database.exec(text);
          return { rows };
        },
      },
      schema: 'pgboss',
      schedule: options.schedule ?? true,
      // PGlite is one connection: poll gently.
      ...(database.kind === 'pglite'
        ? { monitorStateIntervalSeconds: 60, maintenanceIntervalSeconds: 120 }
        : {}),
    });
    this.#boss.on('error', (err: Error) => this.log.error({ err }, 'job queue error'));
  }

  define<T extends object>(definition: JobDefinition<T>) {
    this.#definitions.set(definition.name, definition as unknown as JobDefinition);
  }

  async start() {
    await this.#boss.start();
    this.#started = true;
    for (const def of this.#definitions.values()) {
      await this.#boss.createQueue(def.name, {
        name: def.name,
        retryLimit: def.retryLimit ?? 3,
        retryBackoff: true,
        ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
      });
      const workOptions = {
        pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2,
        batchSize: def.batchSize ?? 1,
      };
      await this.#boss.work<object>(def.name, workOptions, async (jobs) => {
        if (jobs.length === 1) {
          await this.#run(def, jobs[0]!);
          return;
        }
        // A batch: every job runs; the failed ones are failed one by one (pg-boss then completes only the
        // others: its completion touches active jobs only).
        const results = await Promise.allSettled(jobs.map((job) => this.#run(def, job)));
        for (const [i, result] of results.entries()) {
          if (result.status === 'rejected') {
            await this.#boss.fail(def.name, jobs[i]!.id, { message: (result.reason as Error).message });
          }
        }
      });
      if (def.cron) await this.#boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
    }
  }

  async #run(def: JobDefinition, job: PgBoss.Job<object>) {
    try {
      await def.handler(job.data ?? {});
    } catch (err) {
      this.log.warn({ err, job: def.name, jobId: job.id }, 'job failed; it will be retried');
      // pg-boss keeps the error in the job's row: scrubbed like a log line (no query parameters).
      throw scrubbedError(err);
    }
  }

  /** Queues a job; returns its id. */
  async send<T extends object>(
    name: string,
    data: T,
    options: PgBoss.SendOptions = {},
  ): Promise<string | null> {
    if (!this.#definitions.has(name)) throw new Error(`Unknown job ${name}`);
    return this.#boss.send(name, data, options);
  }

  /**
   * Queues a job in the caller's transaction: it exists exactly when the change that asks for it commits (a
   * workflow step's next step, a retry). With a fixed `id`, a second send of the same job is a no-op.
   */
  async sendInTransaction<T extends object>(
    tx: DbOrTx,
    name: string,
    data: T,
    options: PgBoss.SendOptions = {},
  ): Promise<string | null> {
    if (!this.#definitions.has(name)) throw new Error(`Unknown job ${name}`);
    return this.#boss.send(name, data, { ...options, db: transactionExecutor(tx) });
  }

  /** Cancels a queued job (nothing happens if it already ran or is running). */
  async cancel(name: string, id: string) {
    await this.#boss.cancel(name, id);
  }

  async getJob(name: string, id: string) {
    return this.#boss.getJobById(name, id);
  }

  async stop() {
    if (!this.#started) return;
    this.#started = false;
    // Let running handlers finish; do not wait for pg-boss's own timers beyond that.
    await this.#boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

/**
 * pg-boss's statement runner over a Drizzle transaction: pg-boss writes `$1`, `$2`… placeholders; they become
 * bound parameters of one SQL statement run by the transaction.
 */
function transactionExecutor(tx: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      for (let i = 0; i < parts.length; i++) {
        if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
        else chunks.push(sql`${sql.param(values[Number(parts[i]) - 1])}`);
      }
      const result = (await tx.execute(sql.join(chunks, sql``))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

import {
  cronNextRuns,
  cycleIfAdded,
  executionOrder,
  IMPORT_DEPENDENCY_MESSAGES,
  IMPORT_SCHEDULE_MESSAGES,
  type ImportDependency,
  type ImportDependencyType,
  type ImportJob,
  type ImportJobStatus,
  type ImportMethod,
  type ImportSchedule,
  type ImportScheduleCreateBody,
  type ImportScheduleFrequency,
  type ImportScheduleUpdate,
  methodsOf,
  scheduleCron,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { requireFileConfigured } from './file-import.ts';
import { announceJob, createJobs, requireOperator } from './job-start.ts';
import type { ImportJobRow } from './repo.ts';
import { scheduleRunJob } from './run-end.ts';
import * as repo from './schedules-repo.ts';
import { toImportJob } from './wire.ts';

// Import schedules (issue #18 items 3 and 6; 002 §2 Schedules and Dependencies, §7): each runs on its cron
// (presets are crons too), read by one per-minute tick from `next_run_at`; a due schedule is locked with SKIP
// LOCKED, so with several server processes it runs once. Dependencies form a graph that never holds a cycle.

/** How many due schedules one tick starts (the next tick takes the rest). */
const TICK_BATCH = 20;

const notFound = () => new AppError('import_schedule.not_found', IMPORT_SCHEDULE_MESSAGES.notFound);

/** The schedule's cron, checked; or a 400 naming the field. */
function cronOf(frequency: ImportScheduleFrequency, custom: string | null | undefined): string {
  const cron = scheduleCron(frequency, custom);
  if (!cron) {
    throw new AppError('import_schedule.invalid_cron', IMPORT_SCHEDULE_MESSAGES.cronRequired, {
      fields: { cron_expression: IMPORT_SCHEDULE_MESSAGES.cronRequired },
    });
  }
  const checked = cronNextRuns(cron, 1);
  if (!checked.ok) {
    throw new AppError('import_schedule.invalid_cron', checked.message, {
      fields: { cron_expression: checked.message },
    });
  }
  return cron;
}

function nextRunAfter(cron: string, from: Date): Date | null {
  const next = cronNextRuns(cron, 1, from);
  return next.ok ? (next.runs[0] ?? null) : null;
}

function toSchedule(row: repo.ScheduleRow, latest?: { id: string; status: string }): ImportSchedule {
  return {
    id: row.id,
    name: row.name,
    data_source: row.dataSource as ImportSchedule['data_source'],
    frequency: row.frequency as ImportScheduleFrequency,
    cron_expression: row.cronExpression,
    states: row.states,
    limit_per_run: row.limitPerRun,
    taxonomy: row.taxonomy,
    enabled: row.enabled,
    last_run: row.lastRunAt?.toISOString() ?? null,
    next_run: row.enabled ? (row.nextRunAt?.toISOString() ?? null) : null,
    successful_runs: row.successfulRuns,
    total_runs: row.totalRuns,
    last_job_id: latest?.id ?? null,
    last_status: (latest?.status as ImportJobStatus | undefined) ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function toDependency(row: repo.DependencyRow): ImportDependency {
  return {
    id: row.id,
    schedule_id: row.scheduleId,
    depends_on_schedule_id: row.dependsOnScheduleId,
    dependency_type: row.dependencyType as ImportDependencyType,
  };
}

async function withLatest(ctx: ServiceContext, row: repo.ScheduleRow): Promise<ImportSchedule> {
  return toSchedule(row, (await repo.latestJobs(ctx.db, [row.id])).get(row.id));
}

/** GET /api/import/schedules: every schedule, oldest first, and the dependency graph's edges. */
export async function listSchedules(
  ctx: ServiceContext,
): Promise<{ schedules: ImportSchedule[]; dependencies: ImportDependency[] }> {
  requireOperator(ctx);
  const rows = await repo.listSchedules(ctx.db);
  const latest = await repo.latestJobs(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    schedules: rows.map((r) => toSchedule(r, latest.get(r.id))),
    dependencies: (await repo.listDependencies(ctx.db)).map(toDependency),
  };
}

/** POST /api/import/schedules. */
export async function createSchedule(
  ctx: ServiceContext,
  body: ImportScheduleCreateBody,
): Promise<ImportSchedule> {
  requireOperator(ctx);
  requireFileConfigured(ctx.deps.config, body.data_source, methodsOf(body.data_source)[0] as ImportMethod);
  const cron = cronOf(body.frequency, body.cron_expression);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertSchedule(tx, {
      name: body.name,
      dataSource: body.data_source,
      frequency: body.frequency,
      cronExpression: cron,
      states: body.states,
      limitPerRun: body.limit_per_run,
      taxonomy: body.data_source === 'cms_nppes' ? body.taxonomy : null,
      enabled: body.enabled,
      nextRunAt: nextRunAfter(cron, new Date()),
      createdBy: ctx.actor.user.id,
    });
    await audit(tx, ctx, {
      action: 'import_schedule.created',
      entityType: 'import_schedule',
      entityId: created.id,
      details: { name: created.name, cron, states: created.states, limit_per_run: created.limitPerRun },
    });
    return created;
  });
  return toSchedule(row);
}

/** PUT /api/import/schedules/{id}: its frequency and cron; the next run follows from now. */
export async function updateScheduleTiming(
  ctx: ServiceContext,
  input: { id: number } & ImportScheduleUpdate,
): Promise<ImportSchedule> {
  requireOperator(ctx);
  const cron = cronOf(input.frequency, input.cron_expression);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repo.updateSchedule(tx, input.id, {
      frequency: input.frequency,
      cronExpression: cron,
      nextRunAt: nextRunAfter(cron, new Date()),
    });
    if (!updated) throw notFound();
    await audit(tx, ctx, {
      action: 'import_schedule.updated',
      entityType: 'import_schedule',
      entityId: input.id,
      details: { frequency: input.frequency, cron },
    });
    return updated;
  });
  return withLatest(ctx, row);
}

/** POST /api/import/schedules/{id}/toggle: enabled ↔ disabled; enabling sets the next run from now. */
export async function toggleSchedule(ctx: ServiceContext, input: { id: number }): Promise<ImportSchedule> {
  requireOperator(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockSchedule(tx, input.id);
    if (!current) throw notFound();
    const enabled = !current.enabled;
    const updated = await repo.updateSchedule(tx, input.id, {
      enabled,
      ...(enabled ? { nextRunAt: nextRunAfter(current.cronExpression, new Date()) } : {}),
    });
    await audit(tx, ctx, {
      action: 'import_schedule.toggled',
      entityType: 'import_schedule',
      entityId: input.id,
      details: { enabled },
    });
    return updated as repo.ScheduleRow;
  });
  return withLatest(ctx, row);
}

/** DELETE /api/import/schedules/{id}: its dependencies go with it; its past jobs stay (unlinked). */
export async function deleteSchedule(ctx: ServiceContext, input: { id: number }): Promise<{ deleted: true }> {
  requireOperator(ctx);
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockSchedule(tx, input.id);
    if (!current) throw notFound();
    await repo.deleteSchedule(tx, input.id);
    await audit(tx, ctx, {
      action: 'import_schedule.deleted',
      entityType: 'import_schedule',
      entityId: input.id,
      details: { name: current.name },
    });
  });
  return { deleted: true };
}

/** POST /api/import/schedules/{id}/run: a run now (its cron is unchanged); 409 while one is in progress. */
export async function runScheduleNow(
  ctx: ServiceContext,
  input: { id: number },
): Promise<{ job: ImportJob }> {
  requireOperator(ctx);
  const [job] = await ctx.db.transaction(async (tx) => {
    const schedule = await repo.lockSchedule(tx, input.id);
    if (!schedule) throw notFound();
    if (await repo.hasActiveJob(tx, schedule.id))
      throw new AppError('import_schedule.running', IMPORT_SCHEDULE_MESSAGES.alreadyRunning);
    const jobs = await createJobs(ctx, [scheduleRunJob(schedule, 'manual', ctx.actor.user.id)], tx);
    await repo.updateSchedule(tx, schedule.id, { lastRunAt: new Date() });
    await audit(tx, ctx, {
      action: 'import_schedule.run',
      entityType: 'import_schedule',
      entityId: schedule.id,
    });
    return jobs;
  });
  await announceJob(ctx, job!);
  return { job: toImportJob(job!) };
}

/**
 * The tick (every minute, on the queue): starts the due schedules' runs and sets their next run. A schedule
 * whose previous run is still going is not started twice; its next run moves on.
 */
export async function runDueSchedules(ctx: ServiceContext, now = new Date()): Promise<number> {
  const started = await ctx.db.transaction(async (tx) => {
    const out: ImportJobRow[] = [];
    for (const schedule of await repo.lockDueSchedules(tx, now, TICK_BATCH)) {
      const busy = await repo.hasActiveJob(tx, schedule.id);
      if (!busy) out.push(...(await createJobs(ctx, [scheduleRunJob(schedule, 'schedule', null)], tx)));
      await repo.updateSchedule(tx, schedule.id, {
        nextRunAt: nextRunAfter(schedule.cronExpression, now),
        ...(busy ? {} : { lastRunAt: now }),
      });
    }
    return out;
  });
  for (const job of started) await announceJob(ctx, job);
  return started.length;
}

/** GET /api/import/schedules/{id}/dependencies: the edges that touch the schedule, either way. */
export async function listScheduleDependencies(
  ctx: ServiceContext,
  input: { id: number },
): Promise<{ dependencies: ImportDependency[] }> {
  requireOperator(ctx);
  if (!(await repo.findSchedule(ctx.db, input.id))) throw notFound();
  return { dependencies: (await repo.listDependencies(ctx.db, input.id)).map(toDependency) };
}

/**
 * POST /api/import/schedules/{id}/dependencies: the schedule will run after `depends_on_schedule_id`'s runs
 * end (by type). A dependency that would close a cycle is a 409 naming it; the graph is locked meanwhile.
 */
export async function addScheduleDependency(
  ctx: ServiceContext,
  input: { id: number } & { depends_on_schedule_id: number; dependency_type: ImportDependencyType },
): Promise<ImportDependency> {
  requireOperator(ctx);
  const invalid = (message: string) =>
    new AppError('import_dependency.invalid', message, { fields: { depends_on_schedule_id: message } });
  if (input.id === input.depends_on_schedule_id) throw invalid(IMPORT_DEPENDENCY_MESSAGES.self);
  const row = await ctx.db.transaction(async (tx) => {
    await repo.lockDependencyGraph(tx);
    const schedule = await repo.findSchedule(tx, input.id);
    if (!schedule) throw notFound();
    const upstream = await repo.findSchedule(tx, input.depends_on_schedule_id);
    if (!upstream) throw invalid(IMPORT_SCHEDULE_MESSAGES.notFound);
    const edges = (await repo.listDependencies(tx)).map(toDependency);
    if (edges.some((e) => e.schedule_id === input.id && e.depends_on_schedule_id === upstream.id))
      throw new AppError('import_dependency.exists', IMPORT_DEPENDENCY_MESSAGES.exists);
    const cycle = cycleIfAdded(edges, input.id, upstream.id);
    if (cycle) {
      const names = new Map((await repo.listSchedules(tx)).map((s) => [s.id, s.name]));
      throw new AppError(
        'import_dependency.cycle',
        IMPORT_DEPENDENCY_MESSAGES.cycle(cycle.map((id) => names.get(id) ?? `#${id}`)),
      );
    }
    const created = await repo.insertDependency(tx, {
      scheduleId: input.id,
      dependsOnScheduleId: upstream.id,
      dependencyType: input.dependency_type,
    });
    await audit(tx, ctx, {
      action: 'import_schedule.dependency_added',
      entityType: 'import_schedule',
      entityId: input.id,
      details: { depends_on: upstream.id, type: input.dependency_type },
    });
    return created;
  });
  return toDependency(row);
}

/** GET /api/import/schedules/execution-order: the given schedules, each after those it depends on. */
export async function scheduleExecutionOrder(
  ctx: ServiceContext,
  input: { schedule_ids: number[] },
): Promise<{ execution_order: number[] }> {
  requireOperator(ctx);
  const known = new Set((await repo.listSchedules(ctx.db)).map((s) => s.id));
  const ids = [...new Set(input.schedule_ids)];
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const message = `No import schedule has the id ${unknown.join(', ')}.`;
    throw new AppError('import_dependency.invalid', message, { fields: { schedule_ids: message } });
  }
  const edges = (await repo.listDependencies(ctx.db)).map(toDependency);
  return { execution_order: executionOrder(ids.length > 0 ? ids : [...known], edges) };
}

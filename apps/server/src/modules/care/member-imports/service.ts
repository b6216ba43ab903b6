import { Transform } from 'node:stream';
import {
  columnMapProblem,
  type ImportRowCheck,
  importRowChecker,
  MEMBER_IMPORT_ACTIVE,
  MEMBER_IMPORT_BATCH,
  MEMBER_IMPORT_MAX_BYTES,
  MEMBER_IMPORT_MESSAGES,
  MEMBER_IMPORT_PREVIEW_ERRORS,
  type MemberImport,
  type MemberImportPreview,
  type MemberImportStart,
  type MemberImportStatus,
  matchColumns,
} from '@trust/domain';
import Papa from 'papaparse';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext, ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { newStorageKey, storageOf } from '../../../platform/storage.ts';
import type { ReadUpload } from '../../../platform/uploads.ts';
import { importSetup } from '../members/import-support.ts';
import { type ImportRow, writeImportedMembers } from '../members/import-writer.ts';
import { type FileFormat, headerOf, readRows, rowRecord, sniffFormat } from './read-rows.ts';
import * as repo from './repo.ts';

// Member import (issue #15 item 4): upload → columns matched → every row checked (preview) → the import runs as a
// job in batches, each batch one transaction that writes the members, the refused rows and the progress
// together. A run resumes from the progress its last batch committed, so a killed import picks up where it
// stopped; cancelling stops it between two batches (the rows already imported stay).

export const IMPORT_JOB = 'members.import';
/** One run of the job works this long, then queues the next run (short runs: a dead worker is noticed soon). */
const RUN_MS = 45_000;
const HEAD_BYTES = 64 * 1024;

export function toWire(row: repo.MemberImportRow): MemberImport {
  return {
    id: row.id,
    file_name: row.fileName,
    file_format: row.fileFormat as 'csv' | 'xlsx',
    source_system: row.sourceSystem,
    column_map: row.columnMap,
    on_existing: row.onExisting as 'update' | 'skip',
    status: row.status as MemberImportStatus,
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    created_count: row.createdCount,
    updated_count: row.updatedCount,
    unchanged_count: row.unchangedCount,
    skipped_count: row.skippedCount,
    refused_count: row.refusedCount,
    progress_percent: row.totalRows === 0 ? 100 : Math.floor((row.processedRows / row.totalRows) * 100),
    error: row.error,
    created_ts: row.createdTs.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const notFound = () => new AppError('member_import.not_found', MEMBER_IMPORT_MESSAGES.notFound);

async function findOwn(ctx: OrgContext, id: number) {
  const row = await repo.findImport(ctx.db, ctx.actor.org.id, id);
  if (!row) throw notFound();
  return row;
}

type StoredRow = { record: Record<string, string>; rowNumber: number };

/**
 * The data rows of a stored file, after its header, as column → text, with their row numbers (header = 1), in
 * blocks as the file is read; every block carries the header's columns (the first may have no rows).
 */
async function* storedRows(
  ctx: ServiceContext,
  row: Pick<repo.MemberImportRow, 'storageKey' | 'fileFormat'>,
): AsyncGenerator<{ columns: string[]; rows: StoredRow[] }> {
  const source = await storageOf(ctx.deps).get(row.storageKey);
  let columns: string[] | null = null;
  let n = 1;
  try {
    for await (const block of readRows(source, row.fileFormat as FileFormat)) {
      const rows: StoredRow[] = [];
      for (const cells of block) {
        if (!columns) columns = headerOf(cells);
        else rows.push({ record: rowRecord(columns, cells), rowNumber: ++n });
      }
      yield { columns: columns as string[], rows };
    }
  } finally {
    source.destroy();
  }
  if (!columns) throw new AppError('member_import.invalid_file', MEMBER_IMPORT_MESSAGES.noHeader);
}

/**
 * POST /api/members/imports: the file stored encrypted, its kind told by its bytes (CSV or XLSX; an old .xls
 * is refused with what to do), its header read and its rows counted. Nothing is imported yet.
 */
export async function uploadImport(
  ctx: OrgContext,
  input: { readUpload: ReadUpload; fields: () => { source_system?: string } },
): Promise<{ import: MemberImport; columns: ReturnType<typeof matchColumns> }> {
  const storage = storageOf(ctx.deps);
  let stored: { key: string; fileName: string; head: Buffer; size: number } | null = null;
  await input.readUpload(async (file) => {
    const key = newStorageKey();
    const chunks: Buffer[] = [];
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > MEMBER_IMPORT_MAX_BYTES) {
          return done(new AppError('member_import.too_large', MEMBER_IMPORT_MESSAGES.tooLarge));
        }
        if (size - chunk.length < HEAD_BYTES) chunks.push(chunk);
        done(null, chunk);
      },
    });
    try {
      await storage.put(key, file.stream.pipe(counter));
    } catch (error) {
      await storage.remove(key).catch(() => {});
      throw error instanceof AppError ? error : (counter.errored ?? error);
    }
    stored = {
      key,
      fileName: file.filename || 'members.csv',
      head: Buffer.concat(chunks).subarray(0, HEAD_BYTES),
      size,
    };
  });
  const file = stored as { key: string; fileName: string; head: Buffer; size: number } | null;
  if (!file) throw new AppError('member_import.invalid_file', MEMBER_IMPORT_MESSAGES.noFile);
  try {
    const format = sniffFormat(file.head);
    let columns: string[] = [];
    let total = 0;
    for await (const block of storedRows(ctx, { storageKey: file.key, fileFormat: format })) {
      columns = block.columns;
      total += block.rows.length;
    }
    if (total === 0) throw new AppError('member_import.invalid_file', MEMBER_IMPORT_MESSAGES.noHeader);
    const sourceSystem = input.fields().source_system?.trim().slice(0, 100) ?? '';
    const row = await repo.insertImport(ctx.db, {
      organizationId: ctx.actor.org.id,
      createdBy: ctx.actor.user.id,
      fileName: file.fileName.slice(0, 255),
      fileFormat: format,
      storageKey: file.key,
      columns,
      sourceSystem,
      totalRows: total,
      columnMap: {},
    });
    await audit(ctx.db, ctx, {
      action: 'member_import.uploaded',
      entityType: 'member_import',
      entityId: row.id,
      details: { format, rows: total, bytes: file.size },
    });
    const setup = await importSetup(ctx.db, ctx.actor.org.id);
    return {
      import: toWire(row),
      columns: matchColumns({
        columns,
        mappings: setup.mappings,
        sourceSystem,
        customFields: setup.customFields,
      }),
    };
  } catch (error) {
    await storage.remove(file.key).catch(() => {});
    throw error;
  }
}

/** Every row checked against the map (nothing written): the counts and the first refusals. */
export async function previewImport(
  ctx: OrgContext,
  input: { id: number; source_system: string; column_map?: Record<string, string> | undefined },
): Promise<MemberImportPreview> {
  const row = await findOwn(ctx, input.id);
  if (row.status !== 'uploaded')
    throw new AppError('member_import.not_startable', MEMBER_IMPORT_MESSAGES.notStartable(row.status));
  const setup = await importSetup(ctx.db, ctx.actor.org.id);
  const errors: MemberImportPreview['errors'] = [];
  let columns: string[] = [];
  let columnMap: Record<string, string> = {};
  let problem: string | null = null;
  let total = 0;
  let refused = 0;
  const today = new Date();
  let check: ((row: Readonly<Record<string, string>>) => ImportRowCheck) | null = null;
  for await (const block of storedRows(ctx, row)) {
    if (!check) {
      columns = block.columns;
      const matches = matchColumns({
        columns,
        mappings: setup.mappings,
        sourceSystem: input.source_system,
        customFields: setup.customFields,
      });
      columnMap =
        input.column_map ??
        Object.fromEntries(matches.filter((m) => m.field).map((m) => [m.column, m.field as string]));
      problem = columnMapProblem({ columns, columnMap, customFields: setup.customFields });
      if (problem) break;
      check = importRowChecker({ columnMap, customFields: setup.customFields, today });
    }
    for (const item of block.rows) {
      total++;
      const checked = check(item.record);
      if ('error' in checked) {
        refused++;
        if (errors.length < MEMBER_IMPORT_PREVIEW_ERRORS)
          errors.push({ row: item.rowNumber, reason: checked.error });
      }
    }
  }
  await audit(ctx.db, ctx, {
    action: 'member_import.previewed',
    entityType: 'member_import',
    entityId: row.id,
  });
  return {
    columns: matchColumns({
      columns,
      mappings: setup.mappings,
      sourceSystem: input.source_system,
      customFields: setup.customFields,
    }),
    column_map: columnMap,
    problem,
    total_rows: problem ? row.totalRows : total,
    refused_rows: refused,
    errors,
  };
}

/** Queues the import with the map the user settled on; without a job queue (tests) it runs before answering. */
export async function startImport(
  ctx: OrgContext,
  input: MemberImportStart & { id: number },
): Promise<MemberImport> {
  const row = await findOwn(ctx, input.id);
  if (row.status !== 'uploaded') {
    throw new AppError('member_import.not_startable', MEMBER_IMPORT_MESSAGES.notStartable(row.status));
  }
  const setup = await importSetup(ctx.db, ctx.actor.org.id);
  const problem = columnMapProblem({
    columns: row.columns,
    columnMap: input.column_map,
    customFields: setup.customFields,
  });
  if (problem) throw new AppError('member_import.invalid_map', problem, { fields: { column_map: problem } });
  const queued = await ctx.db.transaction(async (tx) => {
    const moved = await repo.moveImport(tx, row.id, ['uploaded'], {
      status: 'queued',
      sourceSystem: input.source_system,
      columnMap: input.column_map,
      onExisting: input.on_existing,
    });
    if (!moved)
      throw new AppError('member_import.not_startable', MEMBER_IMPORT_MESSAGES.notStartable(row.status));
    await audit(tx, ctx, {
      action: 'member_import.started',
      entityType: 'member_import',
      entityId: row.id,
      details: { rows: moved.totalRows, on_existing: input.on_existing, source_system: input.source_system },
    });
    return moved;
  });
  if (ctx.deps.jobs) {
    await ctx.deps.jobs.send(
      IMPORT_JOB,
      { importId: queued.id },
      { singletonKey: `member-import-${queued.id}` },
    );
    return toWire(queued);
  }
  await runImport(ctx, { importId: queued.id });
  return toWire((await repo.findImport(ctx.db, ctx.actor.org.id, queued.id)) ?? queued);
}

/** Ends the import: its status, when, and the stored file removed (its rows are in the registry or refused). */
async function finish(ctx: ServiceContext, id: number, status: 'completed' | 'failed', error: string | null) {
  const row = await repo.moveImport(ctx.db, id, ['queued', 'running'], {
    status,
    error,
    finishedAt: new Date(),
  });
  if (!row) return;
  await audit(ctx.db, ctx, {
    action: 'member_import.finished',
    entityType: 'member_import',
    entityId: id,
    organizationId: row.organizationId,
    details: { status, created: row.createdCount, updated: row.updatedCount, refused: row.refusedCount },
  });
  await storageOf(ctx.deps)
    .remove(row.storageKey)
    .catch(() => {});
}

/**
 * The job: imports the rows after those already processed, one batch per transaction, for up to RUN_MS; then
 * queues the next run (answers 'again'), or finishes. A batch re-checks the import under a row lock: a cancel,
 * or another worker that got further, ends this run without writing.
 */
export async function runImport(ctx: ServiceContext, input: { importId: number }): Promise<'done' | 'again'> {
  const started = Date.now();
  const initial = await repo.findImportById(ctx.db, input.importId);
  if (!initial || !MEMBER_IMPORT_ACTIVE.includes(initial.status as MemberImportStatus)) return 'done';
  if (initial.status === 'queued') {
    await repo.moveImport(ctx.db, initial.id, ['queued'], { status: 'running', startedAt: new Date() });
  }
  const setup = await importSetup(ctx.db, initial.organizationId);
  const today = new Date();
  let skip = initial.processedRows;
  let batch: StoredRow[] = [];

  const apply = async (rows: typeof batch): Promise<boolean> =>
    ctx.db.transaction(async (tx) => {
      const current = await repo.lockImport(tx, initial.id);
      // Cancelled meanwhile, or another run already wrote these rows: stop here.
      if (current?.status !== 'running' || current.processedRows !== rows[0]!.rowNumber - 2) return false;
      const good: ImportRow[] = [];
      const refusals: { rowNumber: number; reason: string; row: Record<string, string> }[] = [];
      const check = importRowChecker({
        columnMap: current.columnMap,
        customFields: setup.customFields,
        today,
      });
      for (const r of rows) {
        const checked = check(r.record);
        if ('error' in checked)
          refusals.push({ rowNumber: r.rowNumber, reason: checked.error, row: r.record });
        else good.push({ index: r.rowNumber, member: checked.member });
      }
      const written = await writeImportedMembers(tx, {
        orgId: current.organizationId,
        onExisting: current.onExisting === 'skip' ? 'skip' : 'update',
        rows: good,
      });
      const byNumber = new Map(rows.map((r) => [r.rowNumber, r.record]));
      for (const r of written.refused)
        refusals.push({ rowNumber: r.index, reason: r.reason, row: byNumber.get(r.index) ?? {} });
      await repo.insertRefusals(
        tx,
        refusals.map((r) => ({ importId: current.id, rowNumber: r.rowNumber, reason: r.reason, row: r.row })),
      );
      await repo.addProgress(tx, current.id, {
        processed: rows.length,
        created: written.created,
        updated: written.updated,
        unchanged: written.unchanged,
        skipped: written.skipped,
        refused: refusals.length,
      });
      return true;
    });

  try {
    for await (const block of storedRows(ctx, initial)) {
      for (const item of block.rows) {
        if (skip > 0) {
          skip--;
          continue;
        }
        batch.push(item);
        if (batch.length < MEMBER_IMPORT_BATCH) continue;
        if (!(await apply(batch))) return 'done';
        batch = [];
        if (Date.now() - started > RUN_MS && ctx.deps.jobs) {
          await ctx.deps.jobs.send(IMPORT_JOB, { importId: initial.id });
          return 'again';
        }
      }
    }
    if (batch.length > 0 && !(await apply(batch))) return 'done';
    await finish(ctx, initial.id, 'completed', null);
    return 'done';
  } catch (error) {
    if (!(error instanceof AppError)) {
      ctx.log.error({ err: error, importId: initial.id }, 'member import failed');
    }
    // The rows of committed batches stay; importing the same file again adds the rest and changes nothing else.
    const progress = await repo.findImportById(ctx.db, initial.id);
    await finish(
      ctx,
      initial.id,
      'failed',
      `${error instanceof AppError ? error.message : 'The import stopped on an unexpected error.'} ${progress?.processedRows ?? 0} rows were processed; import the same file again to finish (rows already imported stay as they are).`,
    );
    return 'done';
  }
}

export async function getImport(ctx: OrgContext, input: { id: number }): Promise<MemberImport> {
  return toWire(await findOwn(ctx, input.id));
}

export async function listImports(ctx: OrgContext): Promise<{ imports: MemberImport[] }> {
  return { imports: (await repo.listImports(ctx.db, ctx.actor.org.id, 20)).map(toWire) };
}

/** Stops an import before its next batch (rows already imported stay); an upload not started is discarded. */
export async function cancelImport(ctx: OrgContext, input: { id: number }): Promise<MemberImport> {
  const row = await findOwn(ctx, input.id);
  const moved = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockImport(tx, row.id);
    const done = await repo.moveImport(tx, row.id, ['uploaded', 'queued', 'running'], {
      status: 'cancelled',
      finishedAt: new Date(),
    });
    if (!done) {
      throw new AppError(
        'member_import.not_cancellable',
        MEMBER_IMPORT_MESSAGES.notCancellable(locked?.status ?? row.status),
      );
    }
    await audit(tx, ctx, {
      action: 'member_import.cancelled',
      entityType: 'member_import',
      entityId: row.id,
      details: { processed_rows: done.processedRows },
    });
    return done;
  });
  await storageOf(ctx.deps)
    .remove(moved.storageKey)
    .catch(() => {});
  return toWire(moved);
}

/** The refused rows as CSV: "Row", "Reason", then the file's own columns (PHI: the download is audited). */
export async function refusalsCsv(
  ctx: OrgContext,
  input: { id: number },
): Promise<{ fileName: string; csv: string }> {
  const row = await findOwn(ctx, input.id);
  const refusals = await repo.listRefusals(ctx.db, row.id);
  const columns = row.columns;
  const csv = Papa.unparse(
    {
      fields: ['Row', 'Reason', ...columns],
      data: refusals.map((r) => [String(r.rowNumber), r.reason, ...columns.map((c) => r.row[c] ?? '')]),
    },
    // A cell starting with = + - @ is not run as a formula by the spreadsheet that opens the file.
    { escapeFormulae: true },
  );
  await audit(ctx.db, ctx, {
    action: 'member_import.refusals_read',
    entityType: 'member_import',
    entityId: row.id,
    details: { rows: refusals.length },
  });
  const base = row.fileName.replace(/\.[^.]+$/, '');
  return { fileName: `${base}-refused-rows.csv`, csv };
}

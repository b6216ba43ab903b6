// The provider import manager (002 §2 "Import manager (operators)", §3, §4, §5, §7 "Provider import", §8, §9;
// issue #18): operators pull providers from the public registries into the directory. Constants, texts, the
// wire shapes and the request checks, shared by the server (which enforces them) and the web app.

import { z } from 'zod';
import { idNumber, idParamSchema, idString, queryInt } from './common.ts';

/** 002 §9 data sources that import; the "coming soon" ones are shown disabled and refused by the server. */
export const IMPORT_DATA_SOURCES = ['cms_nppes', 'cms_care_compare', 'hrsa', 'hsds'] as const;
export type ImportDataSource = (typeof IMPORT_DATA_SOURCES)[number];
export const IMPORT_COMING_SOON_SOURCES = ['ai_enrichment', 'web_scraping', 'social_media'] as const;

/** 002 §9: what each source holds, as the screen says it ("about 2M", …). */
export const IMPORT_DATA_SOURCE_INFO: Record<ImportDataSource, { label: string; size: string }> = {
  cms_nppes: { label: 'CMS NPPES', size: 'about 2M' },
  cms_care_compare: { label: 'CMS Care Compare', size: 'about 40K' },
  hrsa: { label: 'HRSA health centers', size: 'about 7K' },
  // Issue #21: any community resource directory that publishes Open Referral HSDS 3.0 (a 211, a city's directory).
  hsds: { label: 'Open Referral HSDS directory', size: 'as published' },
};

/**
 * Where a directory provider's data came from (`providers.data_source`): a registry, its own organization's hand
 * (001 §2.4 Add New Provider), or the demo data of a fresh install.
 */
export const PROVIDER_DATA_SOURCES = [...IMPORT_DATA_SOURCES, 'organization', 'demo'] as const;
export type ProviderDataSource = (typeof PROVIDER_DATA_SOURCES)[number];

/** 002 §4 import job statuses and their colours; only queued or running jobs can be cancelled. */
export const IMPORT_JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];
export const IMPORT_JOB_STATUS_COLORS: Record<ImportJobStatus, string> = {
  completed: 'green',
  running: 'blue',
  queued: 'orange',
  failed: 'red',
  cancelled: 'gray',
};
export const IMPORT_JOB_ACTIVE: readonly ImportJobStatus[] = ['queued', 'running'];

/** 002 §4: job ids are shown as their first 8 characters. */
export function shortJobId(id: string): string {
  return id.slice(0, 8);
}

/** 002 §9 the top-10 states preset. */
export const IMPORT_TOP_STATES = ['CA', 'TX', 'FL', 'NY', 'PA', 'IL', 'OH', 'GA', 'NC', 'MI'] as const;
/** 002 §9 the schedule form's 20 states. */
export const IMPORT_SCHEDULE_STATES = [
  ...IMPORT_TOP_STATES,
  'NJ',
  'VA',
  'WA',
  'AZ',
  'MA',
  'TN',
  'IN',
  'MD',
  'MO',
  'WI',
] as const;
/** 002 §9 the 51 state and district codes the import screen offers. */
export const IMPORT_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** 002 §9 the taxonomies an NPPES import can ask for (the registry's own descriptions). */
export const IMPORT_TAXONOMIES = [
  'Family Medicine',
  'Internal Medicine',
  'Pediatrics',
  'Nurse Practitioner',
  'Psychiatry',
  'Emergency Medicine',
  'Cardiology',
  'Obstetrics & Gynecology',
] as const;

/**
 * The NUCC code (or leading characters) of each import taxonomy: the files (NPPES full file, Care Compare) carry
 * codes, not the API's descriptions, so a file import filters by these.
 */
export type ImportTaxonomy = (typeof IMPORT_TAXONOMIES)[number];
export const IMPORT_TAXONOMY_CODE_PREFIXES: Record<(typeof IMPORT_TAXONOMIES)[number], string> = {
  'Family Medicine': '207Q',
  'Internal Medicine': '207R',
  Pediatrics: '2080',
  'Nurse Practitioner': '363L',
  Psychiatry: '2084P0800X',
  'Emergency Medicine': '207P',
  Cardiology: '207RC',
  'Obstetrics & Gynecology': '207V',
};

/** 002 §9 the start form's defaults. */
export const IMPORT_DEFAULTS = {
  states: ['CA'] as ImportState[],
  limit: 1000,
  taxonomy: 'Family Medicine' as ImportTaxonomy,
  data_source: 'cms_nppes' as ImportDataSource,
};

/** 002 §5 providers per state (single and batch imports). */
export const IMPORT_LIMIT_PER_STATE = { min: 100, max: 10_000, step: 100 } as const;
/** 002 §5 providers per scheduled run. */
export const IMPORT_LIMIT_PER_RUN = { min: 100, max: 50_000, step: 100 } as const;

/** 002 §7: the Manual Jobs tab polls the stats this often when it has no live stream. */
export const IMPORT_STATS_POLL_MS = 5_000;
/** Jobs in the stats' recent list. */
export const IMPORT_RECENT_JOBS = 20;

/** 002 §8 the import texts, kept as the spec words them. */
export const IMPORT_MESSAGES = {
  notAvailable:
    'The Import Manager API is not available yet. The backend is deploying; please wait 5-10 minutes and try again.',
  statsFailed: (statusText: string) => `Failed to fetch stats: ${statusText}`,
  jobLoadFailed: (message: string) => `Error: ${message}`,
  startFailed: 'Failed to start import',
  batchFailed: 'Failed to start batch import',
  cancelFailed: 'Failed to cancel job',
  jobDetailsFailed: 'Failed to fetch job details',
  started: (jobId: string) => `Import started! Job ${shortJobId(jobId)}`,
  batchStarted: (n: number) => `Batch import started! ${n} jobs created.`,
  cancelled: 'Job cancelled.',
  selectState: 'Please select at least one state',
  // Ours (the spec is silent): the server's refusals.
  fileNotConfigured: (variable: string) =>
    `No file is configured for this source: set ${variable} to its path or URL, then start the import again.`,
  operatorsOnly: 'Only platform operators can run provider imports.',
  jobNotFound: 'No import job has this id.',
  notCancellable: (status: string) => `Only queued or running jobs can be cancelled; this job is ${status}.`,
  sourceUrlRequired: 'Give the HSDS directory’s address: its API (https://…/) or its datapackage.json.',
  sourceUrlInvalid:
    'The HSDS directory’s address must be an https:// URL (http:// only on this machine, for tests), without a user name or password.',
  sourceUrlOnlyHsds: 'Only an HSDS import reads a directory’s address; the registries have their own.',
  sourceUrlPrivate: (host: string) =>
    `The HSDS directory's address ${host} is a private or local network address: only public addresses are read.`,
  sourceUrlUnresolved: (host: string) => `The HSDS directory's host ${host} could not be found (DNS).`,
  hsdsNotSchedulable:
    'HSDS imports are started by hand from Manual Jobs: a schedule cannot hold the directory’s address yet.',
  comingSoon: (source: string) => `The ${source} source is coming soon and cannot import yet.`,
  limitRange: `Providers per state must be between ${IMPORT_LIMIT_PER_STATE.min} and ${IMPORT_LIMIT_PER_STATE.max.toLocaleString('en-US')}, in steps of ${IMPORT_LIMIT_PER_STATE.step}.`,
  taxonomyUnknown: `Choose one of the taxonomies: ${IMPORT_TAXONOMIES.join(', ')}.`,
  stateUnknown: 'Each state must be one of the 50 states or DC, as its two-letter code.',
  stateTwice: 'Each state can be chosen once.',
  sourceUnknown: `The data source must be one of ${IMPORT_DATA_SOURCES.join(', ')}.`,
} as const;

const stateSchema = z.enum(IMPORT_STATES, IMPORT_MESSAGES.stateUnknown);
const statesSchema = z
  .array(stateSchema)
  .min(1, IMPORT_MESSAGES.selectState)
  .max(IMPORT_STATES.length)
  .refine((s) => new Set(s).size === s.length, IMPORT_MESSAGES.stateTwice);
const limitSchema = z
  .number(IMPORT_MESSAGES.limitRange)
  .int(IMPORT_MESSAGES.limitRange)
  .min(IMPORT_LIMIT_PER_STATE.min, IMPORT_MESSAGES.limitRange)
  .max(IMPORT_LIMIT_PER_STATE.max, IMPORT_MESSAGES.limitRange)
  .multipleOf(IMPORT_LIMIT_PER_STATE.step, IMPORT_MESSAGES.limitRange);
const taxonomySchema = z.enum(IMPORT_TAXONOMIES, IMPORT_MESSAGES.taxonomyUnknown);
const sourceSchema = z.string().superRefine((value, ctx) => {
  if ((IMPORT_DATA_SOURCES as readonly string[]).includes(value)) return;
  ctx.addIssue({
    code: 'custom',
    message: (IMPORT_COMING_SOON_SOURCES as readonly string[]).includes(value)
      ? IMPORT_MESSAGES.comingSoon(value)
      : IMPORT_MESSAGES.sourceUnknown,
  });
});

/**
 * How a job reads its source: NPPES through its Registry API (`api`), or a source's downloadable file (`file`:
 * the NPPES monthly or weekly file, Care Compare's national file, HRSA's sites file), or the NPPES Deactivated
 * NPI Report (`deactivations`). Care Compare and HRSA have files only.
 */
export const IMPORT_METHODS = ['api', 'file', 'deactivations'] as const;
export type ImportMethod = (typeof IMPORT_METHODS)[number];
export const IMPORT_METHOD_LABELS: Record<ImportMethod, string> = {
  api: 'Registry API',
  file: 'Downloadable file',
  deactivations: 'Deactivation report',
};
export function methodsOf(source: ImportDataSource): readonly ImportMethod[] {
  if (source === 'hsds') return ['api', 'file'];
  return source === 'cms_nppes' ? IMPORT_METHODS : ['file'];
}
/** How an HSDS directory is read: its HSDS API (`/services`, paged), or its tabular datapackage of CSV files. */
export const HSDS_IMPORT_METHOD_LABELS: Partial<Record<ImportMethod, string>> = {
  api: 'HSDS API (JSON, /services)',
  file: 'Datapackage (datapackage.json and CSV files)',
};

/** How a job of this source reads it, as the screen names it. */
export function importMethodLabel(source: ImportDataSource, method: ImportMethod): string {
  return (source === 'hsds' ? HSDS_IMPORT_METHOD_LABELS[method] : undefined) ?? IMPORT_METHOD_LABELS[method];
}

/** Hosts an http:// (not https) directory address may name: this machine only (tests, a directory served locally). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The syntax of an HSDS directory's address: https, or http on loopback (tests); no credentials in it (they would
 * land in the job's audit row). That its host resolves to public addresses only is checked by the server.
 */
export function hsdsSourceUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return IMPORT_MESSAGES.sourceUrlInvalid;
  }
  if (url.username || url.password) return IMPORT_MESSAGES.sourceUrlInvalid;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return IMPORT_MESSAGES.sourceUrlInvalid;
}
/** The start form's words for an HSDS import (issue #21). */
export const HSDS_IMPORT_TEXTS = {
  urlLabel: 'Directory address',
  urlPlaceholder: {
    api: 'https://directory.example.org/hsds/',
    file: 'https://directory.example.org/hsds/datapackage.json',
  } as Partial<Record<ImportMethod, string>>,
  urlDescription: {
    api: 'The base URL of the directory’s HSDS 3.0 API: its /services are read page by page.',
    file: 'The URL of the directory’s datapackage.json: its CSV files are read beside it.',
  } as Partial<Record<ImportMethod, string>>,
  statesDescription: 'Only the directory’s listings in these states; leave empty for all of them.',
  taxonomyNotUsed: 'An HSDS directory’s own taxonomy terms set each listing’s services',
  methodDescription: 'Each service at each location becomes a listing, updated by its id on the next import',
} as const;

/** An HSDS job's providers per state when the request gives no limit: the most a job may take. */
export const HSDS_DEFAULT_LIMIT = IMPORT_LIMIT_PER_STATE.max;

/** 002 §7 POST /api/import/start: one job over the states, `limit` providers per state. */
export const importStartRequestSchema = z
  .object({
    data_source: sourceSchema.transform((s) => s as ImportDataSource).default('cms_nppes'),
    /** An HSDS import may leave the states out: it then takes the directory's listings in every state. */
    states: statesSchema.optional(),
    limit: limitSchema.optional(),
    /** The registry's taxonomy (NPPES and Care Compare filter by it; HRSA's sites are all health centers). */
    taxonomy: taxonomySchema.default('Family Medicine'),
    /** Default: the API for NPPES, the file for the others. */
    method: z.enum(IMPORT_METHODS, `The method must be one of ${IMPORT_METHODS.join(', ')}.`).optional(),
    /** HSDS only (issue #21): the directory's HSDS API base URL (method api) or its datapackage.json (file). */
    source_url: z.string(IMPORT_MESSAGES.sourceUrlInvalid).trim().max(2000).optional(),
  })
  .transform((body, ctx) => {
    const hsds = body.data_source === 'hsds';
    if (!hsds && !body.states) {
      ctx.addIssue({ code: 'custom', path: ['states'], message: IMPORT_MESSAGES.selectState });
      return z.NEVER;
    }
    if (!hsds && body.limit === undefined) {
      ctx.addIssue({ code: 'custom', path: ['limit'], message: IMPORT_MESSAGES.limitRange });
      return z.NEVER;
    }
    if (!hsds && body.source_url) {
      ctx.addIssue({ code: 'custom', path: ['source_url'], message: IMPORT_MESSAGES.sourceUrlOnlyHsds });
      return z.NEVER;
    }
    if (hsds) {
      const problem = body.source_url
        ? hsdsSourceUrlProblem(body.source_url)
        : IMPORT_MESSAGES.sourceUrlRequired;
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['source_url'], message: problem });
        return z.NEVER;
      }
    }
    const method = body.method ?? methodsOf(body.data_source)[0]!;
    if (!methodsOf(body.data_source).includes(method)) {
      ctx.addIssue({
        code: 'custom',
        path: ['method'],
        message: `${body.data_source} imports from its file only.`,
      });
      return z.NEVER;
    }
    return {
      ...body,
      states: body.states ?? [],
      limit: body.limit ?? HSDS_DEFAULT_LIMIT,
      source_url: hsds ? (body.source_url as string) : null,
      method,
    };
  });
export type ImportStartRequest = z.input<typeof importStartRequestSchema>;
export type ImportStartBody = z.output<typeof importStartRequestSchema>;

/** 002 §7 POST /api/import/batch: one NPPES job per state. */
export const importBatchRequestSchema = z.object({
  states: statesSchema,
  limit_per_state: limitSchema,
  taxonomy: taxonomySchema.default('Family Medicine'),
});
export type ImportBatchRequest = z.input<typeof importBatchRequestSchema>;
export type ImportBatchBody = z.output<typeof importBatchRequestSchema>;

export const importJobIdParamSchema = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/i, 'A job id is a UUID.'),
});

/** 002 §3 Import job `progress`: the counts so far (pushed live), plus the state being fetched. */
export const importProgressSchema = z.object({
  providers_fetched: z.number().int(),
  providers_added: z.number().int(),
  providers_updated: z.number().int(),
  providers_skipped: z.number().int(),
  /** Records the registry sent that could not become a provider (no usable address), among the skipped. */
  providers_refused: z.number().int(),
  /** Directory providers the registry deactivated (they leave search and matching). */
  providers_deactivated: z.number().int(),
  states_completed: z.array(z.string()),
  current_state: z.string().nullable(),
  /** Records fetched so far in the current state (an API job's progress bar: against its per-state limit). */
  current_state_fetched: z.number().int(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** What a run used (issue #18 item 4), the ground of its cost. */
export const importUsageSchema = z.object({
  api_calls: z.number().int(),
  bytes_downloaded: z.number().int(),
  rows_written: z.number().int(),
  cpu_seconds: z.number(),
  duration_ms: z.number().int(),
});
export type ImportUsage = z.infer<typeof importUsageSchema>;

/** 002 §3 Import job. */
export const importJobSchema = z.object({
  job_id: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  data_source: z.enum(IMPORT_DATA_SOURCES),
  states: z.array(z.string()),
  limit: z.number().int(),
  taxonomy: z.string().nullable(),
  method: z.enum(IMPORT_METHODS),
  schedule_id: z.number().int().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  progress: importProgressSchema,
  results: z
    .object({
      added: z.number().int(),
      updated: z.number().int(),
      skipped: z.number().int(),
      total_fetched: z.number().int(),
    })
    .nullable(),
  usage: importUsageSchema,
  /** What the run cost at the unit prices configured when it ended (null until it ends). */
  cost_usd: z.number().nullable(),
  /** Notes on what the registry could not give (a query over its 1,200-record window that could not be split). */
  notes: z.array(z.string()),
  error: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importStartResponseSchema = z.object({ job_id: z.string(), job: importJobSchema });
export const importBatchResponseSchema = z.object({ jobs: z.array(importJobSchema) });

/** 002 §3 Import stats. */
export const importStatsSchema = z.object({
  total_providers: z.number().int(),
  active_jobs: z.number().int(),
  by_source: z.record(z.string(), z.number().int()),
  recent_jobs: z.array(importJobSchema),
});
export type ImportStats = z.infer<typeof importStatsSchema>;

/** A fresh job's progress. */
export function emptyImportProgress(): ImportProgress {
  return {
    providers_fetched: 0,
    providers_added: 0,
    providers_updated: 0,
    providers_skipped: 0,
    providers_refused: 0,
    providers_deactivated: 0,
    states_completed: [],
    current_state: null,
    current_state_fetched: 0,
  };
}

export function emptyImportUsage(): ImportUsage {
  return { api_calls: 0, bytes_downloaded: 0, rows_written: 0, cpu_seconds: 0, duration_ms: 0 };
}

// --- Schedules (002 §2 Schedules, §3 Schedule, §5, §9; issue #18 item 3) ---

export const IMPORT_SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly', 'custom'] as const;
export type ImportScheduleFrequency = (typeof IMPORT_SCHEDULE_FREQUENCIES)[number];

/** The cron (UTC) of each preset frequency: at 02:00, weekly on Mondays, monthly on the 1st. */
export const IMPORT_FREQUENCY_CRONS: Record<Exclude<ImportScheduleFrequency, 'custom'>, string> = {
  daily: '0 2 * * *',
  weekly: '0 2 * * 1',
  monthly: '0 2 1 * *',
};

/** 002 §5 the schedule form's defaults. */
export const IMPORT_SCHEDULE_DEFAULTS = {
  data_source: 'cms_nppes' as ImportDataSource,
  frequency: 'weekly' as ImportScheduleFrequency,
  states: ['CA'] as ImportState[],
  limit_per_run: 5000,
  enabled: true,
};

export const IMPORT_SCHEDULE_MESSAGES = {
  created: 'Schedule created successfully!',
  deleted: 'Schedule deleted',
  createFailed: (detail: string) => `Failed to create schedule: ${detail}`,
  addDependencyFailed: (detail: string) => `Failed to add dependency: ${detail}`,
  selectNode: 'Please select a schedule node first',
  applyFailed: 'Failed to apply recommendation',
  // Ours (the spec is silent): the server's refusals.
  nameRequired: 'Give the schedule a name.',
  limitRange: `Providers per run must be between ${IMPORT_LIMIT_PER_RUN.min} and ${IMPORT_LIMIT_PER_RUN.max.toLocaleString('en-US')}, in steps of ${IMPORT_LIMIT_PER_RUN.step}.`,
  cronRequired: 'A custom frequency needs a cron expression (5 fields, UTC).',
  frequencyUnknown: `The frequency must be one of ${IMPORT_SCHEDULE_FREQUENCIES.join(', ')}.`,
  notFound: 'No import schedule has this id.',
  alreadyRunning: 'This schedule already has a run in progress; it was not started again.',
} as const;

const scheduleName = z
  .string(IMPORT_SCHEDULE_MESSAGES.nameRequired)
  .trim()
  .min(1, IMPORT_SCHEDULE_MESSAGES.nameRequired)
  .max(120);
const limitPerRun = z
  .number(IMPORT_SCHEDULE_MESSAGES.limitRange)
  .int(IMPORT_SCHEDULE_MESSAGES.limitRange)
  .min(IMPORT_LIMIT_PER_RUN.min, IMPORT_SCHEDULE_MESSAGES.limitRange)
  .max(IMPORT_LIMIT_PER_RUN.max, IMPORT_SCHEDULE_MESSAGES.limitRange)
  .multipleOf(IMPORT_LIMIT_PER_RUN.step, IMPORT_SCHEDULE_MESSAGES.limitRange);
const frequency = z.enum(IMPORT_SCHEDULE_FREQUENCIES, IMPORT_SCHEDULE_MESSAGES.frequencyUnknown);
const cronText = z.string().trim().max(120);

/** 002 §7 POST /api/import/schedules. A custom frequency carries its cron; a preset's cron is the preset's. */
export const importScheduleCreateSchema = z.object({
  name: scheduleName,
  data_source: sourceSchema
    .refine((s) => s !== 'hsds', IMPORT_MESSAGES.hsdsNotSchedulable)
    .transform((s) => s as ImportDataSource)
    .default('cms_nppes'),
  frequency: frequency.default('weekly'),
  cron_expression: cronText.nullish(),
  states: statesSchema.default(['CA']),
  limit_per_run: limitPerRun.default(5000),
  taxonomy: taxonomySchema.default('Family Medicine'),
  enabled: z.boolean().default(true),
});
export type ImportScheduleCreate = z.input<typeof importScheduleCreateSchema>;
export type ImportScheduleCreateBody = z.output<typeof importScheduleCreateSchema>;

/** 002 §7 PUT /api/import/schedules/{id}: its timing (applying a recommendation sets a custom weekly cron). */
export const importScheduleUpdateSchema = z.object({
  frequency,
  cron_expression: cronText.nullish(),
});
export type ImportScheduleUpdate = z.input<typeof importScheduleUpdateSchema>;

export const importScheduleIdParamSchema = idParamSchema;

/** 002 §3 Schedule. */
export const importScheduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  data_source: z.enum(IMPORT_DATA_SOURCES),
  frequency: z.enum(IMPORT_SCHEDULE_FREQUENCIES),
  cron_expression: z.string(),
  states: z.array(z.string()),
  limit_per_run: z.number().int(),
  taxonomy: z.string().nullable(),
  enabled: z.boolean(),
  last_run: z.string().nullable(),
  next_run: z.string().nullable(),
  successful_runs: z.number().int(),
  total_runs: z.number().int(),
  /** The job of its latest run, if any (its status shows beside the schedule). */
  last_job_id: z.string().nullable(),
  last_status: z.enum(IMPORT_JOB_STATUSES).nullable(),
  created_at: z.string(),
});
export type ImportSchedule = z.infer<typeof importScheduleSchema>;
export const importScheduleListSchema = z.object({ schedules: z.array(importScheduleSchema) });
export const importScheduleRunResponseSchema = z.object({ job: importJobSchema });

/** The cron a schedule runs on: the preset's, or the custom one given (checked by the caller). */
export function scheduleCron(
  freq: ImportScheduleFrequency,
  custom: string | null | undefined,
): string | null {
  if (freq !== 'custom') return IMPORT_FREQUENCY_CRONS[freq];
  return custom?.trim() ? custom.trim() : null;
}

// --- Dependencies (002 §2 Dependencies, §3, §4) ---

export const IMPORT_DEPENDENCY_TYPES = ['success', 'completion', 'conditional'] as const;
export type ImportDependencyType = (typeof IMPORT_DEPENDENCY_TYPES)[number];
export const IMPORT_DEPENDENCY_COLORS: Record<ImportDependencyType, string> = {
  success: 'green',
  completion: 'blue',
  conditional: 'orange',
};
/** When a dependent schedule runs after the one it depends on ends (ours: the spec names the types only). */
export const IMPORT_DEPENDENCY_MEANINGS: Record<ImportDependencyType, string> = {
  success: 'runs after the other schedule’s run completes successfully',
  completion: 'runs after the other schedule’s run ends, completed or failed',
  conditional:
    'runs after the other schedule’s run completes and changed the directory (added or updated providers)',
};

export const IMPORT_DEPENDENCY_MESSAGES = {
  self: 'A schedule cannot depend on itself.',
  exists: 'This schedule already depends on that one.',
  cycle: (names: string[]) => `This dependency would make a cycle: ${names.join(' → ')}.`,
  typeUnknown: `The dependency type must be one of ${IMPORT_DEPENDENCY_TYPES.join(', ')}.`,
  scheduleRequired: 'Give the id of the schedule this one depends on.',
} as const;

export const importDependencyCreateSchema = z.object({
  depends_on_schedule_id: idNumber(IMPORT_DEPENDENCY_MESSAGES.scheduleRequired),
  dependency_type: z.enum(IMPORT_DEPENDENCY_TYPES, IMPORT_DEPENDENCY_MESSAGES.typeUnknown).default('success'),
});
export type ImportDependencyCreate = z.input<typeof importDependencyCreateSchema>;

/** 002 §3 Dependency. */
export const importDependencySchema = z.object({
  id: z.number().int(),
  schedule_id: z.number().int(),
  depends_on_schedule_id: z.number().int(),
  dependency_type: z.enum(IMPORT_DEPENDENCY_TYPES),
});
export type ImportDependency = z.infer<typeof importDependencySchema>;
export const importDependencyListSchema = z.object({ dependencies: z.array(importDependencySchema) });

export const importExecutionOrderQuerySchema = z.object({
  schedule_ids: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(idString()).max(500),
  ),
});
export const importExecutionOrderSchema = z.object({ execution_order: z.array(z.number().int()) });

// --- Costs and recommendations (002 §2 Analytics, §3, §9; issue #18 items 4, 5) ---

/** 002 §9: the Analytics tab covers the first 5 schedules, a 6-month trend, a 12-month period list. */
export const IMPORT_ANALYTICS_SCHEDULES = 5;
export const IMPORT_TREND_MONTHS = 6;
export const IMPORT_PERIOD_MONTHS = 12;
/** 002 §9: a trend bar is red above 1.2 times the average. */
export const IMPORT_TREND_RED_FACTOR = 1.2;
/** 002 §9: recommendations need at least 5 runs; applying needs a confidence of at least 0.7. */
export const IMPORT_RECOMMENDATION_MIN_RUNS = 5;
export const IMPORT_RECOMMENDATION_APPLY_CONFIDENCE = 0.7;
/** 002 §9 confidence colours. */
export function confidenceColor(confidence: number): 'green' | 'amber' | 'red' {
  return confidence >= 0.8 ? 'green' : confidence >= 0.6 ? 'amber' : 'red';
}
export const IMPORT_COST_TYPES = ['api_calls', 'data_transfer', 'storage', 'compute'] as const;
export const IMPORT_COST_TYPE_LABELS: Record<(typeof IMPORT_COST_TYPES)[number], string> = {
  api_calls: 'Registry API calls',
  data_transfer: 'Data downloaded',
  storage: 'Rows written',
  compute: 'Compute (CPU time)',
};

export const importBillingPeriodQuerySchema = z.object({
  billing_period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The billing period is a month as YYYY-MM.')
    .optional(),
});
const costLine = z.object({ total: z.number(), count: z.number().int() });
/** 002 §3 Cost monthly. */
export const importMonthlyCostSchema = z.object({
  billing_period: z.string(),
  total: z.number(),
  by_type: z.record(z.string(), costLine),
  by_source: z.record(z.string(), costLine),
  runs: z.number().int(),
});
export type ImportMonthlyCost = z.infer<typeof importMonthlyCostSchema>;

export const importTrendQuerySchema = z.object({
  months: queryInt({ min: 1, max: 24, message: 'Ask for 1 to 24 months, in plain digits.' }).default(6),
});
/** 002 §3 Trend item, oldest month first. */
export const importTrendSchema = z.object({
  schedule_id: z.number().int(),
  trend: z.array(z.object({ period: z.string(), cost: z.number(), runs: z.number().int() })),
  average: z.number(),
});
export type ImportTrend = z.infer<typeof importTrendSchema>;

export const IMPORT_WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** 002 §3 Recommendation (suggested_day 0–6 from Sunday, suggested_hour 0–23 UTC). */
export const importRecommendationSchema = z.object({
  suggested_day: z.number().int().min(0).max(6),
  suggested_hour: z.number().int().min(0).max(23),
  confidence: z.number(),
  reasoning: z.array(z.string()),
  runs_considered: z.number().int(),
  /** The custom weekly cron applying it sets. */
  cron_expression: z.string(),
});
export type ImportRecommendation = z.infer<typeof importRecommendationSchema>;

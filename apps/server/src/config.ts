import path from 'node:path';
import {
  DIRECTORY_STALE_AFTER_DAYS_DEFAULT,
  DOCUMENT_DEFAULT_MAX_BYTES,
  EMAIL_ATTACHMENT_DEFAULT_MAX_BYTES,
} from '@trust/domain';
import { z } from 'zod';

export const DEFAULT_MAP_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** A Leaflet tile URL template as a URL: every `{placeholder}` replaced by a letter, so it parses. */
function parseTileTemplate(template: string): URL | null {
  try {
    const url = new URL(template.replace(/\{[a-z]+\}/gi, 'a'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function isTileUrlTemplate(template: string): boolean {
  return ['{z}', '{x}', '{y}'].every((p) => template.includes(p)) && parseTileTemplate(template) !== null;
}

/**
 * The tile host as a CSP source: `https://{s}.tile.openstreetmap.org/…` → `https://*.tile.openstreetmap.org`.
 * A CSP wildcard may only stand for whole leftmost labels, so every label up to the last one holding a
 * placeholder becomes `*`.
 */
export function tileCspSource(template: string): string {
  const url = parseTileTemplate(template);
  if (!url) throw new ConfigError(`Invalid configuration:\n  MAP_TILE_URL: not a tile URL template`);
  const hostTemplate = /^[a-z]+:\/\/([^/:?#]+)/i.exec(template)?.[1] ?? url.hostname;
  const labels = hostTemplate.toLowerCase().split('.');
  const lastTemplated = labels.findLastIndex((label) => label.includes('{'));
  const host = lastTemplated < 0 ? url.hostname : ['*', ...labels.slice(lastTemplated + 1)].join('.');
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}

/**
 * Configuration from the environment, validated at start. Every variable is documented in the README's
 * configuration table; keep the two in step.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: z.enum(['on', 'off']).default('on'),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  WEB_DIST_DIR: z.string().optional(),
  JOBS: z.enum(['on', 'off']).default('on'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  DOCUMENT_MAX_BYTES: z.coerce.number().int().min(1).default(DOCUMENT_DEFAULT_MAX_BYTES),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_FROM: z.string().min(3).default('Trust Marketplace <no-reply@trust.local>'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: z.url({ message: 'must be an absolute http(s) URL' }).default('https://api.twilio.com'),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_PLACES_API_KEY: z.string().min(1).optional(),
  GOOGLE_PLACES_BASE_URL: z
    .url({ message: 'must be an absolute http(s) URL' })
    .default('https://maps.googleapis.com/maps/api/place'),
  GEOCODER_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  SERVER_MODULES: z.enum(['all', 'directory']).default('all'),
  INBOUND_EMAIL_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  EMAIL_REPLY_TO: z.email({ message: 'must be an email address' }).optional(),
  SMTP_INBOUND_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SMTP_INBOUND_HOST: z.string().min(1).default('0.0.0.0'),
  EMAIL_ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1).default(EMAIL_ATTACHMENT_DEFAULT_MAX_BYTES),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  WEB_FORM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(45_000),
  WEB_FORM_ALLOW_PRIVATE_HOSTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Hosts (name or name:port) a workflow `api_call` step may reach although they resolve to a private or loopback
   * address (issue #17): an internal service of the deployment. Everything else must be public.
   */
  WORKFLOW_API_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Hosts (name or name:port) an HSDS import (issue #21) may read although they resolve to a private or loopback
   * address: tests, a directory served on the LAN. Every other directory address must be public.
   */
  HSDS_IMPORT_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Seconds a workflow step job may run before the queue takes its worker for dead and runs it again (a process
   * killed mid-step). Above the longest api_call timeout.
   */
  WORKFLOW_STEP_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(3600).default(90),
  /**
   * FHIR Subscriptions (issue #21): hosts (name or name:port) a subscriber endpoint may use although they resolve
   * to a private or loopback address, over http too (tests, a deployment's internal system); the retries of a
   * notification and their first delay (doubled each time), and the timeout of one POST.
   */
  FHIR_SUBSCRIPTION_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  FHIR_SUBSCRIPTION_RETRIES: z.coerce.number().int().min(0).max(10).default(5),
  FHIR_SUBSCRIPTION_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  FHIR_SUBSCRIPTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Speech to text (issue #19). STT_URL: a Whisper-compatible transcription endpoint (OpenAI's
   * /v1/audio/transcriptions shape: whisper.cpp's server, faster-whisper-server, …), for every language.
   * STT_MODEL_DIR: one pocketsphinx model folder per language (STT_MODEL_DIR/es-ES/…). English works without
   * either through Debian's pocketsphinx and pocketsphinx-en-us.
   */
  STT_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  STT_API_KEY: z.string().min(1).optional(),
  STT_MODEL: z.string().min(1).default('whisper-1'),
  STT_MODEL_DIR: z.string().min(1).optional(),
  STT_BUILTIN_MODEL_DIR: z.string().min(1).default('/usr/share/pocketsphinx/model/en-us'),
  STT_POCKETSPHINX_PATH: z.string().min(1).default('pocketsphinx_continuous'),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  STT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  /** Longest recording transcribed (seconds) and largest accepted (bytes). */
  STT_MAX_SECONDS: z.coerce.number().int().min(5).max(1800).default(300),
  STT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** The NPPES NPI Registry API v2.1 (issue #18); tests and the journey point it at a loopback fixture. */
  NPPES_API_URL: z
    .url({ message: 'must be an absolute http(s) URL' })
    .default('https://npiregistry.cms.hhs.gov/api/'),
  /** The least time between two registry calls of one import (the registry publishes no limit: be polite). */
  NPPES_API_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  NPPES_API_RETRIES: z.coerce.number().int().min(0).max(10).default(4),
  NPPES_API_BACKOFF_MS: z.coerce.number().int().min(1).max(60_000).default(1_000),
  NPPES_API_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  /**
   * Where each source's downloadable file is (a path on this server or an http(s) URL; a ZIP holding the CSV is
   * read in place). NPPES and Care Compare publish date-stamped names, so they have no default.
   */
  NPPES_FILE_URL: z.string().trim().min(1).optional(),
  NPPES_DEACTIVATION_FILE_URL: z.string().trim().min(1).optional(),
  CARE_COMPARE_FILE_URL: z.string().trim().min(1).optional(),
  HRSA_FILE_URL: z
    .string()
    .trim()
    .min(1)
    .default(
      'https://data.hrsa.gov/DataDownload/DD_Files/Health_Center_Service_Delivery_and_LookAlike_Sites.csv',
    ),
  /**
   * Unit prices of an import run (issue #18 item 4), in US dollars: the registries are free (0), the machine is
   * not. A run's cost is its recorded usage times these, fixed when it ends.
   */
  IMPORT_COST_PER_API_CALL: z.coerce.number().min(0).default(0),
  IMPORT_COST_PER_GB_DOWNLOADED: z.coerce.number().min(0).default(0),
  IMPORT_COST_PER_MILLION_ROWS: z.coerce.number().min(0).default(0),
  IMPORT_COST_PER_CPU_HOUR: z.coerce.number().min(0).default(0.05),
  /**
   * Issue #18 item 7: days after which a listing no source and not its own organization confirmed "may be out of
   * date" (badge, lower ranking, lower data quality).
   */
  DIRECTORY_STALE_AFTER_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(DIRECTORY_STALE_AFTER_DAYS_DEFAULT),
  MAP_TILE_URL: z
    .string()
    .trim()
    .default(DEFAULT_MAP_TILE_URL)
    .refine(isTileUrlTemplate, 'must be an http(s) URL template with {z}, {x} and {y}'),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(1000).default(DEFAULT_MAP_TILE_ATTRIBUTION),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  demoData: boolean;
  /** The demo password and whether it was defaulted (then it is printed at start). */
  demoPassword: string;
  demoPasswordDefaulted: boolean;
  webDistDir: string;
  jobs: boolean;
  bodyLimit: number;
  /** Largest case document accepted (bytes); uploads are streamed, so this is independent of bodyLimit. */
  documentMaxBytes: number;
  trustProxy: boolean;
  /** Where people reach the app; links in emails point here (no trailing slash). */
  publicUrl: string;
  /** Email: SMTP when smtpUrl is set, else the local outbox. */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** SMS: the Twilio-compatible REST driver when all three credentials are set, else the local outbox. */
  twilio: { accountSid: string; authToken: string; from: string; baseUrl: string } | undefined;
  /** Key for secrets stored encrypted (authenticator secrets); when unset, one is kept under DATA_DIR. */
  secretKey: string | undefined;
  /** 001 §2.19 'Update Google Ratings': the Places API driver when a key is set; else ratings are off. */
  googlePlaces: { apiKey: string | undefined; baseUrl: string };
  /** A Nominatim-compatible search URL for free-text addresses; unset: the ZIP in the address is used. */
  geocoderUrl: string | undefined;
  /** 'directory' starts only the provider directory API (001 §7 "separate service") and health. */
  serverModules: 'all' | 'directory';
  /** Bearer token of POST /api/webhooks/email/inbound; unset: the webhook refuses every call. */
  inboundEmailToken: string | undefined;
  /** The address provider replies go to, plus-addressed per thread (replies+TOKEN@domain); unset: From. */
  emailReplyTo: string | undefined;
  /** The server's own SMTP listener for provider replies (SMTP_INBOUND_PORT); unset: no listener. */
  smtpInbound: { port: number; host: string } | undefined;
  /** Largest email attachment accepted (bytes). */
  emailAttachmentMaxBytes: number;
  /** The Chromium that fills provider web forms (001 §5 web form). */
  chromiumPath: string;
  /** Longest a web-form submission may take before it ends as failed (ms). */
  webFormTimeoutMs: number;
  /**
   * Let the web-form browser open loopback and private-network addresses (tests, a form served on the LAN).
   * Off by default: a provider's website must not make the server browse its own network.
   */
  webFormAllowPrivateHosts: boolean;
  workflowApiAllowHosts: string[];
  /** HSDS_IMPORT_ALLOW_HOSTS. */
  hsdsImportAllowHosts: string[];
  workflowStepExpireSeconds: number;
  /** FHIR Subscriptions' subscriber endpoints and deliveries (issue #21). */
  fhirSubscriptions: { allowHosts: string[]; retries: number; retryDelaySeconds: number; timeoutMs: number };
  /** Speech to text (issue #19, adapters/speech): the engines and the limits of a recording. */
  speech: {
    url: string | undefined;
    apiKey: string | undefined;
    model: string;
    modelDir: string | undefined;
    builtinModelDir: string;
    pocketsphinxPath: string;
    ffmpegPath: string;
    timeoutMs: number;
    maxSeconds: number;
    maxBytes: number;
  };
  /** The NPPES Registry API client's address, pace, retries and timeout (issue #18). */
  nppesApi: { url: string; minIntervalMs: number; retries: number; backoffMs: number; timeoutMs: number };
  /** Each source's downloadable file (issue #18): a path or URL, or undefined when none is configured. */
  registryFiles: { nppes?: string; nppesDeactivations?: string; careCompare?: string; hrsa?: string };
  /** Unit prices of import runs (US dollars). */
  importCosts: { perApiCall: number; perGbDownloaded: number; perMillionRows: number; perCpuHour: number };
  /** Days without a confirmation after which a directory listing "may be out of date" (issue #18 item 7). */
  directoryStaleAfterDays: number;
  /**
   * The provider directory's map tiles (Leaflet URL template and attribution HTML), given to the browser by
   * GET /api/client-config; `cspSource` is the tile host as a Content-Security-Policy source for `img-src`.
   */
  mapTiles: { url: string; attribution: string; cspSource: string };
};

export const DEFAULT_DEMO_PASSWORD = 'TrustDemo!2026';

export class ConfigError extends Error {}

function twilioConfig(e: z.infer<typeof envSchema>): Config['twilio'] {
  const given = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM].filter(Boolean).length;
  if (given === 0) return undefined;
  if (given < 3) {
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together',
    );
  }
  return {
    accountSid: e.TWILIO_ACCOUNT_SID!,
    authToken: e.TWILIO_AUTH_TOKEN!,
    from: e.TWILIO_FROM!,
    baseUrl: e.TWILIO_BASE_URL.replace(/\/+$/, ''),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA === 'on',
    demoPassword: e.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    demoPasswordDefaulted: e.DEMO_PASSWORD === undefined,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    jobs: e.JOBS === 'on',
    bodyLimit: e.BODY_LIMIT_BYTES,
    documentMaxBytes: e.DOCUMENT_MAX_BYTES,
    trustProxy: e.TRUST_PROXY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    twilio: twilioConfig(e),
    secretKey: e.SECRET_KEY,
    googlePlaces: { apiKey: e.GOOGLE_PLACES_API_KEY, baseUrl: e.GOOGLE_PLACES_BASE_URL.replace(/\/+$/, '') },
    geocoderUrl: e.GEOCODER_URL,
    serverModules: e.SERVER_MODULES,
    inboundEmailToken: e.INBOUND_EMAIL_TOKEN,
    emailReplyTo: e.EMAIL_REPLY_TO,
    smtpInbound:
      e.SMTP_INBOUND_PORT === undefined
        ? undefined
        : { port: e.SMTP_INBOUND_PORT, host: e.SMTP_INBOUND_HOST },
    emailAttachmentMaxBytes: e.EMAIL_ATTACHMENT_MAX_BYTES,
    chromiumPath: e.CHROMIUM_PATH,
    webFormTimeoutMs: e.WEB_FORM_TIMEOUT_MS,
    webFormAllowPrivateHosts: e.WEB_FORM_ALLOW_PRIVATE_HOSTS,
    workflowApiAllowHosts: e.WORKFLOW_API_ALLOW_HOSTS,
    hsdsImportAllowHosts: e.HSDS_IMPORT_ALLOW_HOSTS,
    workflowStepExpireSeconds: e.WORKFLOW_STEP_EXPIRE_SECONDS,
    fhirSubscriptions: {
      allowHosts: e.FHIR_SUBSCRIPTION_ALLOW_HOSTS,
      retries: e.FHIR_SUBSCRIPTION_RETRIES,
      retryDelaySeconds: e.FHIR_SUBSCRIPTION_RETRY_DELAY_SECONDS,
      timeoutMs: e.FHIR_SUBSCRIPTION_TIMEOUT_MS,
    },
    speech: {
      url: e.STT_URL,
      apiKey: e.STT_API_KEY,
      model: e.STT_MODEL,
      modelDir: e.STT_MODEL_DIR ? path.resolve(e.STT_MODEL_DIR) : undefined,
      builtinModelDir: e.STT_BUILTIN_MODEL_DIR,
      pocketsphinxPath: e.STT_POCKETSPHINX_PATH,
      ffmpegPath: e.FFMPEG_PATH,
      timeoutMs: e.STT_TIMEOUT_MS,
      maxSeconds: e.STT_MAX_SECONDS,
      maxBytes: e.STT_MAX_BYTES,
    },
    nppesApi: {
      url: e.NPPES_API_URL,
      minIntervalMs: e.NPPES_API_MIN_INTERVAL_MS,
      retries: e.NPPES_API_RETRIES,
      backoffMs: e.NPPES_API_BACKOFF_MS,
      timeoutMs: e.NPPES_API_TIMEOUT_MS,
    },
    registryFiles: {
      ...(e.NPPES_FILE_URL ? { nppes: e.NPPES_FILE_URL } : {}),
      ...(e.NPPES_DEACTIVATION_FILE_URL ? { nppesDeactivations: e.NPPES_DEACTIVATION_FILE_URL } : {}),
      ...(e.CARE_COMPARE_FILE_URL ? { careCompare: e.CARE_COMPARE_FILE_URL } : {}),
      hrsa: e.HRSA_FILE_URL,
    },
    importCosts: {
      perApiCall: e.IMPORT_COST_PER_API_CALL,
      perGbDownloaded: e.IMPORT_COST_PER_GB_DOWNLOADED,
      perMillionRows: e.IMPORT_COST_PER_MILLION_ROWS,
      perCpuHour: e.IMPORT_COST_PER_CPU_HOUR,
    },
    directoryStaleAfterDays: e.DIRECTORY_STALE_AFTER_DAYS,
    mapTiles: {
      url: e.MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION,
      cspSource: tileCspSource(e.MAP_TILE_URL),
    },
  };
}

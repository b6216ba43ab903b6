import {
  IMPORT_DATA_SOURCE_INFO,
  IMPORT_PERIOD_MONTHS,
  type ImportJob,
  PROVIDER_DATA_SOURCES,
} from '@trust/domain';
import { ApiError } from '../../api/errors.ts';

// How the Import Manager writes its figures: counts, money (runs cost fractions of a cent), durations, sources,
// billing periods, why a call failed.

const count = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return count.format(n);
}

/** US dollars: four decimals under a dollar (a run's CPU time costs fractions of a cent), else two. */
export function formatUsd(amount: number): string {
  const digits = amount !== 0 && Math.abs(amount) < 1 ? 4 : 2;
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** 1 h 02 min, 3 min 20 s, 12 s, 850 ms. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

const OTHER_SOURCE_LABELS: Record<string, string> = {
  organization: 'Added by organizations',
  demo: 'Demo data',
};

/** A directory source's name: a registry's, or where the others came from. */
export function sourceLabel(source: string): string {
  if (source in IMPORT_DATA_SOURCE_INFO) {
    return IMPORT_DATA_SOURCE_INFO[source as keyof typeof IMPORT_DATA_SOURCE_INFO].label;
  }
  return OTHER_SOURCE_LABELS[source] ?? source;
}

/** Sources in a stable order (the registries first), those the stats name that we do not know last. */
export function orderedSources(bySource: Record<string, number>): string[] {
  const known = PROVIDER_DATA_SOURCES.filter((s) => s in bySource);
  const other = Object.keys(bySource).filter(
    (s) => !(PROVIDER_DATA_SOURCES as readonly string[]).includes(s),
  );
  return [...known, ...other.sort()];
}

/**
 * How far a job has got, 0–100, or null when it cannot be known ahead (a file is read to its end whatever the
 * limit). An API job asks the registry for at most `limit` providers in each of its states; a state that has
 * fewer ends early, so each state counts as one share of the bar.
 */
export function jobPercent(job: ImportJob): number | null {
  if (job.status === 'completed') return 100;
  if (job.method !== 'api') return null;
  const states = Math.max(1, job.states.length);
  const current = job.progress.current_state
    ? Math.min(1, job.progress.current_state_fetched / Math.max(1, job.limit))
    : 0;
  return Math.min(99, Math.round(((job.progress.states_completed.length + current) / states) * 100));
}

export function runsText(n: number): string {
  return `${formatCount(n)} run${n === 1 ? '' : 's'}`;
}

/** A billing period (YYYY-MM, UTC) as a reader says it: "November 2026". */
export function periodLabel(period: string, month: 'long' | 'short' = 'long'): string {
  const [year, m] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en-US', {
    month,
    year: month === 'long' ? 'numeric' : undefined,
    timeZone: 'UTC',
  });
}

/** 002 §9: the last 12 months (UTC), this one first, as options of the month selector. */
export function recentPeriods(
  now: Date = new Date(),
  count: number = IMPORT_PERIOD_MONTHS,
): { value: string; label: string }[] {
  return Array.from({ length: count }, (_, i) => {
    const value = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))
      .toISOString()
      .slice(0, 7);
    return { value, label: periodLabel(value) };
  });
}

/** Why a call failed, for "Failed to add dependency: {detail}". */
export function failureDetail(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? error.message;
  return error instanceof Error ? error.message : 'Unknown error';
}

/**
 * A limit typed in a number field, when it is whole and within its range and steps (002 §5: providers per state
 * 100–10,000, per run 100–50,000, in steps of 100); null otherwise. The server checks it again.
 */
export function limitWithin(
  input: number | string,
  range: { min: number; max: number; step: number },
): number | null {
  if (typeof input !== 'number' || !Number.isInteger(input)) return null;
  if (input < range.min || input > range.max || input % range.step !== 0) return null;
  return input;
}

import {
  IMPORT_RECOMMENDATION_MIN_RUNS,
  IMPORT_WEEKDAYS,
  type ImportRecommendation,
} from './provider-imports.ts';

// Smart scheduling (issue #18 item 5; 002 §2 Analytics, §3 Recommendation): from a schedule's recorded runs —
// when each started, how long it took, whether it failed — suggest the weekday and hour (UTC) its runs went best,
// with a confidence and the reasons. Pure, so the rule is tested on its own and the numbers are the runs'.

export type RunSample = { startedAt: Date; durationMs: number; failed: boolean };

type Slot = { key: number; runs: RunSample[]; score: number; meanMs: number; failures: number };

function slots(runs: readonly RunSample[], keyOf: (d: Date) => number, overallMs: number): Slot[] {
  const groups = new Map<number, RunSample[]>();
  for (const r of runs) groups.set(keyOf(r.startedAt), [...(groups.get(keyOf(r.startedAt)) ?? []), r]);
  return [...groups.entries()].map(([key, group]) => {
    const ok = group.filter((r) => !r.failed);
    const meanMs = ok.length > 0 ? ok.reduce((s, r) => s + r.durationMs, 0) / ok.length : overallMs;
    const failures = group.length - ok.length;
    // A slot's score: its typical duration against all runs', plus twice its failure rate (a failed run costs a
    // whole rerun). Lower is better.
    return { key, runs: group, meanMs, failures, score: meanMs / overallMs + (2 * failures) / group.length };
  });
}

function best(candidates: Slot[]): Slot {
  return [...candidates].sort(
    (a, b) => a.score - b.score || b.runs.length - a.runs.length || a.key - b.key,
  )[0] as Slot;
}

function durationText(ms: number): string {
  const minutes = ms / 60_000;
  if (minutes < 1) return `${Math.round(ms / 1000)} s`;
  if (minutes < 90) return `${Math.round(minutes)} min`;
  return `${(minutes / 60).toFixed(1)} h`;
}

/** The recommendation, or null with fewer than IMPORT_RECOMMENDATION_MIN_RUNS runs. */
export function recommendTiming(runs: readonly RunSample[]): ImportRecommendation | null {
  if (runs.length < IMPORT_RECOMMENDATION_MIN_RUNS) return null;
  const ok = runs.filter((r) => !r.failed);
  const overallMs = ok.length > 0 ? ok.reduce((s, r) => s + r.durationMs, 0) / ok.length : 1;
  const failures = runs.length - ok.length;
  const overallScore = 1 + (2 * failures) / runs.length;
  const day = best(slots(runs, (d) => d.getUTCDay(), overallMs));
  const hour = best(slots(runs, (d) => d.getUTCHours(), overallMs));
  const improvement = Math.max(0, Math.min(1, 1 - (day.score + hour.score) / 2 / overallScore));
  const support = Math.min(day.runs.length, hour.runs.length);

  const dataFactor = Math.min(1, runs.length / 12);
  const effectFactor = Math.min(1, improvement / 0.3);
  let confidence = 0.2 + 0.75 * dataFactor * (0.3 + 0.7 * effectFactor);
  if (support < 2) confidence -= 0.1;
  confidence = Math.round(Math.max(0, Math.min(0.95, confidence)) * 100) / 100;

  const times = runs.map((r) => r.startedAt.getTime());
  const dateOf = (t: number) => new Date(t).toISOString().slice(0, 10);
  const dayName = IMPORT_WEEKDAYS[day.key] as string;
  const hourText = `${String(hour.key).padStart(2, '0')}:00 UTC`;
  const cron = `0 ${hour.key} * * ${day.key}`;
  const reasoning = [
    `Based on ${runs.length} runs from ${dateOf(Math.min(...times))} to ${dateOf(Math.max(...times))}.`,
    `Runs started on ${dayName} took ${durationText(day.meanMs)} on average (${day.runs.length} ${day.runs.length === 1 ? 'run' : 'runs'}), against ${durationText(overallMs)} over all runs.`,
    `Runs started at ${hourText} failed ${hour.failures} of ${hour.runs.length} times; all runs failed ${failures} of ${runs.length}.`,
  ];
  if (improvement < 0.1)
    reasoning.push('No time was clearly better than the others, so the confidence is low.');
  if (support < 2) reasoning.push('Only one run started at that time, which lowers the confidence.');
  reasoning.push(`Applying sets a custom weekly schedule: ${cron} (UTC).`);
  return {
    suggested_day: day.key,
    suggested_hour: hour.key,
    confidence,
    reasoning,
    runs_considered: runs.length,
    cron_expression: cron,
  };
}

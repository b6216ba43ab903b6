import type { WorkflowStepConfig } from '@trust/domain';
import type { StepResult, StepRun } from './types.ts';

// `wait` steps (issue #17 item 2): a duration, or until a date of the enrollment. The engine queues the step's
// next run as a delayed job at that time; a date already past (or missing) goes on at once.

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

export function waitUntil(run: Pick<StepRun, 'config' | 'facts' | 'execution'>): Date | null {
  const config = run.config as WorkflowStepConfig<'wait'>;
  if (config.mode === 'until_date') {
    const field = config.date_field ?? 'start_date';
    const value =
      field === 'enrollment_date'
        ? run.facts.enrollmentDate
        : field === 'start_date'
          ? run.facts.startDate
          : run.facts.endDate;
    return value ? new Date(`${value}T00:00:00Z`) : null;
  }
  const from = run.execution.startedAt ?? new Date();
  return new Date(from.getTime() + (config.duration ?? 0) * UNIT_MS[config.unit]);
}

export async function runWait(run: StepRun): Promise<StepResult> {
  const until = waitUntil(run);
  if (!until || until.getTime() <= Date.now()) {
    return { kind: 'complete', output: { waited_until: until?.toISOString() ?? null } };
  }
  return { kind: 'wait', output: { until: until.toISOString() }, resumeAt: until };
}

// Query keys of the provider import calls (002 §7 "Provider import"): the stats (with recent jobs), one job,
// schedules (with their dependency graph), a schedule's dependencies, execution order, costs and recommendations.
// Mutations invalidate by these prefixes.
export const importKeys = {
  all: ['imports'] as const,
  stats: () => [...importKeys.all, 'stats'] as const,
  job: (id: string) => [...importKeys.all, 'job', id] as const,
  schedules: () => [...importKeys.all, 'schedules'] as const,
  dependencies: (scheduleId: number) => [...importKeys.schedules(), 'dependencies', scheduleId] as const,
  executionOrder: (ids: readonly number[]) => [...importKeys.schedules(), 'execution-order', ids] as const,
  costs: () => [...importKeys.all, 'costs'] as const,
  monthly: (period: string) => [...importKeys.costs(), 'monthly', period] as const,
  trend: (scheduleId: number, months: number) =>
    [...importKeys.costs(), 'trend', scheduleId, months] as const,
  optimalTime: (scheduleId: number) => [...importKeys.costs(), 'optimal-time', scheduleId] as const,
};

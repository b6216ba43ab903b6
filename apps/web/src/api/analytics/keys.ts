import type { AnalyticsQuery } from '@trust/domain';

// Query keys of the analytics figures (issue #20): System Metrics and the service gaps by period and scope, and
// the landing page's open Platform Impact.
export const analyticsKeys = {
  all: ['analytics'] as const,
  metrics: (query: AnalyticsQuery) => [...analyticsKeys.all, 'metrics', query] as const,
  serviceGaps: (query: AnalyticsQuery) => [...analyticsKeys.all, 'service-gaps', query] as const,
  impact: () => [...analyticsKeys.all, 'impact'] as const,
};

/** The query string of an analytics request: only the parts that are set. */
export function analyticsSearch(query: AnalyticsQuery): string {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.scope) params.set('scope', query.scope);
  const search = params.toString();
  return search ? `?${search}` : '';
}

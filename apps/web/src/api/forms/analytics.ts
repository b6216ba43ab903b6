import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormAnalyticsOverview } from '@trust/domain';
import { apiRequest, fetchWithSession } from '../client.ts';
import { saveBlob } from '../documents/download-document.ts';
import { formKeys } from './keys.ts';

// Form Analytics (002 §2, §7; issue #16 item 4): the overview of a date range, and its CSV export.

export interface FormAnalyticsParams {
  startDate: string;
  endDate: string;
  programId?: number | null;
}

function analyticsQuery(params: FormAnalyticsParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.startDate) query.set('start_date', params.startDate);
  if (params.endDate) query.set('end_date', params.endDate);
  if (params.programId) query.set('program_id', String(params.programId));
  return query;
}

/** GET /api/forms/analytics/overview (the server caches it 5 minutes; so does this client, 002 §7). */
export function useFormAnalytics(params: FormAnalyticsParams) {
  return useQuery({
    queryKey: formKeys.analytics(params),
    queryFn: ({ signal }) =>
      apiRequest<FormAnalyticsOverview>(`/api/forms/analytics/overview?${analyticsQuery(params)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/** The file name the server gives in Content-Disposition, else one of the range. */
function fileNameOf(response: Response, params: FormAnalyticsParams): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (match?.[1]) return decodeURIComponent(match[1]);
  return `form-analytics-${params.startDate || 'start'}-to-${params.endDate || 'today'}.csv`;
}

/** GET /api/forms/analytics/export: the report as CSV, saved as a download (the spec's "coming soon", made real). */
export async function downloadFormAnalyticsCsv(params: FormAnalyticsParams): Promise<void> {
  const response = await fetchWithSession(`/api/forms/analytics/export?${analyticsQuery(params)}`, {
    headers: { Accept: 'text/csv' },
  });
  saveBlob(await response.blob(), fileNameOf(response, params));
}

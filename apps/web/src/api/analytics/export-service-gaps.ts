import type { AnalyticsQuery } from '@trust/domain';
import { attachmentName } from '../billing-report/export-billable-report.ts';
import { fetchWithSession } from '../client.ts';
import { saveBlob } from '../documents/download-document.ts';
import { analyticsSearch } from './keys.ts';

/** The path of the gaps' CSV for a filter (what the Export CSV button downloads). */
export function serviceGapsCsvPath(query: AnalyticsQuery): string {
  return `/api/service-gaps/csv${analyticsSearch(query)}`;
}

/**
 * GET /api/service-gaps/csv: downloads the gaps of the filter as the CSV file the server names. The call
 * carries the session and the active organization, so it cannot be a plain link.
 */
export async function downloadServiceGapsCsv(query: AnalyticsQuery): Promise<void> {
  const response = await fetchWithSession(serviceGapsCsvPath(query));
  const name = attachmentName(response.headers.get('content-disposition')) ?? 'service-gaps.csv';
  saveBlob(await response.blob(), name);
}

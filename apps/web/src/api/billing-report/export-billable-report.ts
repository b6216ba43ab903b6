import type { BillableReportQuery } from '@trust/domain';
import { fetchWithSession } from '../client.ts';
import { saveBlob } from '../documents/download-document.ts';
import { billableReportSearch } from './get-billable-report.ts';

/** The file name the server gave (`filename*=UTF-8''…`, else `filename="…"`), or null. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (exact?.[1]) {
    try {
      return decodeURIComponent(exact[1]);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/**
 * GET /api/enrollments/reports/billable/csv: downloads the report as the CSV file the server names. The call
 * carries the session and the active organization, so it cannot be a plain link.
 */
export async function downloadBillableReportCsv(query: BillableReportQuery): Promise<void> {
  const response = await fetchWithSession(
    `/api/enrollments/reports/billable/csv?${billableReportSearch(query)}`,
  );
  const name =
    attachmentName(response.headers.get('content-disposition')) ??
    `billable-activities-${query.start_date}-to-${query.end_date}.csv`;
  saveBlob(await response.blob(), name);
}

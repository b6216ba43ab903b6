import { type ProviderPerformanceCsvQuery, performanceCsvFilename } from '@trust/domain';
import { attachmentName } from '../billing-report/export-billable-report.ts';
import { fetchWithSession } from '../client.ts';
import { saveBlob } from '../documents/download-document.ts';

/**
 * GET /api/provider-performance/csv ('Export CSV', 001 §2.19): every provider of the current filter (range and
 * search), built on the server, saved under the name the server gives. The call carries the session and the
 * active organization, so it cannot be a plain link.
 */
export async function downloadProviderPerformanceCsv(query: ProviderPerformanceCsvQuery): Promise<void> {
  const params = new URLSearchParams({ range: query.range });
  if (query.search) params.set('search', query.search);
  const response = await fetchWithSession(`/api/provider-performance/csv?${params}`, {
    headers: { Accept: 'text/csv' },
  });
  const name =
    attachmentName(response.headers.get('content-disposition')) ?? performanceCsvFilename(query.range);
  saveBlob(await response.blob(), name);
}

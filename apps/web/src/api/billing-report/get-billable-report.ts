import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BillableReport, BillableReportQuery } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { billingReportKeys } from './keys.ts';

/** The query string of a report: the program and the period. */
export function billableReportSearch(query: BillableReportQuery): string {
  return new URLSearchParams({
    program_id: String(query.program_id),
    start_date: query.start_date,
    end_date: query.end_date,
  }).toString();
}

/**
 * GET /api/enrollments/reports/billable (issue #15 item 7): a program's billable lines and exceptions of a
 * period (managers and administrators).
 */
export function getBillableReport(query: BillableReportQuery, signal?: AbortSignal): Promise<BillableReport> {
  return apiRequest<BillableReport>(`/api/enrollments/reports/billable?${billableReportSearch(query)}`, {
    signal,
  });
}

/** The report of a program and period; nothing is asked until both are chosen (`null`). */
export function useBillableReport(query: BillableReportQuery | null) {
  return useQuery({
    queryKey: query ? billingReportKeys.report(query) : billingReportKeys.all,
    queryFn: ({ signal }) => getBillableReport(query as BillableReportQuery, signal),
    enabled: query !== null,
    // Another period keeps the last report on screen (dimmed by `fetching`) until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

import type { BillableReportQuery } from '@trust/domain';

// Query keys of the billable activities report (issue #15 item 7): one report per program and period.
export const billingReportKeys = {
  all: ['billing-report'] as const,
  report: (query: BillableReportQuery) => [...billingReportKeys.all, query] as const,
};

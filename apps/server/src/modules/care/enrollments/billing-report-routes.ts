import { billableReportQuerySchema, billableReportSchema, ORG_MANAGER_ROLES } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { exportBillableReportCsv, getBillableReport } from './billing-report.ts';

// Issue #15 item 7: the billable activities report of a program and a period, as JSON for the screen and as CSV
// for the billing office. The organization's managers and administrators only (002 §6 "manage programs"): staff
// and viewers get 403. Another organization's program does not exist for the caller (404).

const managers = { auth: { org: true as const, orgRoles: ORG_MANAGER_ROLES } };

export function billingReportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/enrollments/reports/billable',
      {
        config: { ...managers, ...phiRoute('enrollment_activity') },
        schema: {
          tags: ['enrollments'],
          summary:
            "A program's completed billable activities of a period (at most 366 days): billable lines with units, rate and amount within the billing activities' daily and monthly limits and dates, and what those refuse listed apart with the reason (managers and administrators; audited)",
          querystring: billableReportQuerySchema,
          response: { 200: billableReportSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return getBillableReport(orgContext(request, deps), request.query);
      },
    );

    app.get(
      '/api/enrollments/reports/billable/csv',
      {
        config: { ...managers, ...phiRoute('enrollment_activity') },
        schema: {
          tags: ['enrollments'],
          summary:
            'The billable activities report as a CSV download: the billable lines, then the exceptions with their reason (managers and administrators; audited)',
          querystring: billableReportQuerySchema,
          response: errorResponses(400, 401, 403, 404, 422),
        },
      },
      async (request, reply) => {
        const { fileName, csv } = await exportBillableReportCsv(orgContext(request, deps), request.query);
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', contentDisposition('attachment', fileName))
            .header('cache-control', 'no-store')
            .header('x-content-type-options', 'nosniff')
            // Text sent as it is (no serializer); the schema lists only the error answers.
            .send(csv as never)
        );
      },
    );
  };
}

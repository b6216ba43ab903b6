import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogPage } from '@trust/domain';
import { apiRequest } from '../client.ts';

export interface SecurityLogParams {
  page: number;
  pageSize: number;
  /** An action prefix such as `auth.`; empty for every security event. */
  action: string;
}

/** GET /api/audit-log: the active organization's security events (X-CBO-ID), newest first. */
export function getSecurityLog(params: SecurityLogParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(params.page), page_size: String(params.pageSize) });
  if (params.action) query.set('action', params.action);
  return apiRequest<AuditLogPage>(`/api/audit-log?${query}`, { signal });
}

export function securityLogQueryOptions(cboId: number | null, params: SecurityLogParams) {
  return queryOptions({
    queryKey: ['admin', 'security-log', cboId, params] as const,
    queryFn: ({ signal }) => getSecurityLog(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSecurityLog(cboId: number | null, params: SecurityLogParams) {
  return useQuery(securityLogQueryOptions(cboId, params));
}

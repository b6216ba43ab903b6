import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Program, ProgramList, ProgramType } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { programKeys } from './keys.ts';

export interface ProgramListParams {
  page: number;
  pageSize: number;
  search?: string;
  programType?: ProgramType | '';
  status?: 'active' | 'inactive' | '';
}

/** GET /api/programs/ (002 §7): filtered by type and status and searched by name on the server, paged. */
export function getPrograms(params: ProgramListParams, signal?: AbortSignal): Promise<ProgramList> {
  const query = new URLSearchParams({ page: String(params.page), page_size: String(params.pageSize) });
  if (params.search?.trim()) query.set('search', params.search.trim());
  if (params.programType) query.set('program_type', params.programType);
  if (params.status) query.set('is_active', params.status === 'active' ? 'true' : 'false');
  return apiRequest<ProgramList>(`/api/programs/?${query}`, { signal });
}

export function programsQueryOptions(params: ProgramListParams) {
  return queryOptions({
    queryKey: programKeys.list(params),
    queryFn: ({ signal }) => getPrograms(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePrograms(params: ProgramListParams) {
  return useQuery(programsQueryOptions(params));
}

/** GET /api/programs/{id}/ (002 §7): one program, with its enrollments counted now. */
export function getProgram(id: number, signal?: AbortSignal): Promise<Program> {
  return apiRequest<Program>(`/api/programs/${id}/`, { signal });
}

/** One program, fresh (the delete confirmation says how many enrollments go with it). Off while `id` is null. */
export function useProgram(id: number | null) {
  return useQuery({
    queryKey: programKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getProgram(id as number, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Enrollment,
  EnrollmentCreateInput,
  EnrollmentDeleteResponse,
  EnrollmentList,
  EnrollmentUpdateInput,
} from '@trust/domain';
import { apiRequest } from '../client.ts';
import { type EnrollmentFilters, enrollmentKeys } from './keys.ts';

/** GET /api/enrollments/ (002 §7): one page, filtered on the server (program, member, status). */
export function getEnrollments(filters: EnrollmentFilters, signal?: AbortSignal): Promise<EnrollmentList> {
  const query = new URLSearchParams({ page: String(filters.page), page_size: String(filters.pageSize) });
  if (filters.memberId) query.set('member_id', String(filters.memberId));
  if (filters.programId) query.set('program_id', String(filters.programId));
  if (filters.status) query.set('status', filters.status);
  return apiRequest<EnrollmentList>(`/api/enrollments/?${query}`, { signal });
}

export function useEnrollments(filters: EnrollmentFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: enrollmentKeys.list(filters),
    queryFn: ({ signal }) => getEnrollments(filters, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/enrollments/{id}. */
export function useEnrollment(id: number | null) {
  return useQuery({
    queryKey: enrollmentKeys.one(id ?? 0),
    queryFn: ({ signal }) => apiRequest<Enrollment>(`/api/enrollments/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** POST /api/enrollments/: enrolls a member; the lists refresh. */
export function useCreateEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrollmentCreateInput) =>
      apiRequest<Enrollment>('/api/enrollments/', { method: 'POST', body }),
    onSuccess: (enrollment) => {
      queryClient.setQueryData(enrollmentKeys.one(enrollment.id), enrollment);
      void queryClient.invalidateQueries({ queryKey: enrollmentKeys.lists() });
    },
  });
}

/** PUT /api/enrollments/{id}: the fields sent; a status runs the server's state machine. */
export function useUpdateEnrollment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrollmentUpdateInput) =>
      apiRequest<Enrollment>(`/api/enrollments/${id}`, { method: 'PUT', body }),
    onSuccess: (enrollment) => {
      queryClient.setQueryData(enrollmentKeys.one(enrollment.id), enrollment);
      void queryClient.invalidateQueries({ queryKey: enrollmentKeys.lists() });
    },
  });
}

/** DELETE /api/enrollments/{id} (with its activities, documents, notes and goals). */
export function useDeleteEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<EnrollmentDeleteResponse>(`/api/enrollments/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: enrollmentKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: enrollmentKeys.lists() });
    },
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Member, MemberCreateInput, MemberList, MemberTimeline } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { memberKeys } from './keys.ts';

/** GET /api/members/ (002 §7): one page of the organization's members by name, searched on the server. */
export function getMembers(page: number, pageSize: number, search: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (search) query.set('search', search);
  return apiRequest<MemberList>(`/api/members/?${query}`, { signal });
}

export function useMembers(page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: memberKeys.list(page, pageSize, search),
    queryFn: ({ signal }) => getMembers(page, pageSize, search, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/members/{id}. */
export function useMember(id: number | null) {
  return useQuery({
    queryKey: memberKeys.one(id ?? 0),
    queryFn: ({ signal }) => apiRequest<Member>(`/api/members/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** POST /api/members/ (id null) or PUT /api/members/{id}: the whole form. */
export function useSaveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MemberCreateInput }) =>
      id === null
        ? apiRequest<Member>('/api/members/', { method: 'POST', body })
        : apiRequest<Member>(`/api/members/${id}`, { method: 'PUT', body }),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.one(member.id), member);
      void queryClient.invalidateQueries({ queryKey: [...memberKeys.all, 'list'] });
    },
  });
}

/** DELETE /api/members/{id}. */
export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string; id: number }>(`/api/members/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: memberKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: [...memberKeys.all, 'list'] });
    },
  });
}

/** GET /api/members/{id}/timeline: the member's Activity Timeline, newest first. */
export function useMemberTimeline(id: number) {
  return useQuery({
    queryKey: [...memberKeys.one(id), 'timeline'],
    queryFn: ({ signal }) => apiRequest<MemberTimeline>(`/api/members/${id}/timeline`, { signal }),
  });
}

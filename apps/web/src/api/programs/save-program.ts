import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Program, ProgramCreate, ProgramDeleteResponse, ProgramUpdate } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { programKeys } from './keys.ts';

/** POST /api/programs/ (002 §7). */
export function createProgram(body: ProgramCreate): Promise<Program> {
  return apiRequest<Program>('/api/programs/', { method: 'POST', body });
}

/** PUT /api/programs/{id}/ (002 §7): the fields sent. */
export function updateProgram(id: number, body: ProgramUpdate): Promise<Program> {
  return apiRequest<Program>(`/api/programs/${id}/`, { method: 'PUT', body });
}

/**
 * DELETE /api/programs/{id} (002 §7). `confirm`: the user was told the program's enrollments are deleted with it;
 * without it the server refuses a program that has enrollments (409, saying how many).
 */
export function deleteProgram(id: number, confirm: boolean): Promise<ProgramDeleteResponse> {
  return apiRequest<ProgramDeleteResponse>(`/api/programs/${id}${confirm ? '?confirm=true' : ''}`, {
    method: 'DELETE',
  });
}

export function useSaveProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ProgramCreate | ProgramUpdate }) =>
      id === null ? createProgram(body as ProgramCreate) : updateProgram(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.all }),
  });
}

export function useDeleteProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: number; confirm: boolean }) => deleteProgram(id, confirm),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.all }),
  });
}

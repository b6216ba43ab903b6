import { useQuery } from '@tanstack/react-query';
import type { ProgramList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { enrollmentKeys } from './keys.ts';

/** A program as the enrollment screens offer it: its id, name and whether it takes new enrollments. */
export type ProgramOption = { id: number; name: string; isActive: boolean };

/**
 * The organization's programs for the program filter and picker (GET /api/programs/, 002 §7): the first 200 by
 * name, which covers an organization's programs.
 */
export function useProgramOptions() {
  return useQuery({
    queryKey: enrollmentKeys.programOptions(),
    queryFn: async ({ signal }): Promise<ProgramOption[]> => {
      const list = await apiRequest<ProgramList>('/api/programs/?page_size=200', { signal });
      return list.programs.map((p) => ({ id: p.id, name: p.name, isActive: p.is_active }));
    },
    staleTime: 60_000,
  });
}

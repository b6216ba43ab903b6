import type { DirectorySearchResult } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { type DirectoryFilters, searchParams } from './filters.ts';

/** GET /directory/search/by-county (001 §7): a county's providers, by name. */
export function searchByCounty(
  params: DirectoryFilters & { state: string; county: string },
  signal?: AbortSignal,
): Promise<DirectorySearchResult> {
  return apiRequest<DirectorySearchResult>(`/directory/search/by-county?${searchParams(params)}`, {
    // Signed in, the session goes along: the active organization also sees the providers it added by hand
    // (issue #12). Signed out, nothing is sent and the directory shows public and verified providers only.
    signal,
  });
}

import type { DirectorySearchResult } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { type DirectoryFilters, searchParams } from './filters.ts';

/** GET /directory/search/by-zip (001 §7): providers around a ZIP code's centroid, nearest first. */
export function searchByZip(
  params: DirectoryFilters & { zip_code: string; radius_miles: number },
  signal?: AbortSignal,
): Promise<DirectorySearchResult> {
  return apiRequest<DirectorySearchResult>(`/directory/search/by-zip?${searchParams(params)}`, {
    // Signed in, the session goes along: the active organization also sees the providers it added by hand
    // (issue #12). Signed out, nothing is sent and the directory shows public and verified providers only.
    signal,
  });
}

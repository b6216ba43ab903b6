import type { DirectorySearchResult } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { type DirectoryFilters, searchParams } from './filters.ts';

/** GET /directory/search/radius (001 §7): providers within radius_miles of a point, nearest first. */
export function searchRadius(
  params: DirectoryFilters & { latitude: number; longitude: number; radius_miles: number },
  signal?: AbortSignal,
): Promise<DirectorySearchResult> {
  return apiRequest<DirectorySearchResult>(`/directory/search/radius?${searchParams(params)}`, {
    // Signed in, the session goes along: the active organization also sees the providers it added by hand
    // (issue #12). Signed out, nothing is sent and the directory shows public and verified providers only.
    signal,
  });
}

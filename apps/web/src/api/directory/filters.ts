/** The filters every directory search takes (001 §7), as the search form holds them. */
export type DirectoryFilters = {
  organization_type?: string | undefined;
  accepts_medicaid?: boolean | undefined;
  accepts_medicare?: boolean | undefined;
  services?: readonly string[] | undefined;
  languages?: readonly string[] | undefined;
  min_quality_score?: number | undefined;
  q?: string | undefined;
  limit?: number | undefined;
};

/** A query string with repeated `services`/`languages` (001 §7) and nothing for an unset filter. */
export function searchParams(values: Record<string, unknown>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) query.append(key, String(v));
    else query.set(key, String(value));
  }
  return query;
}

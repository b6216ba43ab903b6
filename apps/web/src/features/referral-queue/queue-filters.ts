import {
  CLIENT_URGENCIES,
  GAP_KIND_LABELS,
  isIsoCalendarDate,
  REFERRAL_GAP_FILTERS,
  type ReferralGapFilter,
  type ReferralListQuery,
} from '@trust/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

// 000 §5.5 queue filters. They live in the URL query string (a reload or Back keeps them); the search term does
// not, since it is often a member's name or Medicaid ID (PHI) and URLs end up in logs and browser history.

export const STATUS_FILTERS = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'matched', label: 'Matched' },
  { value: 'authorized', label: 'Authorized' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
] as const;

export const URGENCY_FILTERS = [
  { value: 'all', label: 'All urgencies' },
  ...CLIENT_URGENCIES.map((u) => ({ value: u, label: u })),
] as const;

/** 000 §5.5: auto = the matching engine is used; manual = it is not. */
export const METHOD_FILTERS = [
  { value: 'all', label: 'All methods' },
  { value: 'auto', label: 'Auto (matching engine)' },
  { value: 'manual', label: 'Manual' },
] as const;

export const SCOPE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'created', label: 'Created by us' },
  { value: 'received', label: 'Received' },
] as const;

const OPTIONS = {
  status: STATUS_FILTERS,
  urgency: URGENCY_FILTERS,
  method: METHOD_FILTERS,
  scope: SCOPE_FILTERS,
} as const;

export type FilterKey = keyof typeof OPTIONS;
/** The filters as the list call takes them (values of the lists above). */
export type QueueFilters = Pick<ReferralListQuery, FilterKey>;

function valid<K extends FilterKey>(key: K, value: string | null): QueueFilters[K] {
  const known = value !== null && OPTIONS[key].some((o) => o.value === value);
  return (known ? value : 'all') as QueueFilters[K];
}

/** The filters of the URL (unknown values read as "all") and a setter that keeps the rest of the query. */
export function useQueueFilters(): {
  filters: QueueFilters;
  setFilter: (key: FilterKey, value: string) => void;
  active: boolean;
} {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<QueueFilters>(
    () => ({
      status: valid('status', params.get('status')),
      urgency: valid('urgency', params.get('urgency')),
      method: valid('method', params.get('method')),
      scope: valid('scope', params.get('scope')),
    }),
    [params],
  );
  const setFilter = useCallback(
    (key: FilterKey, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === 'all') next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const active = Object.values(filters).some((v) => v !== 'all');
  return { filters, setFilter, active };
}

// Issue #20: the Service Gaps screen links each figure here with the filters that apply to it. They live in the
// URL like the others (a need, a county code and dates are no PHI); `scope=network` of a platform operator's
// link is ignored: the queue always shows the active organization's referrals.

/** The Service Gaps filters the URL carries, as the list call takes them. */
export type GapQueueFilters = Pick<ReferralListQuery, 'need' | 'county_fips' | 'gap' | 'from' | 'to'>;
export const GAP_FILTER_KEYS = ['need', 'county_fips', 'gap', 'from', 'to'] as const;

function readGapFilters(params: URLSearchParams): GapQueueFilters {
  const need = params.get('need')?.trim();
  const county = params.get('county_fips');
  const gap = params.get('gap');
  const date = (key: 'from' | 'to') => {
    const value = params.get(key);
    return value !== null && isIsoCalendarDate(value) ? value : undefined;
  };
  let from = date('from');
  let to = date('to');
  // A reversed period would be refused: neither end is applied.
  if (from && to && to < from) {
    from = undefined;
    to = undefined;
  }
  return {
    need: need && need.length <= 200 ? need : undefined,
    county_fips: county !== null && /^\d{5}$/.test(county) ? county : undefined,
    gap: (REFERRAL_GAP_FILTERS as readonly string[]).includes(gap ?? '')
      ? (gap as ReferralGapFilter)
      : undefined,
    from,
    to,
  };
}

/** The active Service Gaps filters in words, for the bar that shows them. */
export function describeGapFilters(filters: GapQueueFilters): { label: string; value: string }[] {
  const words: { label: string; value: string }[] = [];
  if (filters.need) words.push({ label: 'Need', value: filters.need });
  if (filters.county_fips) words.push({ label: 'County FIPS', value: filters.county_fips });
  if (filters.gap) {
    words.push({ label: 'Gap', value: filters.gap === 'unmet' ? 'Any unmet' : GAP_KIND_LABELS[filters.gap] });
  }
  if (filters.from && filters.to) words.push({ label: 'Created', value: `${filters.from} to ${filters.to}` });
  else if (filters.from) words.push({ label: 'Created', value: `from ${filters.from}` });
  else if (filters.to) words.push({ label: 'Created', value: `through ${filters.to}` });
  return words;
}

/** The Service Gaps filters of the URL (invalid values are left out) and the clearing of them. */
export function useGapFilters(): {
  gapFilters: GapQueueFilters;
  clearGapFilters: () => void;
  active: boolean;
} {
  const [params, setParams] = useSearchParams();
  const gapFilters = useMemo(() => readGapFilters(params), [params]);
  const clearGapFilters = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of GAP_FILTER_KEYS) next.delete(key);
          // The link's scope=network: not a queue scope.
          if (!SCOPE_FILTERS.some((o) => o.value === next.get('scope'))) next.delete('scope');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const active = Object.values(gapFilters).some((v) => v !== undefined);
  return { gapFilters, clearGapFilters, active };
}

import { CLIENT_URGENCIES, type ReferralListQuery } from '@trust/domain';
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

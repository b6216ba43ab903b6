import type { AppDeps } from '../../../platform/deps.ts';

/** Grouped status counts as the repository returns them. */
export type StatusCounts = { status: string; count: number }[];

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 5_000;

/**
 * The queue's counters (000 §2.3), cached per process. Counting is the expensive half of a queue page: with a
 * million referrals an organization's unfiltered counters read hundreds of thousands of index entries, while
 * the page itself is one short index scan; and every open queue of an organization refetches the same view
 * whenever one of its referrals changes.
 *
 * Exact, never stale: every change of a referral writes a history row (`referral_events`, in the transaction of
 * the change), so the newest history id is a version of all referrals. An entry is used only while that
 * version is unchanged (one index lookup, far cheaper than a count), and it is stored under the version read
 * *before* counting, so a count that raced with a change is never kept under a newer version. The page rows
 * themselves are never cached.
 */
export class ReferralCountsCache {
  readonly #entries = new Map<string, { version: number; value: StatusCounts; expires: number }>();

  get(key: string, version: number): StatusCounts | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || entry.expires <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, version: number, value: StatusCounts) {
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { version, value, expires: Date.now() + TTL_MS });
  }
}

const caches = new WeakMap<AppDeps, ReferralCountsCache>();

export function countsCacheOf(deps: AppDeps): ReferralCountsCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new ReferralCountsCache();
    caches.set(deps, cache);
  }
  return cache;
}

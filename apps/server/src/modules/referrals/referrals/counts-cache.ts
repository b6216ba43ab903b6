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
 *
 * Single flight (issue #22): a cold process, or every process right after any referral changed, would otherwise
 * start one count per waiting request — at 100 connections a hundred scans of the same 700,000 index entries,
 * which measured 0 answers in 8 s. `load` makes requests for the same view and version share one count.
 */
export class ReferralCountsCache {
  readonly #entries = new Map<string, { version: number; value: StatusCounts; expires: number }>();
  readonly #inFlight = new Map<string, Promise<StatusCounts>>();

  /** The cached counts of `key` at `version`, or those of the one count `count()` started for them. */
  async load(key: string, version: number, count: () => Promise<StatusCounts>): Promise<StatusCounts> {
    const cached = this.get(key, version);
    if (cached) return cached;
    const flightKey = `${version}\u0000${key}`;
    const running = this.#inFlight.get(flightKey);
    if (running) return running;
    const started = count().then(
      (value) => {
        this.#inFlight.delete(flightKey);
        this.set(key, version, value);
        return value;
      },
      (error: unknown) => {
        // A failed count is not shared with later requests: the next one counts again.
        this.#inFlight.delete(flightKey);
        throw error;
      },
    );
    this.#inFlight.set(flightKey, started);
    return started;
  }

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

import type { PlaceQuery, PlaceRating, RatingsDriver } from './driver.ts';

export type LookupOutcome<K> =
  | { key: K; status: 'found'; rating: PlaceRating }
  | { key: K; status: 'not_found' }
  | { key: K; status: 'failed'; error: string };

export type BatchOptions = {
  batchSize: number;
  delayMs: number;
  /** Injected in tests to observe the pauses. */
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * 001 §9: ratings are fetched in batches of 5 with 200 ms between batches, so a page of providers never bursts
 * the Places API quota. Lookups of one batch run together; one failure does not stop the others.
 */
export async function lookupInBatches<K>(
  driver: RatingsDriver,
  queries: readonly { key: K; query: PlaceQuery }[],
  options: BatchOptions,
): Promise<LookupOutcome<K>[]> {
  const sleep = options.sleep ?? defaultSleep;
  const outcomes: LookupOutcome<K>[] = [];
  for (let start = 0; start < queries.length; start += options.batchSize) {
    if (start > 0) await sleep(options.delayMs);
    const batch = queries.slice(start, start + options.batchSize);
    const settled = await Promise.allSettled(batch.map((q) => driver.lookup(q.query)));
    settled.forEach((result, i) => {
      const key = batch[i]!.key;
      if (result.status === 'rejected') {
        const error = result.reason instanceof Error ? result.reason.message : String(result.reason);
        outcomes.push({ key, status: 'failed', error });
      } else if (result.value === null) {
        outcomes.push({ key, status: 'not_found' });
      } else {
        outcomes.push({ key, status: 'found', rating: result.value });
      }
    });
  }
  return outcomes;
}

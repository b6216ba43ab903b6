import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a long list to draw now: `slice` at first, then `slice` more after each frame until all
 * `total` are there. Drawing 50 cards at once is one task of a few hundred milliseconds on a phone, during which
 * the page cannot answer a tap (issue #13, Total Blocking Time); in slices, the first screenful shows at once
 * and the rest follows in short tasks. Each step is a transition, so a tap meanwhile goes first.
 */
export function useRevealedCount(total: number, slice = 8): number {
  const [revealed, setRevealed] = useState(slice);
  useEffect(() => {
    if (revealed >= total) return;
    // An effect runs after the browser has painted the previous slice.
    startTransition(() => setRevealed((n) => n + slice));
  }, [revealed, total, slice]);
  return Math.min(revealed, total);
}

// How the analytics screens (System Metrics, Service Gaps) write a count, a rate and a number of days.

const counts = new Intl.NumberFormat('en-US');

/** A count with thousands separators; anything that is not a finite number reads 0. */
export function formatCount(value: number | null | undefined): string {
  return counts.format(typeof value === 'number' && Number.isFinite(value) ? value : 0);
}

/** 003 §2.5: a rate (a fraction 0 to 1) as a percent with one decimal ("87.5%"); never NaN. */
export function formatRate(rate: number | null | undefined): string {
  return `${percentOf(rate).toFixed(1)}%`;
}

/** A rate as a number 0 to 100 (for chart axes), one decimal; 0 when it is not a finite number. */
export function percentOf(rate: number | null | undefined): number {
  if (typeof rate !== 'number' || !Number.isFinite(rate)) return 0;
  return Math.round(rate * 1000) / 10;
}

/** Days with one decimal ("2.3 days"). */
export function formatDays(days: number | null | undefined): string {
  const value = typeof days === 'number' && Number.isFinite(days) ? days : 0;
  const text = value.toFixed(1);
  return `${text} ${text === '1.0' ? 'day' : 'days'}`;
}

// The periods of the figures: days of creation in UTC, both ends included.

export type Period = { from: string | null; to: string | null };

function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The service gaps' default period: the last twelve months ending today, from the first day of the month eleven
 * months back, so the trend has exactly twelve whole-month rows (the last one to date).
 */
export function lastTwelveMonths(now: Date): { from: string; to: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: isoDate(start), to: isoDate(now) };
}

/** Every month (YYYY-MM) from the month of `from` to the month of `to`. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
}

/** The instant a period's first day starts, and the one after its last day ends (UTC). */
export function instantsOf(period: Period): { start: Date | null; end: Date | null } {
  return {
    start: period.from ? new Date(`${period.from}T00:00:00Z`) : null,
    end: period.to ? new Date(Date.parse(`${period.to}T00:00:00Z`) + 86_400_000) : null,
  };
}

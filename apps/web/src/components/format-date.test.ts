import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatCalendarDateMedium,
  formatDate,
  formatDateTime,
  formatDateTimeMedium,
  formatLongDate,
  formatRelativeTime,
  formatTime,
  relativeAge,
} from './format-date.ts';

const AT = '2026-11-22T10:00:05.000Z';

describe('the date and time formats', () => {
  it('writes a moment in the reader’s locale and time zone, as the screens always did', () => {
    const at = new Date(AT);
    expect(formatDateTime(AT)).toBe(at.toLocaleString());
    expect(formatDateTime(at.getTime())).toBe(at.toLocaleString());
    expect(formatDate(AT)).toBe(at.toLocaleDateString());
    expect(formatTime(at)).toBe(at.toLocaleTimeString());
    expect(formatDateTimeMedium(AT)).toBe(
      at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(formatLongDate(AT)).toBe(
      at.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }),
    );
  });

  it('shows the fallback for an absent moment', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined, 'Never')).toBe('Never');
    expect(formatDateTime('', 'Never')).toBe('Never');
    expect(formatDate(null, 'N/A')).toBe('N/A');
    expect(formatDateTimeMedium(null)).toBe('—');
    expect(formatLongDate(null)).toBe('—');
    expect(formatTime(null)).toBe('—');
  });

  it('writes a calendar date as stored, never shifted by the time zone', () => {
    expect(formatCalendarDate('1984-01-01')).toBe('01/01/1984');
    expect(formatCalendarDate('1984-12-31T00:00:00.000Z')).toBe('12/31/1984');
    expect(formatCalendarDate(null, 'N/A')).toBe('N/A');
    expect(formatCalendarDate('not a date')).toBe('—');
    expect(formatCalendarDateMedium('1984-01-01')).toBe(
      new Date(Date.UTC(1984, 0, 1)).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' }),
    );
    // Something that is not a calendar date is shown as given.
    expect(formatCalendarDateMedium('January 1984')).toBe('January 1984');
    expect(formatCalendarDateMedium(null)).toBe('—');
  });

  it('writes 003 §9 relative time: just now, minutes, hours under 24, days under 30, then the date', () => {
    const now = Date.parse(AT);
    const ago = (ms: number) => new Date(now - ms).toISOString();
    expect(formatRelativeTime(ago(30_000), now)).toBe('Just now');
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(3_600_000), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * 3_600_000), now)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(86_400_000), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(29 * 86_400_000), now)).toBe('29 days ago');
    const old = ago(30 * 86_400_000);
    expect(formatRelativeTime(old, now)).toBe(new Date(old).toLocaleDateString());
  });

  it('re-exports the relative ages the spec fixes in the domain package', () => {
    expect(relativeAge(new Date(Date.parse(AT) - 5 * 60_000), new Date(AT))).toBe('5 min ago');
  });
});

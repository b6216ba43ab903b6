// Every date and time the web app shows is written here, so one screen never shows a moment differently from
// another. Moments (ISO timestamps) are shown in the reader's locale and time zone; calendar dates (a date of
// birth, YYYY-MM-DD) are shown as stored, never shifted by a time zone. Absent values show `fallback`.
//
// The relative forms fixed by the spec live in @trust/domain (the server words some messages with them too)
// and are re-exported here so the web app imports every format from this one module.

export { formatMessageTime, noteRelativeTime, relativeAge } from '@trust/domain';

type Moment = string | number | Date;

// One Intl formatter per form, made on first use: `toLocaleString()` and its kin build a new one on every call,
// and that cost (a few milliseconds on a phone) is paid per date on a list of 50 cards and per tick of a clock
// (issue #13). The options are those the toLocale* methods use by default, so the text is the same.
const formatters = new Map<string, Intl.DateTimeFormat>();
function format(value: Moment, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(undefined, options);
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(value));
}
const DAY = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
const TIME = { hour: 'numeric', minute: 'numeric', second: 'numeric' } as const;

function present(value: Moment | null | undefined): value is Moment {
  return value !== null && value !== undefined && value !== '';
}

/** Date and time, the app's usual form ("11/22/2026, 10:00:00 AM" in en-US). */
export function formatDateTime(value: Moment | null | undefined, fallback = '—'): string {
  return present(value) ? format(value, { ...DAY, ...TIME }) : fallback;
}

/** Date and time without seconds ("Nov 22, 2026, 10:00 AM"): the cards of Referral Details and its answers. */
export function formatDateTimeMedium(value: Moment | null | undefined, fallback = '—'): string {
  return present(value) ? format(value, { dateStyle: 'medium', timeStyle: 'short' }) : fallback;
}

/** The day of a moment ("11/22/2026"). */
export function formatDate(value: Moment | null | undefined, fallback = '—'): string {
  return present(value) ? format(value, DAY) : fallback;
}

/** The day of a moment, month in words ("November 22, 2026"): the profile panel. */
export function formatLongDate(value: Moment | null | undefined, fallback = '—'): string {
  return present(value) ? format(value, { year: 'numeric', month: 'long', day: 'numeric' }) : fallback;
}

/** The time of a moment ("10:00:00 AM"): the live feed's clock. */
export function formatTime(value: Moment | null | undefined, fallback = '—'): string {
  return present(value) ? format(value, TIME) : fallback;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** A stored calendar date (YYYY-MM-DD) as MM/DD/YYYY, without the time-zone shift a Date would add. */
export function formatCalendarDate(value: string | null | undefined, fallback = '—'): string {
  const m = value ? CALENDAR_DATE.exec(value) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : fallback;
}

/** A stored calendar date (YYYY-MM-DD) in the medium form ("Nov 22, 2026"), not shifted by the time zone. */
export function formatCalendarDateMedium(value: string | null | undefined, fallback = '—'): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return value || fallback;
  const utc = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return format(utc, { dateStyle: 'medium', timeZone: 'UTC' });
}

/**
 * 003 §9 relative time (account screens: trusted devices): under a minute 'Just now', then minutes, hours
 * under 24, days under 30, then the date.
 */
export function formatRelativeTime(value: Moment, now: Date | number = Date.now()): string {
  const minutes = Math.floor((new Date(now).getTime() - new Date(value).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days} day${days === 1 ? '' : 's'} ago`;
  return formatDate(value);
}

import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../components/format-date.ts';
import { memberInitials, orNotAvailable } from './member-format.ts';

describe('member card display (000 §2.8)', () => {
  it('initials from the first and last names', () => {
    expect(memberInitials('imani', 'Okonkwo Reyes')).toBe('IO');
    expect(memberInitials('Theo', '')).toBe('T');
    expect(memberInitials('', '')).toBe('?');
  });

  it('dates of birth as MM/DD/YYYY, never shifted by the time zone', () => {
    expect(formatCalendarDate('1984-01-01', 'N/A')).toBe('01/01/1984');
    expect(formatCalendarDate(null, 'N/A')).toBe('N/A');
  });

  it('N/A for a missing phone or email', () => {
    expect(orNotAvailable(null)).toBe('N/A');
    expect(orNotAvailable('  ')).toBe('N/A');
    expect(orNotAvailable('(213) 555-0147')).toBe('(213) 555-0147');
  });
});

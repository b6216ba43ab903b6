import { describe, expect, it } from 'vitest';
import { csvField, performanceCsv, performanceCsvFilename } from './performance-csv.ts';
import { metrics } from './performance-fixtures.ts';

describe('the performance CSV', () => {
  it('quotes fields with commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  it('has one row per provider shown, with the figures and the range', () => {
    const csv = performanceCsv(
      [
        metrics({}, { organization_name: 'Smith, Jones "& Co"' }),
        metrics({
          avgMatchToCloseTime: null,
          googleRating: null,
          memberConfirmed: 0,
          memberAnswers: 0,
          memberConfirmedRate: null,
        }),
      ],
      '30d',
    );
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Provider,Organization Type,City,State,Time Range,Referrals Matched,/);
    expect(lines[0]).toContain(
      ',Match-to-Close Rating,Member-Confirmed Rate (%),Member Answers,PHI Emails Sent,',
    );
    expect(lines[1]).toBe(
      '"Smith, Jones ""& Co""",Food Bank,Los Angeles,CA,Last 30 Days,7,5,2,71.4,9,8.5,Excellent,75,4,2,92,4.5,12,Food Assistance; Case Management; Transportation; Legal Aid',
    );
    // No member answers: an empty rate, never 0.
    expect(lines[2]).toContain(',Last 30 Days,7,5,2,71.4,9,,,,0,2,92,,12,');
  });

  it('names the file by range and day', () => {
    expect(performanceCsvFilename('6m', new Date('2026-11-24T10:00:00Z'))).toBe(
      'provider-performance-6m-2026-11-24.csv',
    );
  });
});

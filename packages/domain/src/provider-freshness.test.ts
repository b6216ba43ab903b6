import { describe, expect, it } from 'vitest';
import {
  completenessOf,
  DATA_QUALITY_COMPLETENESS_POINTS,
  DATA_QUALITY_RECENCY_POINTS,
  DAY_MS,
  type DataQualityInput,
  dataQualityScore,
  daysSinceVerified,
  FRESHNESS_MESSAGES,
  isOutOfDate,
  recencyPoints,
  staleBefore,
} from './provider-freshness.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

/** A listing with every field a coordinator relies on, confirmed today. */
const complete: DataQualityInput = {
  phone: '(213) 555-0170',
  address: '410 Alder Ave',
  zipCode: '90012',
  latitude: 34.06,
  longitude: -118.24,
  services: ['Food Assistance'],
  email: 'intake@marigold.example.org',
  website: 'https://marigold.example.org',
  languages: ['English'],
  hoursOfOperation: { monday: '9:00 AM - 5:00 PM' },
  lastVerifiedAt: NOW,
  registryStatus: 'active',
  now: NOW,
  staleAfterDays: 180,
};

describe('the data quality score (issue #18 item 7)', () => {
  it('weighs completeness 60 and recency 40', () => {
    const total = Object.values(DATA_QUALITY_COMPLETENESS_POINTS).reduce((a, b) => a + b, 0);
    expect(total).toBe(60);
    expect(DATA_QUALITY_RECENCY_POINTS).toBe(40);
    expect(dataQualityScore(complete)).toBe(100);
  });

  it('counts each missing field out, blanks as missing', () => {
    expect(dataQualityScore({ ...complete, phone: null })).toBe(88);
    expect(dataQualityScore({ ...complete, phone: '   ' })).toBe(88);
    expect(dataQualityScore({ ...complete, services: [] })).toBe(88);
    expect(dataQualityScore({ ...complete, latitude: null })).toBe(92);
    expect(dataQualityScore({ ...complete, email: '', website: null })).toBe(90);
    expect(dataQualityScore({ ...complete, hoursOfOperation: { monday: ' ' } })).toBe(96);
    expect(dataQualityScore({ ...complete, hoursOfOperation: null })).toBe(96);
    // A bare registry record: name, address, ZIP, coordinates, phone and services, no hours or languages.
    const registry = { ...complete, email: null, website: null, languages: [], hoursOfOperation: {} };
    expect(dataQualityScore(registry)).toBe(82);
    expect(completenessOf(registry)).toMatchObject({
      email: false,
      languages: false,
      hours: false,
      phone: true,
    });
  });

  it('keeps full recency for half the stale time, then loses it in a straight line to the stale time', () => {
    expect(recencyPoints(0, 180)).toBe(40);
    expect(recencyPoints(90, 180)).toBe(40);
    expect(recencyPoints(135, 180)).toBe(20);
    expect(recencyPoints(180, 180)).toBe(0);
    expect(recencyPoints(400, 180)).toBe(0);
    expect(dataQualityScore({ ...complete, lastVerifiedAt: daysAgo(90) })).toBe(100);
    expect(dataQualityScore({ ...complete, lastVerifiedAt: daysAgo(135) })).toBe(80);
    // Before going out of date a complete listing falls below the call-first line (70).
    expect(dataQualityScore({ ...complete, lastVerifiedAt: daysAgo(170) })).toBe(64);
    expect(dataQualityScore({ ...complete, lastVerifiedAt: daysAgo(181) })).toBe(60);
    // The stale time is the deployment's: 90 days halves the windows.
    expect(dataQualityScore({ ...complete, lastVerifiedAt: daysAgo(135), staleAfterDays: 90 })).toBe(60);
  });

  it('counts whole days, and a confirmation in the future as today', () => {
    expect(daysSinceVerified(new Date(NOW.getTime() - DAY_MS + 1), NOW)).toBe(0);
    expect(daysSinceVerified(daysAgo(1), NOW)).toBe(1);
    expect(daysSinceVerified(new Date(NOW.getTime() + DAY_MS), NOW)).toBe(0);
  });

  it('rounds half up, as the SQL mirror does', () => {
    // 60 + 2·40·(180 − 91)/180 = 99.55… → 100; 56 + 2·40·(180 − 171)/180 = 60
    expect(dataQualityScore({ ...complete, lastVerifiedAt: daysAgo(91) })).toBe(100);
    expect(dataQualityScore({ ...complete, website: null, lastVerifiedAt: daysAgo(171) })).toBe(60);
    // 2·40·(8 − 5)/8 = 30 exactly; 60 + 2·40·(12 − 7)/12 = 93.33… → 93.
    expect(recencyPoints(5, 8)).toBe(30);
    expect(dataQualityScore({ ...complete, lastVerifiedAt: daysAgo(7), staleAfterDays: 12 })).toBe(93);
  });

  it('scores a deactivated NPI at a sixth of its completeness, whatever its recency', () => {
    expect(dataQualityScore({ ...complete, registryStatus: 'deactivated' })).toBe(10);
    expect(
      dataQualityScore({ ...complete, registryStatus: 'deactivated', lastVerifiedAt: daysAgo(999) }),
    ).toBe(10);
    // 30 / 6 = 5; 38 / 6 = 6.33… → 6
    expect(
      dataQualityScore({
        ...complete,
        registryStatus: 'deactivated',
        phone: null,
        services: [],
        email: null,
      }),
    ).toBe(5);
    expect(
      dataQualityScore({
        ...complete,
        registryStatus: 'deactivated',
        phone: null,
        email: null,
        website: null,
      }),
    ).toBe(6);
  });
});

describe('"may be out of date"', () => {
  it("is the issue's text", () => {
    expect(FRESHNESS_MESSAGES.mayBeOutOfDate).toBe('may be out of date');
  });

  it('marks a listing nobody confirmed for longer than the stale time', () => {
    expect(isOutOfDate(daysAgo(179), NOW, 180)).toBe(false);
    expect(isOutOfDate(daysAgo(180), NOW, 180)).toBe(false);
    expect(isOutOfDate(new Date(daysAgo(180).getTime() - 1), NOW, 180)).toBe(true);
    expect(isOutOfDate(daysAgo(400), NOW, 180)).toBe(true);
    expect(isOutOfDate(daysAgo(40), NOW, 30)).toBe(true);
    expect(staleBefore(NOW, 180)).toEqual(daysAgo(180));
  });
});

import { describe, expect, it } from 'vitest';
import {
  acceptanceFactor,
  capacityFactor,
  distanceFactor,
  languageFactor,
  MATCH_WEIGHTS,
  matchScoreColor,
  matchScorePercent,
  memberConfirmedFactor,
  OUT_OF_DATE_MATCH_PENALTY,
  qualityFactor,
  scoreMatch,
  servicesFactor,
  servicesForNeeds,
} from './match-score.ts';

const ideal = {
  distanceMiles: 0,
  services: ['Food Assistance'],
  languages: ['English'],
  capacityStatus: 'accepting',
  capacityWaitDays: null,
  dataQualityScore: 100,
  acceptance: { accepted: 198, total: 198 },
  memberConfirmed: { yes: 198, answered: 198 },
};

describe('match score factors', () => {
  it('distance: 1 at the door, 0.5 at 25 miles, 0 at 50 and for an unknown distance (999 fallback)', () => {
    expect(distanceFactor(0).value).toBe(1);
    expect(distanceFactor(25).value).toBe(0.5);
    expect(distanceFactor(50).value).toBe(0);
    expect(distanceFactor(80).value).toBe(0);
    expect(distanceFactor(null)).toEqual({ value: 0, detail: 'Distance unknown (no location)' });
    expect(distanceFactor(12.34).detail).toBe('12.3 miles from the member');
  });

  it('services: the share of needs served, by the need itself or its directory name', () => {
    expect(servicesFactor(['Food Assistance', 'Transportation'], ['Food Assistance']).value).toBe(0.5);
    expect(servicesFactor(['Mental Health Support'], ['Behavioral Health']).value).toBe(1);
    expect(servicesFactor(['Legal Services'], ['Food Assistance'])).toEqual({
      value: 0,
      detail: 'Serves none of the needs (Legal Services)',
    });
    expect(servicesFactor([], []).value).toBe(1);
    expect(servicesForNeeds(['Legal Services'])).toEqual(['Legal Services', 'Legal Aid']);
  });

  it("language: speaks the member's language (names compared by their core word)", () => {
    expect(languageFactor('Spanish', ['English', 'Spanish']).value).toBe(1);
    expect(languageFactor('Mandarin', ['Chinese (Mandarin)']).value).toBe(1);
    expect(languageFactor('Korean', ['English']).value).toBe(0);
    expect(languageFactor('', ['English']).value).toBe(1);
    expect(languageFactor('Korean', []).value).toBe(0.5);
  });

  it('capacity: accepting 1, waitlist shrinking with the wait, full 0', () => {
    expect(capacityFactor('accepting', null).value).toBe(1);
    expect(capacityFactor('waitlist', 0).value).toBe(0.5);
    expect(capacityFactor('waitlist', 30).value).toBeCloseTo(0.3);
    expect(capacityFactor('waitlist', 365).value).toBe(0.1);
    expect(capacityFactor('full', null).value).toBe(0);
  });

  it('quality: score / 100, unrated 0.5', () => {
    expect(qualityFactor(85).value).toBe(0.85);
    expect(qualityFactor(null).value).toBe(0.5);
  });

  it('acceptance: smoothed, 0.5 without history, moved by each outcome', () => {
    expect(acceptanceFactor(0, 0)).toEqual({ value: 0.5, detail: 'No past outcomes yet' });
    expect(acceptanceFactor(0, 1).value).toBeCloseTo(1 / 3);
    expect(acceptanceFactor(3, 3).value).toBeCloseTo(0.8);
    expect(acceptanceFactor(1, 4).detail).toBe('1 of 4 past matches accepted');
  });

  it('member-confirmed: smoothed like acceptance, 0.5 before any answer, moved by each YES or NO', () => {
    expect(memberConfirmedFactor(0, 0)).toEqual({ value: 0.5, detail: 'No member answers yet' });
    expect(memberConfirmedFactor(1, 1).value).toBeCloseTo(2 / 3);
    expect(memberConfirmedFactor(0, 1).value).toBeCloseTo(1 / 3);
    expect(memberConfirmedFactor(3, 4)).toEqual({
      value: 4 / 6,
      detail: '3 of 4 members confirmed they were helped',
    });
    expect(memberConfirmedFactor(0, 1000).value).toBeLessThan(0.001);
  });
});

describe('scoreMatch', () => {
  it('weights sum to 1, so the score stays within 0-1', () => {
    expect(Object.values(MATCH_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    expect(scoreMatch({ needs: ['Food Assistance'], language: 'English' }, ideal).score).toBe(0.999);
    const worst = scoreMatch(
      { needs: ['Legal Services'], language: 'Korean' },
      {
        ...ideal,
        distanceMiles: null,
        languages: ['English'],
        capacityStatus: 'full',
        dataQualityScore: 0,
        acceptance: { accepted: 0, total: 1000 },
        memberConfirmed: { yes: 0, answered: 1000 },
      },
    );
    expect(worst.score).toBe(0);
  });

  it('gives one reason per factor, in a fixed order, with its weight', () => {
    const { reasons } = scoreMatch({ needs: ['Food Assistance'], language: 'English' }, ideal);
    expect(reasons.map((r) => [r.factor, r.weight])).toEqual(Object.entries(MATCH_WEIGHTS));
    expect(reasons[0]).toMatchObject({ label: 'Distance', value: 1, detail: '0 miles from the member' });
    expect(reasons.at(-1)).toMatchObject({
      factor: 'member_confirmed',
      label: 'Member-confirmed',
      weight: 0.075,
      detail: '198 of 198 members confirmed they were helped',
    });
  });

  it('keeps distance and services dominant: together more than every other factor', () => {
    const { distance, services, ...rest } = MATCH_WEIGHTS;
    expect(distance + services).toBeGreaterThan(Object.values(rest).reduce((a, b) => a + b, 0));
  });

  it("orders two otherwise equal providers by their members' answers", () => {
    const referral = { needs: ['Food Assistance'], language: 'English' };
    const unknown = scoreMatch(referral, { ...ideal, memberConfirmed: { yes: 0, answered: 0 } });
    const confirmed = scoreMatch(referral, { ...ideal, memberConfirmed: { yes: 3, answered: 4 } });
    const denied = scoreMatch(referral, { ...ideal, memberConfirmed: { yes: 1, answered: 4 } });
    expect(confirmed.score).toBeGreaterThan(unknown.score);
    expect(unknown.score).toBeGreaterThan(denied.score);
    const reason = (s: typeof unknown) => s.reasons.find((r) => r.factor === 'member_confirmed')!;
    expect(reason(unknown)).toMatchObject({ value: 0.5, detail: 'No member answers yet' });
    expect(reason(confirmed)).toMatchObject({
      value: 0.667,
      detail: '3 of 4 members confirmed they were helped',
    });
    // One YES against one NO is worth about four miles (0.075 × 1/3 vs 0.3 × miles / 50): it breaks near-ties,
    // it does not send a member across town.
    const no = { yes: 0, answered: 1 };
    const yes = { yes: 1, answered: 1 };
    const near = (miles: number, memberConfirmed: typeof no) =>
      scoreMatch(referral, { ...ideal, distanceMiles: miles, memberConfirmed }).score;
    expect(near(1, no)).toBeLessThan(near(4, yes));
    expect(near(1, no)).toBeGreaterThan(near(6, yes));
  });

  it('a nearer provider outranks a farther one, all else equal', () => {
    const referral = { needs: ['Food Assistance'], language: 'English' };
    const near = scoreMatch(referral, { ...ideal, distanceMiles: 2 }).score;
    const far = scoreMatch(referral, { ...ideal, distanceMiles: 20 }).score;
    expect(near).toBeGreaterThan(far);
  });

  it('demotes an out-of-date listing as if it were 15 miles farther, with a reason line (issue #18 item 7)', () => {
    const referral = { needs: ['Food Assistance'], language: 'English' };
    const lastVerifiedAt = new Date('2025-09-30T08:00:00.000Z');
    const at = (miles: number, outOfDate: boolean) =>
      scoreMatch(referral, { ...ideal, distanceMiles: miles, freshness: { lastVerifiedAt, outOfDate } });
    expect(OUT_OF_DATE_MATCH_PENALTY).toBe(0.09);
    const fresh = at(2, false);
    const stale = at(2, true);
    expect(fresh.reasons.map((r) => r.factor)).toEqual(Object.keys(MATCH_WEIGHTS));
    expect(stale.score).toBeCloseTo(fresh.score - 0.09, 3);
    expect(stale.score).toBeCloseTo(at(17, false).score, 3);
    expect(at(10, false).score).toBeGreaterThan(stale.score);
    expect(stale.reasons.at(-1)).toEqual({
      factor: 'out_of_date',
      label: 'May be out of date',
      value: 1,
      weight: -0.09,
      detail: 'Listing may be out of date: last verified 2025-09-30',
    });
    // Never below 0.
    expect(
      scoreMatch(
        { needs: ['Legal Services'], language: 'Korean' },
        {
          ...ideal,
          distanceMiles: null,
          capacityStatus: 'full',
          freshness: { lastVerifiedAt, outOfDate: true },
        },
      ).score,
    ).toBeGreaterThanOrEqual(0);
  });
});

describe('match score colour (001 §9)', () => {
  it('80%+ green, 60%+ yellow, else red', () => {
    expect(matchScoreColor(0.8)).toBe('green');
    expect(matchScoreColor(0.79)).toBe('yellow');
    expect(matchScoreColor(0.6)).toBe('yellow');
    expect(matchScoreColor(0.59)).toBe('red');
    expect(matchScorePercent(0.843)).toBe('84%');
  });
});

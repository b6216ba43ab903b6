import { describe, expect, it } from 'vitest';
import {
  ageBand,
  claimFeedCard,
  type FeedCard,
  feedCardAt,
  feedCardSchema,
  feedDetailFor,
  fullCardOrganizations,
  maskFeedCard,
  maskMedicaidId,
  maskMemberPhone,
  maskName,
  maskProvider,
  maskZip,
} from './live-feed.ts';

describe('000 §2.6 masking for signed-out visitors', () => {
  it('names become initials', () => {
    expect(maskName('maria', 'Lopez Garcia')).toBe('M. L.');
    expect(maskName('Cher', '')).toBe('C.');
  });

  it('the Medicaid ID keeps its last four characters only', () => {
    expect(maskMedicaidId('CA123456789')).toBe('****6789');
    expect(maskMedicaidId('12')).toBe('****12');
  });

  it('phones are masked entirely, providers keep first letters, ZIPs three digits', () => {
    expect(maskMemberPhone('(213) 555-0101')).toBe('(***) ***-****');
    expect(maskMemberPhone(null)).toBeNull();
    expect(maskProvider('Dr. Ann Lee')).toBe('D*** A*** L***');
    expect(maskProvider('  ')).toBeNull();
    expect(maskZip('90001-1234')).toBe('900**');
    expect(maskZip('12')).toBeNull();
  });

  it('a masked card carries no full identifying value, no diagnosis, no age band or availability', () => {
    const masked = maskFeedCard(fullCard);
    expect(masked).toMatchObject({
      detail: 'masked',
      masked: true,
      member_name: 'M. L.',
      medicaid_id: '****6789',
      phone_number: '(***) ***-****',
      zip_code: '900**',
      primary_diagnosis: null,
      referring_provider: 'D*** A*** L***',
      availability: null,
      age_band: null,
      sdoh_needs: ['Food Assistance'],
    });
    expect(feedCardSchema.parse(masked)).toEqual(masked);
    const text = JSON.stringify(masked);
    for (const secret of ['Maria', 'Lopez', 'CA12345', '555-0101', '90001', 'Asthma', 'Ann Lee', '45–64']) {
      expect(text).not.toContain(secret);
    }
  });
});

const fullCard: FeedCard = {
  id: 1,
  referral_number: '1234567890',
  status: 'pending',
  detail: 'full',
  masked: false,
  member_name: 'Maria Lopez Garcia',
  medicaid_id: 'CA123456789',
  phone_number: '(213) 555-0101',
  zip_code: '90001',
  city: 'Los Angeles',
  state: 'CA',
  preferred_language: 'Spanish',
  availability: 'Weekends',
  age_band: '45–64',
  sdoh_needs: ['Food Assistance'],
  housing_subcategories: [],
  transportation_subcategories: ['Non-Emergency Medical Transportation (NEMT)'],
  urgency: 'Within 1 Week',
  urgency_level: 'Urgent',
  primary_diagnosis: 'Asthma',
  referring_provider: 'Dr. Ann Lee',
  referred_by: 'Golden Valley Health Plan',
  created_at: '2026-01-01T00:00:00.000Z',
  matched_provider_id: null,
  acceptance_status: null,
  expires_at: null,
};

describe('minimum necessary: the level of card each reader gets (issue #12)', () => {
  const parties = { referring_org_id: 10, matched_org_id: 20 };

  it('full for the referring and the matched provider organization, claim for other signed-in readers', () => {
    expect(feedDetailFor({ signed_in: true, org_id: 10 }, parties)).toBe('full');
    expect(feedDetailFor({ signed_in: true, org_id: 20 }, parties)).toBe('full');
    expect(feedDetailFor({ signed_in: true, org_id: 30 }, parties)).toBe('claim');
    expect(feedDetailFor({ signed_in: true, org_id: null }, parties)).toBe('claim');
    expect(feedDetailFor({ signed_in: true, org_id: 20 }, { ...parties, matched_org_id: null })).toBe(
      'claim',
    );
    // Signed out, whatever the organization claimed: masked.
    expect(feedDetailFor({ signed_in: false, org_id: 10 }, parties)).toBe('masked');
  });

  it('names each organization that gets the full card once', () => {
    expect(fullCardOrganizations(parties)).toEqual([10, 20]);
    expect(fullCardOrganizations({ referring_org_id: 10, matched_org_id: 10 })).toEqual([10]);
    expect(fullCardOrganizations({ referring_org_id: 10, matched_org_id: null })).toEqual([10]);
  });

  it('a claim card keeps what a claim is decided on and nothing that identifies the member', () => {
    const claim = claimFeedCard(fullCard);
    expect(claim).toEqual({
      ...fullCard,
      detail: 'claim',
      masked: false,
      member_name: 'M. L.',
      medicaid_id: null,
      phone_number: null,
      primary_diagnosis: null,
      referring_provider: null,
    });
    expect(claim).toMatchObject({
      zip_code: '90001',
      city: 'Los Angeles',
      availability: 'Weekends',
      age_band: '45–64',
      urgency: 'Within 1 Week',
      urgency_level: 'Urgent',
      transportation_subcategories: ['Non-Emergency Medical Transportation (NEMT)'],
      referred_by: 'Golden Valley Health Plan',
    });
    expect(feedCardSchema.parse(claim)).toEqual(claim);
    const text = JSON.stringify(claim);
    for (const secret of [
      'Maria',
      'Lopez',
      'Garcia',
      'CA123456789',
      '****',
      '555-0101',
      'Asthma',
      'Ann Lee',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('a field added to the full card does not reach the other levels by itself', () => {
    const extended = { ...fullCard, date_of_birth: '1975-02-03', email: 'm@example.org' } as FeedCard;
    for (const card of [claimFeedCard(extended), maskFeedCard(extended)]) {
      expect(JSON.stringify(card)).not.toMatch(/1975|example\.org/);
    }
  });

  it('feedCardAt picks the builder of the level', () => {
    expect(feedCardAt(fullCard, 'full')).toBe(fullCard);
    expect(feedCardAt(fullCard, 'claim')).toEqual(claimFeedCard(fullCard));
    expect(feedCardAt(fullCard, 'masked')).toEqual(maskFeedCard(fullCard));
  });
});

describe('ageBand: the band of a date of birth, never the date', () => {
  const on = new Date('2026-06-15T12:00:00Z');
  it.each([
    ['2026-06-15', '0–17'],
    ['2008-06-16', '0–17'],
    ['2008-06-15', '18–25'],
    ['2000-06-16', '18–25'],
    ['2000-06-15', '26–44'],
    ['1981-06-16', '26–44'],
    ['1981-06-15', '45–64'],
    ['1961-06-16', '45–64'],
    ['1961-06-15', '65+'],
    ['1920-01-01', '65+'],
  ])('%s → %s', (dob, band) => {
    expect(ageBand(dob, on)).toBe(band);
  });

  it('null for a missing, malformed or future date', () => {
    for (const dob of [null, undefined, '', '06/15/1980', '1980-13-01', '1980-00-10', '2026-06-16']) {
      expect(ageBand(dob, on)).toBeNull();
    }
  });
});

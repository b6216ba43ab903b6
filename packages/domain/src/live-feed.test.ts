import { describe, expect, it } from 'vitest';
import {
  type FeedCard,
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

  it('a masked card carries no full identifying value and no diagnosis', () => {
    const card: FeedCard = {
      id: 1,
      referral_number: '1234567890',
      status: 'pending',
      masked: false,
      member_name: 'Maria Lopez Garcia',
      medicaid_id: 'CA123456789',
      phone_number: '(213) 555-0101',
      zip_code: '90001',
      city: 'Los Angeles',
      state: 'CA',
      preferred_language: 'Spanish',
      sdoh_needs: ['Food Assistance'],
      housing_subcategories: [],
      transportation_subcategories: [],
      urgency_level: 'Urgent',
      primary_diagnosis: 'Asthma',
      referring_provider: 'Dr. Ann Lee',
      referred_by: 'Golden Valley Health Plan',
      created_at: '2026-01-01T00:00:00.000Z',
      matched_provider_id: null,
      acceptance_status: null,
      expires_at: null,
    };
    const masked = maskFeedCard(card);
    expect(masked).toMatchObject({
      masked: true,
      member_name: 'M. L.',
      medicaid_id: '****6789',
      phone_number: '(***) ***-****',
      zip_code: '900**',
      primary_diagnosis: null,
      referring_provider: 'D*** A*** L***',
      sdoh_needs: ['Food Assistance'],
    });
    const text = JSON.stringify(masked);
    for (const secret of ['Maria', 'Lopez', 'CA12345', '555-0101', '90001', 'Asthma', 'Ann Lee']) {
      expect(text).not.toContain(secret);
    }
  });
});

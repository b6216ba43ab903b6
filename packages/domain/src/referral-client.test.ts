import { describe, expect, it } from 'vitest';
import { splitMemberName, toClientReferral, toServerPayload } from './referral-client.ts';
import { referralCreateSchema } from './referral-payloads.ts';
import type { Referral } from './referral-record.ts';

const server: Referral = {
  id: 7,
  referral_number: '1234567890',
  organization_id: 1,
  created_by: 3,
  member_id: null,
  first_name: 'Maria',
  last_name: 'Lopez Garcia',
  phone_number: '(213) 555-0101',
  email: 'maria@example.org',
  date_of_birth: '1980-02-03',
  zip_code: '90001',
  preferred_language: 'Spanish',
  street_address: null,
  city: 'Los Angeles',
  state: 'CA',
  country: 'USA',
  medicaid_id: 'CA123456789',
  health_plan: 'Health Net',
  plan_type: 'Managed Care',
  provider_name: 'Dr. Ann Lee',
  npi_number: '1234567890',
  organization: 'Sunrise Medical Group',
  provider_phone_number: '(213) 555-0199',
  primary_diagnosis: 'Asthma',
  risk_score: null,
  availability: 'Anytime',
  urgency: 'Immediate',
  urgency_level: 'Emergency',
  additional_notes: null,
  sdoh_needs: ['Housing Assistance'],
  housing_subcategories: ['Housing navigation'],
  transportation_subcategories: [],
  prior_authorization_required: true,
  member_consent_obtained: true,
  hipaa_compliant: true,
  use_matching_engine: false,
  status: 'pending',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  matched_provider_id: null,
  matched_at: null,
  match_method: null,
  acceptance_status: null,
  accepted_at: null,
  rejected_at: null,
  rejection_reason: null,
  expires_at: null,
  phi_email_sent: false,
  email_sent_to: null,
  emergency_contact_name: null,
  emergency_contact_phone: null,
  matched_provider: null,
  viewer_role: 'owner',
};

describe('client shape mapping (000 §3.1–§3.4)', () => {
  it('splits names: first word, then the rest', () => {
    expect(splitMemberName('  Maria  Lopez Garcia ')).toEqual({
      firstName: 'Maria',
      lastName: 'Lopez Garcia',
    });
    expect(splitMemberName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('server → client nests the referring provider and keeps the chosen urgency', () => {
    const c = toClientReferral(server);
    expect(c).toMatchObject({
      memberName: 'Maria Lopez Garcia',
      memberMedicaidId: 'CA123456789',
      referringProvider: {
        name: 'Dr. Ann Lee',
        npi: '1234567890',
        organization: 'Sunrise Medical Group',
        phone: '(213) 555-0199',
      },
      urgencyLevel: 'Immediate',
      timeline: 'Immediate',
      authorizationRequired: true,
      consentObtained: true,
      useMatchingEngine: false,
    });
    expect(toClientReferral({ ...server, email: null }).email).toBe('');
    expect('riskScore' in c).toBe(false);
    // Issue #14: Within 1 Week is shown as chosen, though its server value is Urgent.
    const week = toClientReferral({ ...server, urgency: 'Within 1 Week', urgency_level: 'Urgent' });
    expect(week).toMatchObject({ urgencyLevel: 'Within 1 Week', timeline: 'Within 1 Week' });
    // A record without a chosen level falls back to the 000 §3.2 reverse mapping.
    expect(toClientReferral({ ...server, urgency: '', urgency_level: 'Urgent' }).urgencyLevel).toBe(
      'Within 24h',
    );
    expect(toClientReferral({ ...server, urgency: 'Soon', urgency_level: 'Whatever' }).urgencyLevel).toBe(
      'Routine',
    );
  });

  it('keeps how many providers the engine matched at create, only when the server says (issue #14 item 8)', () => {
    expect(toClientReferral(server)).not.toHaveProperty('matchedProviderCount');
    const created = { ...server, use_matching_engine: true, status: 'matched', matched_provider_count: 4 };
    expect(toClientReferral(created).matchedProviderCount).toBe(4);
    expect(toClientReferral({ ...server, matched_provider_count: 0 }).matchedProviderCount).toBe(0);
  });

  it('client → server round-trips and passes the server schema', () => {
    const payload = toServerPayload(toClientReferral(server));
    expect(payload).toMatchObject({
      first_name: 'Maria',
      last_name: 'Lopez Garcia',
      provider_name: 'Dr. Ann Lee',
      urgency: 'Immediate',
      use_matching_engine: false,
    });
    expect(referralCreateSchema.safeParse(payload).success).toBe(true);
    // Issue #14: the chosen level goes as it is; the server derives urgency_level.
    const week = toServerPayload({ urgencyLevel: 'Within 1 Week' });
    expect(week.urgency).toBe('Within 1 Week');
    expect(week).not.toHaveProperty('urgency_level');
  });

  it('an empty form gets the §3.4 defaults', () => {
    expect(toServerPayload({})).toMatchObject({
      country: 'USA',
      plan_type: 'Managed Care',
      urgency: 'Routine',
      prior_authorization_required: false,
      member_consent_obtained: false,
      hipaa_compliant: true,
      use_matching_engine: true,
      preferred_language: 'English',
    });
  });
});

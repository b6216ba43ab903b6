import type { Referral, ReferralList } from '@trust/domain';

// Made-up referrals for web tests, in the server shape (000 §3.2) the API answers. No sample data of the
// original product (spec/README.md).

export function makeReferral(overrides: Partial<Referral> = {}): Referral {
  return {
    id: 101,
    referral_number: '4821093756',
    organization_id: 1,
    created_by: 7,
    member_id: 31,
    first_name: 'Imani',
    last_name: 'Okonkwo Reyes',
    phone_number: '(213) 555-0147',
    email: 'imani.or@example.test',
    date_of_birth: '1984-06-12',
    zip_code: '90012',
    preferred_language: 'English',
    street_address: '410 Alder Way',
    city: 'Los Angeles',
    state: 'CA',
    country: 'USA',
    medicaid_id: 'CA918273645',
    health_plan: 'Health Net',
    plan_type: 'Managed Care',
    provider_name: 'Dr. Priya Natarajan',
    npi_number: '1902837465',
    organization: 'Eastside Medical Group',
    provider_phone_number: '(213) 555-0190',
    primary_diagnosis: 'Type 2 diabetes (E11.9)',
    risk_score: 62,
    availability: 'Weekdays 9am-5pm',
    urgency: 'Within 24h',
    urgency_level: 'Urgent',
    additional_notes: 'Prefers calls after 3 pm.',
    sdoh_needs: ['Housing Assistance', 'Food Assistance'],
    housing_subcategories: ['Housing navigation'],
    transportation_subcategories: [],
    prior_authorization_required: false,
    member_consent_obtained: true,
    hipaa_compliant: true,
    use_matching_engine: true,
    status: 'pending',
    created_at: '2026-11-20T15:30:00.000Z',
    updated_at: '2026-11-20T15:30:00.000Z',
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
    ...overrides,
  };
}

/** A referral matched to a community provider and waiting for its answer (000 §4.2). */
export function makeMatchedReferral(overrides: Partial<Referral> = {}): Referral {
  return makeReferral({
    status: 'matched',
    matched_provider_id: 55,
    matched_at: '2026-11-21T09:00:00.000Z',
    match_method: 'claim',
    acceptance_status: 'pending',
    expires_at: '2026-11-28T09:00:00.000Z',
    matched_provider: {
      id: 55,
      name: 'Bayview Family Resource Center',
      organization_type: 'Community-Based Organization',
      services: ['Housing Assistance', 'Food Assistance', 'Childcare Support', 'Legal Services'],
      phone: '(213) 555-0133',
      email: 'intake@bayview.example.test',
      city: 'Los Angeles',
      state: 'CA',
      organization_id: 3,
    },
    ...overrides,
  });
}

export function makeReferralList(referrals: Referral[], overrides: Partial<ReferralList> = {}): ReferralList {
  const count = (s: string) => referrals.filter((r) => r.status === s).length;
  return {
    referrals,
    total: referrals.length,
    page: 1,
    page_size: 50,
    counts: {
      all: referrals.length,
      assigned: ['matched', 'authorized', 'in_progress', 'completed'].reduce((n, s) => n + count(s), 0),
      pending: count('pending'),
      matched: count('matched'),
      authorized: count('authorized'),
      accepted: count('accepted'),
      in_progress: count('in_progress'),
      on_hold: count('on_hold'),
      completed: count('completed'),
      rejected: count('rejected'),
      expired: count('expired'),
      cancelled: count('cancelled'),
    },
    member_referral_counts: {},
    ...overrides,
  };
}

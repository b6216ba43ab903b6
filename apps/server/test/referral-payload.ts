/**
 * The body of POST /api/referrals for a new Pending referral with a Medicaid ID of its own (`seq` makes it
 * unique within a test file). It names a made-up member, so tests can check the name never reaches a stream.
 */
export function referralPayload(seq: number, overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Octavia',
    last_name: 'Pemberton',
    phone_number: '(415) 555-7302',
    email: 'o.p@example.org',
    date_of_birth: '1968-02-03',
    primary_diagnosis: 'Congestive heart failure',
    zip_code: '94110',
    city: 'San Francisco',
    state: 'CA',
    medicaid_id: `SB${String(800000000 + seq)}`,
    health_plan: 'Health Net',
    npi_number: '1234567890',
    organization: 'Mission Clinic',
    provider_name: 'Dr. Ada Finch',
    provider_phone_number: '(415) 555-0100',
    availability: 'Anytime',
    urgency_level: 'Urgent',
    sdoh_needs: ['Food Assistance'],
    member_consent_obtained: true,
    ...overrides,
  };
}

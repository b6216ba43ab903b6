import type { BillingActivity, Program, ProgramList } from '@trust/domain';

// Programs and billing activities as the server sends them (002 §3), for the web tests.

export function makeProgram(overrides: Partial<Program> = {}): Program {
  return {
    id: 1,
    name: 'Enhanced Care Management',
    program_type: 'enhanced_care_management',
    description: 'Whole-person care management',
    is_active: true,
    start_date: '2026-01-01',
    end_date: null,
    capacity: 10,
    current_enrollment: 4,
    enrollment_count: 6,
    billing_activity_count: 2,
    funding_source: 'Medi-Cal',
    billing_code: 'G9008',
    reimbursement_rate: 425,
    eligibility_criteria: null,
    services_offered: ['care_coordination'],
    program_manager_name: 'Dana Whitfield',
    program_manager_email: 'dana@example.org',
    program_manager_phone: null,
    created_ts: '2026-01-01T00:00:00.000Z',
    last_updated_ts: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeProgramList(programs: Program[], overrides: Partial<ProgramList> = {}): ProgramList {
  return {
    programs,
    total: programs.length,
    page: 1,
    page_size: 25,
    stats: {
      total: programs.length,
      active: programs.length,
      inactive: 0,
      total_capacity: 10,
      current_enrollment: 4,
    },
    ...overrides,
  };
}

export function makeBillingActivity(overrides: Partial<BillingActivity> = {}): BillingActivity {
  return {
    id: 11,
    program_id: 1,
    activity_name: 'ECM outreach attempt',
    activity_code: 'ECM-OUT',
    activity_type: 'outreach',
    description: null,
    cpt_code: null,
    hcpcs_code: 'G9008',
    revenue_code: null,
    modifier_1: 'U1',
    modifier_2: null,
    billing_unit: 'per_encounter',
    rate_per_unit: 40,
    mcp_id: null,
    max_units_per_day: 1,
    max_units_per_month: 6,
    place_of_service: null,
    is_bundled: false,
    bundled_activities: [],
    requires_prior_auth: true,
    requires_supervision: false,
    min_credentials_required: null,
    is_active: true,
    effective_date: null,
    expiration_date: null,
    created_ts: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

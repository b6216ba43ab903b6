import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  formatPhoneDigits,
  REFERRAL_MESSAGES,
  referralCreateSchema,
  referralPutSchema,
  referralUpdateSchema,
} from './referral-payloads.ts';
import {
  AVAILABILITY_OPTIONS,
  CLIENT_URGENCIES,
  chosenUrgency,
  clientUrgenciesOf,
  HEALTH_PLANS,
  HOUSING_NEED,
  HOUSING_SUBCATEGORIES,
  LANGUAGES,
  OTHER_NEEDS,
  PLAN_TYPES,
  SERVER_URGENCIES,
  TRANSPORTATION_NEED,
  TRANSPORTATION_SUBCATEGORIES,
} from './referrals.ts';
import { US_STATES } from './us-states.ts';

const valid = {
  first_name: 'Maria',
  last_name: 'Lopez Garcia',
  phone_number: '2135550101',
  email: 'maria@example.org',
  date_of_birth: '1980-02-03',
  zip_code: '90001',
  medicaid_id: 'CA123456789',
  health_plan: 'Health Net',
  provider_name: 'Dr. Ann Lee',
  npi_number: '1234567890',
  organization: 'Sunrise Medical Group',
  provider_phone_number: '7135550199',
  primary_diagnosis: 'Type 2 diabetes',
  availability: 'Anytime',
  member_consent_obtained: true,
  sdoh_needs: ['Food Assistance'],
};

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('referral create payload (000 §5.1, §5.3)', () => {
  it('accepts a minimal valid referral and applies the defaults', () => {
    const data = referralCreateSchema.parse(valid);
    expect(data).toMatchObject({
      country: 'USA',
      preferred_language: 'English',
      plan_type: 'Managed Care',
      hipaa_compliant: true,
      use_matching_engine: true,
      prior_authorization_required: false,
      phone_number: '(213) 555-0101',
      risk_score: null,
      street_address: null,
      housing_subcategories: [],
    });
  });

  it('reports every §5.1 message and every §5.2 required field together, on its field', () => {
    const result = referralCreateSchema.safeParse({ member_consent_obtained: false });
    expect(result.success).toBe(false);
    expect(fieldErrors(result)).toEqual({
      first_name: REFERRAL_MESSAGES.firstNameRequired,
      last_name: REFERRAL_MESSAGES.lastNameRequired,
      medicaid_id: REFERRAL_MESSAGES.medicaidIdRequired,
      primary_diagnosis: REFERRAL_MESSAGES.diagnosisRequired,
      member_consent_obtained: 'Member consent must be obtained before submitting the referral.',
      sdoh_needs: 'Please select at least one social determinant of health need.',
      phone_number: 'Phone number is required.',
      email: 'Email is required.',
      date_of_birth: 'Date of birth is required.',
      zip_code: 'ZIP code is required.',
      health_plan: 'Health plan is required.',
      provider_name: 'Provider name is required.',
      npi_number: 'NPI is required.',
      organization: 'Provider organization is required.',
      provider_phone_number: 'Provider phone is required.',
      availability: 'Availability is required.',
    });
  });

  it('treats blank names as missing', () => {
    const errors = fieldErrors(referralCreateSchema.safeParse({ ...valid, first_name: '  ', last_name: '' }));
    expect(errors).toEqual({ first_name: 'First name is required.', last_name: 'Last name is required.' });
  });

  it('a subcategory counts for the needs rule, with its parent need (issue #14)', () => {
    const result = referralCreateSchema.safeParse({
      ...valid,
      sdoh_needs: [TRANSPORTATION_NEED],
      transportation_subcategories: ['Bus passes / transit vouchers'],
    });
    expect(result.success).toBe(true);
    // Alone, it is refused on its own list, not with the "at least one need" message.
    expect(
      fieldErrors(
        referralCreateSchema.safeParse({
          ...valid,
          sdoh_needs: [],
          transportation_subcategories: ['Bus passes / transit vouchers'],
        }),
      ),
    ).toEqual({ transportation_subcategories: REFERRAL_MESSAGES.transportationSubcategoryWithoutNeed });
  });

  it('formats phones and refuses anything but 10 digits', () => {
    const data = referralCreateSchema.parse({
      ...valid,
      phone_number: '213.555.0101',
      provider_phone_number: '+1 713 555 0199',
    });
    expect(data.phone_number).toBe('(213) 555-0101');
    expect(data.provider_phone_number).toBe('(713) 555-0199');
    expect(fieldErrors(referralCreateSchema.safeParse({ ...valid, phone_number: '21355501012' }))).toEqual({
      phone_number: REFERRAL_MESSAGES.phoneFormat,
    });
    expect(fieldErrors(referralCreateSchema.safeParse({ ...valid, phone_number: '555-0101' }))).toEqual({
      phone_number: REFERRAL_MESSAGES.phoneFormat,
    });
    expect(formatPhoneDigits('21355')).toBe('(213) 55');
  });

  it('checks risk score, email, date, enums and unknown fields', () => {
    const errors = fieldErrors(
      referralCreateSchema.safeParse({
        ...valid,
        risk_score: 101,
        email: 'not-an-email',
        date_of_birth: '1980-13-45',
        urgency_level: 'Immediate',
        urgency: 'Urgent',
        plan_type: 'Cash',
        created_by: 1,
      }),
    );
    expect(errors.risk_score).toBe(REFERRAL_MESSAGES.riskScoreRange);
    expect(errors.email).toBe(REFERRAL_MESSAGES.invalidEmail);
    expect(errors.date_of_birth).toBe(REFERRAL_MESSAGES.invalidDate);
    expect(errors.urgency_level).toBe(REFERRAL_MESSAGES.invalidUrgencyLevel);
    expect(errors.urgency).toBe(REFERRAL_MESSAGES.invalidUrgency);
    expect(errors.plan_type).toBe(REFERRAL_MESSAGES.invalidPlanType);
    expect(errors['']).toMatch(/created_by/);
    expect(referralCreateSchema.safeParse({ ...valid, risk_score: 0 }).success).toBe(true);
  });

  it('checks ZIP, NPI, dates of birth and availability', () => {
    const errors = fieldErrors(
      referralCreateSchema.safeParse({
        ...valid,
        zip_code: '9000',
        npi_number: '12345',
        date_of_birth: '2999-01-01',
        availability: 'Sometimes',
      }),
    );
    expect(errors).toEqual({
      zip_code: REFERRAL_MESSAGES.zipFormat,
      npi_number: REFERRAL_MESSAGES.npiFormat,
      date_of_birth: REFERRAL_MESSAGES.dobInFuture,
      availability: REFERRAL_MESSAGES.invalidAvailability,
    });
    expect(fieldErrors(referralCreateSchema.safeParse({ ...valid, availability: ' ' }))).toEqual({
      availability: REFERRAL_MESSAGES.availabilityRequired,
    });
    expect(fieldErrors(referralCreateSchema.safeParse({ ...valid, date_of_birth: '1980-02-30' }))).toEqual({
      date_of_birth: REFERRAL_MESSAGES.invalidDate,
    });
    expect(referralCreateSchema.safeParse({ ...valid, zip_code: '90001-1234' }).success).toBe(true);
  });

  it('a new referral may say it is pending, nothing else', () => {
    expect(referralCreateSchema.safeParse({ ...valid, status: 'Pending' }).success).toBe(true);
    expect(fieldErrors(referralCreateSchema.safeParse({ ...valid, status: 'matched' }))).toEqual({
      status: REFERRAL_MESSAGES.newIsPending,
    });
  });
});

describe('PUT body dispatch', () => {
  it('a {status, updated_at} body is a status change with the label normalised', () => {
    expect(referralPutSchema.parse({ status: 'In Progress', updated_at: '2026-01-01T00:00:00Z' })).toEqual({
      kind: 'status',
      change: { status: 'in_progress', updated_at: '2026-01-01T00:00:00Z' },
    });
    expect(fieldErrors(referralPutSchema.safeParse({ status: 'lost' }))).toEqual({
      status: REFERRAL_MESSAGES.invalidStatus,
    });
  });

  it('anything else is the edit payload with its field messages', () => {
    expect(referralPutSchema.parse(valid)).toMatchObject({ kind: 'update', update: { first_name: 'Maria' } });
    const errors = fieldErrors(referralPutSchema.safeParse({ ...valid, first_name: '', bogus: 1 }));
    expect(errors).toEqual({ first_name: 'First name is required.', bogus: 'Unknown field.' });
  });
});

/** The field's message when `patch` is sent with an otherwise valid body, on create and on edit alike. */
function refusal(patch: Record<string, unknown>): Record<string, string> {
  const create = fieldErrors(referralCreateSchema.safeParse({ ...valid, ...patch }));
  expect(fieldErrors(referralUpdateSchema.safeParse({ ...valid, ...patch }))).toEqual(create);
  return create;
}

const parse = (patch: Record<string, unknown>) => referralCreateSchema.parse({ ...valid, ...patch });

describe("every value is one of the spec's lists (000 §9, issue #14)", () => {
  it('needs: each listed need is accepted, in the list spelling and once', () => {
    for (const need of [HOUSING_NEED, TRANSPORTATION_NEED, ...OTHER_NEEDS]) {
      expect(parse({ sdoh_needs: [need] }).sdoh_needs).toEqual([need]);
    }
    expect(parse({ sdoh_needs: ['food assistance', 'Food Assistance'] }).sdoh_needs).toEqual([
      'Food Assistance',
    ]);
    expect(refusal({ sdoh_needs: ['Food Assistance', 'Bogus Need'] })).toEqual({
      sdoh_needs: 'Choose needs from the list: "Bogus Need" is not one of them.',
    });
    // A subcategory is not a need.
    expect(refusal({ sdoh_needs: ['Housing navigation'] })).toEqual({
      sdoh_needs: REFERRAL_MESSAGES.invalidNeed('Housing navigation'),
    });
  });

  it('housing subcategories: only listed ones, only with Housing Assistance', () => {
    for (const sub of HOUSING_SUBCATEGORIES) {
      expect(
        parse({ sdoh_needs: [HOUSING_NEED], housing_subcategories: [sub] }).housing_subcategories,
      ).toEqual([sub]);
    }
    expect(refusal({ sdoh_needs: [HOUSING_NEED], housing_subcategories: ['Castle'] })).toEqual({
      housing_subcategories: REFERRAL_MESSAGES.invalidHousingSubcategory('Castle'),
    });
    expect(
      refusal({ sdoh_needs: ['Food Assistance'], housing_subcategories: ['Housing navigation'] }),
    ).toEqual({
      housing_subcategories: 'Select Housing Assistance to choose housing subcategories.',
    });
    // A transportation subcategory is not a housing one.
    expect(
      refusal({ sdoh_needs: [HOUSING_NEED], housing_subcategories: ['Bus passes / transit vouchers'] }),
    ).toEqual({
      housing_subcategories: REFERRAL_MESSAGES.invalidHousingSubcategory('Bus passes / transit vouchers'),
    });
  });

  it('transportation subcategories: only listed ones, only with Transportation', () => {
    for (const sub of TRANSPORTATION_SUBCATEGORIES) {
      const data = parse({ sdoh_needs: [TRANSPORTATION_NEED], transportation_subcategories: [sub] });
      expect(data.transportation_subcategories).toEqual([sub]);
    }
    expect(
      refusal({ sdoh_needs: [TRANSPORTATION_NEED], transportation_subcategories: ['Teleport'] }),
    ).toEqual({
      transportation_subcategories:
        'Choose transportation subcategories from the list: "Teleport" is not one of them.',
    });
    expect(refusal({ transportation_subcategories: ['Bus passes / transit vouchers'] })).toEqual({
      transportation_subcategories: 'Select Transportation to choose transportation subcategories.',
    });
  });

  it('preferred language: each listed language; blank is English', () => {
    for (const language of LANGUAGES)
      expect(parse({ preferred_language: language }).preferred_language).toBe(language);
    expect(parse({ preferred_language: 'spanish' }).preferred_language).toBe('Spanish');
    expect(parse({ preferred_language: '' }).preferred_language).toBe('English');
    expect(refusal({ preferred_language: 'Klingon' })).toEqual({
      preferred_language: 'Choose a language from the list.',
    });
  });

  it('state: a US state or DC by code or name, stored as the code; blank is none', () => {
    for (const state of US_STATES) {
      expect(parse({ state: state.code }).state).toBe(state.code);
      expect(parse({ state: state.name }).state).toBe(state.code);
    }
    expect(US_STATES).toHaveLength(51);
    expect(parse({ state: ' ca ' }).state).toBe('CA');
    expect(parse({ state: '' }).state).toBeNull();
    expect(refusal({ state: 'ZZ' })).toEqual({ state: 'Choose a US state from the list.' });
    expect(refusal({ state: 'Ontario' })).toEqual({ state: REFERRAL_MESSAGES.invalidState });
  });

  it('country: each listed country; "United States" is USA; blank is USA', () => {
    for (const country of COUNTRIES) expect(parse({ country }).country).toBe(country);
    expect(parse({ country: 'United States' }).country).toBe('USA');
    expect(parse({ country: '' }).country).toBe('USA');
    expect(refusal({ country: 'Atlantis' })).toEqual({ country: 'Choose a country from the list.' });
  });

  it('health plan: each listed plan; blank is required', () => {
    for (const plan of HEALTH_PLANS) expect(parse({ health_plan: plan }).health_plan).toBe(plan);
    expect(refusal({ health_plan: 'Acme Insurance' })).toEqual({
      health_plan: 'Choose a health plan from the list.',
    });
    expect(refusal({ health_plan: '' })).toEqual({ health_plan: REFERRAL_MESSAGES.healthPlanRequired });
  });

  it('plan type: each listed type; missing is Managed Care', () => {
    for (const type of PLAN_TYPES) expect(parse({ plan_type: type }).plan_type).toBe(type);
    expect(parse({}).plan_type).toBe('Managed Care');
    expect(refusal({ plan_type: 'Cash' })).toEqual({ plan_type: 'Choose a plan type from the list.' });
  });

  it('availability: each listed option', () => {
    for (const option of AVAILABILITY_OPTIONS)
      expect(parse({ availability: option }).availability).toBe(option);
    expect(refusal({ availability: 'Sometimes' })).toEqual({
      availability: 'Choose an availability from the list.',
    });
  });

  it('urgency: each client level, each server value, both when they agree', () => {
    for (const urgency of CLIENT_URGENCIES) expect(parse({ urgency }).urgency).toBe(urgency);
    for (const level of SERVER_URGENCIES) expect(parse({ urgency_level: level }).urgency_level).toBe(level);
    expect(parse({ urgency: 'Within 1 Week', urgency_level: 'Urgent' })).toMatchObject({
      urgency: 'Within 1 Week',
      urgency_level: 'Urgent',
    });
    expect(refusal({ urgency: 'Whenever' })).toEqual({ urgency: 'Choose an urgency from the list.' });
    expect(refusal({ urgency_level: 'Within 1 Week' })).toEqual({
      urgency_level: 'Urgency level must be one of: Emergency, Urgent, Routine.',
    });
    expect(refusal({ urgency: 'Within 1 Week', urgency_level: 'Emergency' })).toEqual({
      urgency_level: 'Urgency level Emergency does not match the urgency Within 1 Week (it is Urgent).',
    });
  });

  it('every refusal shows together with the others', () => {
    const errors = refusal({
      sdoh_needs: ['Bogus Need'],
      preferred_language: 'Klingon',
      state: 'ZZ',
      transportation_subcategories: ['Teleport'],
      housing_subcategories: ['Housing navigation'],
    });
    expect(Object.keys(errors).sort()).toEqual([
      'housing_subcategories',
      'preferred_language',
      'sdoh_needs',
      'state',
      'transportation_subcategories',
    ]);
  });
});

describe('the urgency a referral stores (issue #14)', () => {
  it('is the chosen level; a server value alone is read by the 000 §3.2 reverse mapping', () => {
    expect(chosenUrgency({ urgency: 'Within 1 Week', urgency_level: 'Urgent' })).toBe('Within 1 Week');
    expect(chosenUrgency({ urgency_level: 'Emergency' })).toBe('Immediate');
    expect(chosenUrgency({ urgency_level: 'Urgent' })).toBe('Within 24h');
    expect(chosenUrgency({ urgency_level: 'Routine' })).toBe('Routine');
    expect(chosenUrgency({})).toBe('Routine');
  });

  it('an edit that sends back the server value it read keeps the stored level', () => {
    expect(chosenUrgency({ urgency_level: 'Urgent' }, 'Within 1 Week')).toBe('Within 1 Week');
    expect(chosenUrgency({ urgency_level: 'Emergency' }, 'Within 1 Week')).toBe('Immediate');
    expect(chosenUrgency({ urgency: 'Routine' }, 'Within 1 Week')).toBe('Routine');
  });

  it('a server value stands for the levels that map to it', () => {
    expect(clientUrgenciesOf('Urgent')).toEqual(['Within 24h', 'Within 1 Week']);
    expect(clientUrgenciesOf('Emergency')).toEqual(['Immediate']);
    expect(clientUrgenciesOf('Routine')).toEqual(['Routine']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatPhoneDigits,
  REFERRAL_MESSAGES,
  referralCreateSchema,
  referralPutSchema,
} from './referral-payloads.ts';

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
      urgency_level: 'Routine',
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

  it('a subcategory alone satisfies the needs rule', () => {
    const result = referralCreateSchema.safeParse({
      ...valid,
      sdoh_needs: [],
      transportation_subcategories: ['Bus passes / transit vouchers'],
    });
    expect(result.success).toBe(true);
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
        plan_type: 'Cash',
        created_by: 1,
      }),
    );
    expect(errors.risk_score).toBe(REFERRAL_MESSAGES.riskScoreRange);
    expect(errors.email).toBe(REFERRAL_MESSAGES.invalidEmail);
    expect(errors.date_of_birth).toBe(REFERRAL_MESSAGES.invalidDate);
    expect(errors.urgency_level).toBeTruthy();
    expect(errors.plan_type).toBeTruthy();
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

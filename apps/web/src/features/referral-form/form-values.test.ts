import { type LookupMember, REFERRAL_MESSAGES, toClientReferral } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { makeReferral } from '../../test/referral-fixtures.ts';
import {
  applyLookup,
  emptyForm,
  type FormField,
  formFromReferral,
  groupKey,
  orderedErrors,
  type ReferralFormValues,
  toggleNeed,
  toggleSubcategory,
  toPayload,
  validateForm,
} from './form-values.ts';

const HOUSING_SUBS = [
  'Housing navigation',
  'Housing deposits / move-in costs',
  'Housing tenancy support',
  'Transitional housing',
];

function filled(overrides: Partial<ReferralFormValues> = {}): ReferralFormValues {
  return { ...formFromReferral(toClientReferral(makeReferral())), ...overrides };
}

describe('form defaults (000 §3.4)', () => {
  it('country USA, Managed Care, Routine, English, nothing ticked, matching engine on', () => {
    expect(emptyForm()).toMatchObject({
      country: 'USA',
      plan_type: 'Managed Care',
      urgency: 'Routine',
      preferred_language: 'English',
      member_consent_obtained: false,
      prior_authorization_required: false,
      use_matching_engine: true,
      sdoh_needs: [],
    });
  });
});

describe('validateForm (000 §5.1–§5.3, the shared schema)', () => {
  it('an empty form has every required field at once, with the §5.1 texts verbatim', () => {
    const errors = validateForm(emptyForm(), 'create');
    expect(errors).toMatchObject({
      first_name: REFERRAL_MESSAGES.firstNameRequired,
      last_name: REFERRAL_MESSAGES.lastNameRequired,
      medicaid_id: REFERRAL_MESSAGES.medicaidIdRequired,
      primary_diagnosis: REFERRAL_MESSAGES.diagnosisRequired,
      sdoh_needs: 'Please select at least one social determinant of health need.',
      member_consent_obtained: 'Member consent must be obtained before submitting the referral.',
    });
    expect(Object.keys(errors)).toHaveLength(16);
    // In form order: member first, consent near the end.
    expect(orderedErrors(errors)[0]![0]).toBe('first_name');
    expect(orderedErrors(errors).at(-1)![0]).toBe('member_consent_obtained');
  });

  it('a complete form passes; a subcategory without its need is refused on the needs group (issue #14)', () => {
    expect(validateForm(filled(), 'create')).toEqual({});
    expect(
      validateForm(filled({ sdoh_needs: [], housing_subcategories: ['Housing navigation'] }), 'edit'),
    ).toEqual({ sdoh_needs: REFERRAL_MESSAGES.housingSubcategoryWithoutNeed });
  });

  it("refuses a value off the spec's lists with the field's message (an older referral's, issue #14)", () => {
    expect(
      validateForm(
        filled({
          preferred_language: 'Klingon',
          state: 'ZZ',
          sdoh_needs: ['Bogus Need'],
          health_plan: 'Acme',
        }),
        'edit',
      ),
    ).toEqual({
      preferred_language: 'Choose a language from the list.',
      state: 'Choose a US state from the list.',
      sdoh_needs: REFERRAL_MESSAGES.invalidNeed('Bogus Need'),
      health_plan: 'Choose a health plan from the list.',
    });
  });

  it('checks the names as typed: a two-word first name does not stand in for a missing last name', () => {
    const errors = validateForm(filled({ first_name: 'Mary Ann', last_name: ' ' }), 'create');
    expect(errors).toEqual({ last_name: REFERRAL_MESSAGES.lastNameRequired });
    expect(toPayload(filled({ first_name: 'Mary Ann', last_name: 'Smith' }))).toMatchObject({
      first_name: 'Mary Ann',
      last_name: 'Smith',
    });
  });

  it('formats: phones 10 digits, ZIP 5, NPI 10, risk 0-100, DOB not in the future', () => {
    const errors = validateForm(
      filled({
        phone_number: '(213) 555',
        zip_code: '900',
        npi_number: '12345',
        risk_score: '101',
        date_of_birth: '2999-01-01',
      }),
      'create',
    );
    expect(errors).toEqual({
      phone_number: REFERRAL_MESSAGES.phoneFormat,
      zip_code: REFERRAL_MESSAGES.zipFormat,
      npi_number: REFERRAL_MESSAGES.npiFormat,
      risk_score: REFERRAL_MESSAGES.riskScoreRange,
      date_of_birth: REFERRAL_MESSAGES.dobInFuture,
    });
  });

  it('the payload keeps the chosen urgency and HIPAA on; no risk score is null', () => {
    // Issue #14: Within 1 Week is sent as chosen; the server derives the spec's Urgent.
    const payload = toPayload(filled({ urgency: 'Within 1 Week', risk_score: '' }));
    expect(payload).toMatchObject({ urgency: 'Within 1 Week', hipaa_compliant: true, risk_score: null });
    expect(payload).not.toHaveProperty('urgency_level');
  });
});

describe('server fields', () => {
  it('subcategory messages join the needs group', () => {
    let placed: unknown = null;
    const form = { getValues: () => emptyForm(), setErrors: (errors: unknown) => (placed = errors) };
    const error = new ApiError({
      status: 400,
      message: 'Invalid body.',
      fields: { housing_subcategories: 'At most 30 items.', email: 'Taken' },
    });
    expect(applyServerErrors(form, error, 'Failed', { fieldOf: groupKey })).toBeNull();
    expect(placed).toEqual({
      sdoh_needs: 'At most 30 items.',
      email: 'Taken',
    });
  });
});

describe('needs (000 §2.1)', () => {
  const none = { sdoh_needs: [], housing_subcategories: [], transportation_subcategories: [] };

  it('unticking Housing Assistance clears the housing subcategories only', () => {
    const before = {
      sdoh_needs: ['Housing Assistance', 'Transportation'],
      housing_subcategories: ['Housing navigation', 'Transitional housing'],
      transportation_subcategories: ['Bus passes / transit vouchers'],
    };
    expect(toggleNeed(before, 'Housing Assistance', false)).toEqual({
      sdoh_needs: ['Transportation'],
      housing_subcategories: [],
      transportation_subcategories: ['Bus passes / transit vouchers'],
    });
    expect(toggleNeed(before, 'Transportation', false)).toEqual({
      sdoh_needs: ['Housing Assistance'],
      housing_subcategories: ['Housing navigation', 'Transitional housing'],
      transportation_subcategories: [],
    });
  });

  it('keeps needs in the order of the form', () => {
    const a = toggleNeed(none, 'Legal Services', true);
    const b = toggleNeed(a, 'Food Assistance', true);
    expect(toggleNeed(b, 'Housing Assistance', true).sdoh_needs).toEqual([
      'Housing Assistance',
      'Food Assistance',
      'Legal Services',
    ]);
  });

  it('ticking a subcategory ticks its parent; unticking it leaves the parent', () => {
    const on = toggleSubcategory(none, 'housing', 'Transitional housing', true, HOUSING_SUBS);
    expect(on).toEqual({
      sdoh_needs: ['Housing Assistance'],
      housing_subcategories: ['Transitional housing'],
      transportation_subcategories: [],
    });
    const two = toggleSubcategory(on, 'housing', 'Housing navigation', true, HOUSING_SUBS);
    expect(two.housing_subcategories).toEqual(['Housing navigation', 'Transitional housing']);
    const off = toggleSubcategory(two, 'housing', 'Transitional housing', false, HOUSING_SUBS);
    expect(off.sdoh_needs).toEqual(['Housing Assistance']);
    expect(off.housing_subcategories).toEqual(['Housing navigation']);
  });
});

describe('edit prefill (000 §3.1)', () => {
  it('splits the member name at the first word and formats phones for the inputs', () => {
    const values = formFromReferral(
      toClientReferral(
        makeReferral({
          first_name: 'Ana',
          last_name: 'Maria de la Cruz',
          phone_number: '12135550147',
          risk_score: null,
        }),
      ),
    );
    expect(values).toMatchObject({
      first_name: 'Ana',
      last_name: 'Maria de la Cruz',
      phone_number: '(213) 555-0147',
      risk_score: '',
      urgency: 'Within 24h',
    });
    // Issue #14: a referral made Within 1 Week is edited as Within 1 Week.
    expect(formFromReferral(toClientReferral(makeReferral({ urgency: 'Within 1 Week' }))).urgency).toBe(
      'Within 1 Week',
    );
  });

  it('turns a stored state name into its code', () => {
    expect(formFromReferral(toClientReferral(makeReferral({ state: 'california' }))).state).toBe('CA');
  });
});

describe('applyLookup (000 §2.1)', () => {
  const member: LookupMember = {
    first_name: 'Imani',
    last_name: 'Okonkwo',
    phone_number: '213-555-0147',
    email: 'imani@example.test',
    date_of_birth: '1984-06-12',
    zip_code: '90012',
    street_address: '410 Alder Way',
    city: 'Los Angeles',
    state: 'California',
    country: 'USA',
    preferred_language: 'Spanish',
    health_plan: 'Health Net',
    plan_type: 'Fee-for-Service',
  };

  it('fills the empty fields and those at their defaults', () => {
    expect(applyLookup(emptyForm(), member, new Set())).toMatchObject({
      first_name: 'Imani',
      last_name: 'Okonkwo',
      phone_number: '(213) 555-0147',
      state: 'CA',
      preferred_language: 'Spanish',
      plan_type: 'Fee-for-Service',
      zip_code: '90012',
    });
  });

  it('never overwrites what the user typed, even a value equal to a default', () => {
    const values = { ...emptyForm(), last_name: 'Typed', preferred_language: 'English' };
    const touched = new Set<FormField>(['last_name', 'preferred_language']);
    const next = applyLookup(values, member, touched);
    expect(next.last_name).toBe('Typed');
    expect(next.preferred_language).toBe('English');
    expect(next.first_name).toBe('Imani');
  });

  it('leaves a field alone when the record has nothing for it', () => {
    const next = applyLookup(emptyForm(), { ...member, email: null, city: '  ' }, new Set());
    expect(next.email).toBe('');
    expect(next.city).toBe('');
  });
});

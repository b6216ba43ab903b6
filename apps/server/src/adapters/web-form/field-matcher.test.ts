import { describe, expect, it } from 'vitest';
import {
  chooseOption,
  type FieldDescriptor,
  type FormValues,
  formatValue,
  isAvoidedButtonText,
  isNextButtonText,
  isSubmitButtonText,
  matchField,
  normalizeText,
  readOutcomeText,
  wantedChoices,
} from './field-matcher.ts';
import { type FormControl, planFills } from './fill-plan.ts';

const input = (d: Partial<FieldDescriptor>): FieldDescriptor => ({ tag: 'input', type: 'text', ...d });
const kindOf = (d: Partial<FieldDescriptor>) => matchField(input(d))?.kind ?? null;

const values: FormValues = {
  firstName: 'Rosalind',
  lastName: 'Achterberg',
  dateOfBirth: '1971-03-02',
  phone: '(213) 555-0199',
  email: 'r.ach@example.org',
  streetAddress: '4 Alameda Walk',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90012',
  medicaidId: 'SD700000001',
  healthPlan: 'Molina Healthcare',
  language: 'Spanish',
  needs: ['Food Assistance', 'Housing Assistance'],
  urgency: 'Urgent',
  availability: 'Weekends',
  referrerName: 'Casey Morgan',
  referrerEmail: 'coordinator@trust.demo',
  referrerPhone: null,
  organization: 'Golden Valley Health Plan',
  country: 'USA',
  consentObtained: true,
  subject: 'Referral 4821093756 from Golden Valley Health Plan',
  message: 'Referral 4821093756 from Golden Valley Health Plan.',
};

describe('normalizeText', () => {
  it('splits camelCase and snake_case, strips accents and punctuation', () => {
    expect(normalizeText('patientFirstName')).toBe('patient first name');
    expect(normalizeText('zip_code')).toBe('zip code');
    expect(normalizeText('ZIPCode')).toBe('zip code');
    expect(normalizeText('Teléfono*:')).toBe('telefono');
    expect(normalizeText('given-name')).toBe('given name');
  });
});

describe('matchField: what an input asks for', () => {
  it.each([
    [{ label: 'First Name' }, 'first_name'],
    [{ name: 'fname' }, 'first_name'],
    [{ name: 'given-name' }, 'first_name'],
    [{ autocomplete: 'given-name' }, 'first_name'],
    [{ id: 'txtFirstName' }, 'first_name'],
    [{ label: 'Last name' }, 'last_name'],
    [{ name: 'surname' }, 'last_name'],
    [{ placeholder: 'Family name' }, 'last_name'],
    [{ label: 'Full name' }, 'full_name'],
    [{ label: 'Name' }, 'full_name'],
    [{ label: 'Patient phone' }, 'phone'],
    [{ name: 'cellPhone' }, 'phone'],
    [{ type: 'tel', name: 'tel' }, 'phone'],
    [{ label: 'DOB' }, 'date_of_birth'],
    [{ label: 'Date of Birth' }, 'date_of_birth'],
    [{ name: 'patient_dob' }, 'date_of_birth'],
    [{ name: 'birthdate' }, 'date_of_birth'],
    [{ label: 'Email address' }, 'email'],
    [{ name: 'e-mail' }, 'email'],
    [{ label: 'Street address' }, 'street_address'],
    [{ name: 'address1' }, 'street_address'],
    [{ label: 'City' }, 'city'],
    [{ label: 'State' }, 'state'],
    [{ name: 'zip' }, 'zip'],
    [{ label: 'Postal code' }, 'zip'],
    [{ label: 'Medicaid ID' }, 'medicaid_id'],
    [{ label: 'Member ID #' }, 'medicaid_id'],
    [{ label: 'Insurance' }, 'health_plan'],
    [{ label: 'Services needed' }, 'needs'],
    [{ label: 'How urgent is this? (urgency)' }, 'urgency'],
    [{ label: 'Preferred language' }, 'language'],
    [{ label: 'Referring organization' }, 'organization'],
    [{ label: 'Agency name' }, 'organization'],
    [{ label: 'Comments' }, 'message'],
    [{ label: 'How can we help?' }, 'message'],
    [{ label: 'Subject' }, 'subject'],
    // Spanish
    [{ label: 'Nombre' }, 'full_name'],
    [{ label: 'Apellido' }, 'last_name'],
    [{ label: 'Fecha de nacimiento' }, 'date_of_birth'],
    [{ label: 'Teléfono' }, 'phone'],
    [{ label: 'Correo electrónico' }, 'email'],
    [{ label: 'Dirección' }, 'street_address'],
    [{ label: 'Ciudad' }, 'city'],
    [{ label: 'Código postal' }, 'zip'],
    [{ label: 'Mensaje' }, 'message'],
  ] as [Partial<FieldDescriptor>, string][])('%o → %s', (descriptor, kind) => {
    expect(kindOf(descriptor)).toBe(kind);
  });

  it('leaves alone what the referral does not hold, or must never be typed', () => {
    for (const d of [
      { label: 'Password', type: 'text' },
      { label: 'Emergency contact phone' },
      { label: 'Address line 2' },
      { label: 'Apt / Suite' },
      { label: 'Social Security Number' },
      { label: 'Card number' },
      { label: 'Middle initial' },
      { label: 'Favorite color' },
      { name: 'field_12' },
      { label: 'County' },
    ]) {
      expect(kindOf(d), JSON.stringify(d)).toBeNull();
    }
  });

  it('lets the label decide over the name attribute, and an excluded label stops the match', () => {
    expect(kindOf({ label: 'Date of birth', name: 'field3' })).toBe('date_of_birth');
    expect(kindOf({ label: 'Emergency contact phone', name: 'phone2' })).toBeNull();
    expect(kindOf({ label: '', name: 'email', placeholder: 'Phone' })).toBe('email');
  });

  it('reads the text before an unlabelled input', () => {
    expect(kindOf({ context: 'ZIP' })).toBe('zip');
  });

  it('says whose detail it is: the member, the referrer, or the person filling the form', () => {
    expect(matchField(input({ label: 'Client first name' }))).toMatchObject({
      kind: 'first_name',
      role: 'member',
      explicitRole: true,
    });
    expect(matchField(input({ label: 'Referrer email' }))).toMatchObject({ kind: 'email', role: 'referrer' });
    expect(matchField(input({ label: 'Case manager name' }))).toMatchObject({
      kind: 'full_name',
      role: 'referrer',
    });
    expect(matchField(input({ label: 'Your email' }))).toMatchObject({ kind: 'email', role: 'self' });
    expect(matchField(input({ label: 'Email', section: 'Referring agency information' }))).toMatchObject({
      kind: 'email',
      role: 'referrer',
    });
    expect(matchField(input({ label: 'Phone' }))).toMatchObject({ role: 'member', explicitRole: false });
  });

  it('ticks consent boxes but not newsletters', () => {
    expect(matchField(input({ type: 'checkbox', label: 'I consent to share my information' }))?.kind).toBe(
      'consent',
    );
    expect(matchField(input({ type: 'checkbox', label: 'Acepto los términos' }))?.kind).toBe('consent');
    expect(matchField(input({ type: 'checkbox', label: 'Subscribe to our newsletter' }))).toBeNull();
    expect(matchField(input({ type: 'checkbox', label: 'I agree to receive marketing emails' }))).toBeNull();
  });
});

describe('chooseOption', () => {
  const opts = (...texts: string[]) => texts.map((text) => ({ value: text.toLowerCase(), text }));
  it('picks the closest option, never a placeholder', () => {
    const states = [{ value: '', text: 'Select a state' }, ...opts('Arizona', 'California', 'Colorado')];
    expect(
      chooseOption(
        states,
        wantedChoices(
          { kind: 'state', role: 'member', explicitRole: false, confirm: false, source: 'label' },
          values,
        ),
      ),
    ).toBe(2);
    expect(chooseOption(opts('Housing', 'Food', 'Transportation'), values.needs)).toBe(1);
    expect(chooseOption(opts('Low', 'Medium', 'High'), ['Urgent', 'Within 24 hours', 'High'])).toBe(2);
    expect(chooseOption(opts('Inglés', 'Español'), ['Spanish', 'Español'])).toBe(1);
    expect(chooseOption([{ value: '', text: '-- choose --' }], ['choose'])).toBeNull();
    expect(chooseOption(opts('Legal', 'Employment'), values.needs)).toBeNull();
  });
});

describe('formatValue', () => {
  it('writes a date as the input takes it', () => {
    expect(formatValue('date_of_birth', '1971-03-02', { type: 'date' })).toBe('1971-03-02');
    expect(formatValue('date_of_birth', '1971-03-02', { type: 'text' })).toBe('03/02/1971');
    expect(formatValue('date_of_birth', '1971-03-02', { type: 'text', placeholder: 'DD/MM/YYYY' })).toBe(
      '02/03/1971',
    );
    expect(formatValue('date_of_birth', '1971-03-02', { type: 'text', placeholder: 'yyyy-mm-dd' })).toBe(
      '1971-03-02',
    );
  });

  it('writes a phone as digits when the input is short or numeric, a state as its code when two fit', () => {
    expect(formatValue('phone', '(213) 555-0199', { type: 'tel' })).toBe('(213) 555-0199');
    expect(formatValue('phone', '(213) 555-0199', { type: 'tel', maxLength: 10 })).toBe('2135550199');
    expect(formatValue('phone', '(213) 555-0199', { type: 'tel', pattern: '[0-9]{10}' })).toBe('2135550199');
    expect(formatValue('state', 'California', { type: 'text', maxLength: 2 })).toBe('CA');
    expect(formatValue('first_name', 'Rosalind', { type: 'number' })).toBeNull();
    expect(formatValue('zip', '90012', { type: 'number' })).toBe('90012');
    expect(formatValue('message', 'abcdef', { type: 'text', maxLength: 3 })).toBe('abc');
  });
});

describe('planFills: the whole form at once', () => {
  let n = 0;
  const control = (d: Partial<FormControl>): FormControl => ({
    tag: 'input',
    type: 'text',
    token: `t${++n}`,
    required: false,
    ...d,
  });

  it('fills a referral form with the member and the referrer where each belongs', () => {
    const form = [
      control({ label: 'Client first name' }),
      control({ label: 'Client last name' }),
      control({ label: 'Date of birth', type: 'date' }),
      control({ label: 'Your name' }),
      control({ label: 'Your email', type: 'email' }),
      control({
        tag: 'select',
        type: 'select',
        label: 'Service needed',
        options: [
          { value: '', text: 'Choose…' },
          { value: 'h', text: 'Housing' },
          { value: 'f', text: 'Food pantry' },
        ],
      }),
      control({ type: 'checkbox', label: 'I consent to this referral' }),
      control({ tag: 'textarea', type: 'textarea', label: 'Anything we should know?' }),
      control({ label: 'Shoe size' }),
    ];
    const plan = planFills(form, values);
    expect(plan.map((p) => (p && 'value' in p ? p.value : (p?.action ?? null)))).toEqual([
      'Rosalind',
      'Achterberg',
      '1971-03-02',
      'Casey Morgan',
      'coordinator@trust.demo',
      'select',
      'check',
      values.message,
      null,
    ]);
    // The first need (Food Assistance) answers first.
    expect(plan[5]).toMatchObject({ action: 'select', index: 2 });
  });

  it('takes "Your name" as the member on a self-referral form, and Name + Surname as first and last', () => {
    const plan = planFills(
      [control({ label: 'Your name' }), control({ label: 'Surname' }), control({ label: 'Your phone' })],
      values,
    );
    expect(plan.map((p) => (p && 'value' in p ? p.value : null))).toEqual([
      'Rosalind',
      'Achterberg',
      '(213) 555-0199',
    ]);
  });

  it('fills a confirmation input again, but not a second phone', () => {
    const plan = planFills(
      [
        control({ label: 'Email' }),
        control({ label: 'Confirm email' }),
        control({ label: 'Phone' }),
        control({ label: 'Phone' }),
      ],
      values,
    );
    expect(plan.map((p) => (p && 'value' in p ? p.value : null))).toEqual([
      values.email,
      values.email,
      values.phone,
      null,
    ]);
  });

  it('ticks the service boxes of the needs, and consent only when the member consented', () => {
    const form = [
      control({ type: 'checkbox', label: 'Food', section: 'Services requested' }),
      control({ type: 'checkbox', label: 'Legal aid', section: 'Services requested' }),
      control({ type: 'checkbox', label: 'I authorize the release of information' }),
    ];
    expect(planFills(form, values).map((p) => p?.action ?? null)).toEqual(['check', null, 'check']);
    expect(planFills(form, { ...values, consentObtained: false }).map((p) => p?.action ?? null)).toEqual([
      'check',
      null,
      null,
    ]);
  });

  it('chooses a radio option by its label', () => {
    const plan = planFills(
      [
        control({
          type: 'radio',
          label: 'Urgency',
          options: [
            { value: '1', text: 'Routine' },
            { value: '2', text: 'Urgent' },
          ],
          optionTokens: ['r1', 'r2'],
        }),
      ],
      values,
    );
    expect(plan[0]).toEqual({ action: 'check', token: 'r2' });
  });

  it('fills the urgency the coordinator chose, or the words of its server value (issue #14)', () => {
    const urgency = (...texts: string[]) => [
      control({
        type: 'radio',
        label: 'Urgency',
        options: texts.map((text, i) => ({ value: String(i), text })),
        optionTokens: texts.map((_, i) => `r${i}`),
      }),
    ];
    const week = { ...values, urgency: 'Within 1 Week' };
    expect(planFills(urgency('Within 24 hours', 'Within 1 week', 'Routine'), week)[0]).toEqual({
      action: 'check',
      token: 'r1',
    });
    expect(planFills(urgency('Routine', 'Urgent', 'Emergency'), week)[0]).toEqual({
      action: 'check',
      token: 'r1',
    });
    const now = { ...values, urgency: 'Immediate' };
    expect(planFills(urgency('Routine', 'Urgent', 'Emergency'), now)[0]).toEqual({
      action: 'check',
      token: 'r2',
    });
  });
});

describe('reading the page', () => {
  it('tells a confirmation from an error', () => {
    expect(readOutcomeText('Thank you! Your referral was received.')).toEqual({
      success: true,
      error: false,
    });
    expect(readOutcomeText('¡Gracias! Hemos recibido su solicitud.')).toEqual({
      success: true,
      error: false,
    });
    expect(readOutcomeText('We’ll be in touch soon')).toMatchObject({ success: true });
    expect(readOutcomeText('Phone is required')).toEqual({ success: false, error: true });
    expect(readOutcomeText('Something went wrong, please try again')).toMatchObject({ error: true });
    expect(readOutcomeText('Intake form')).toEqual({ success: false, error: false });
  });

  it('tells Next from Submit, and never presses Cancel', () => {
    expect(isNextButtonText('Next »')).toBe(true);
    expect(isNextButtonText('Siguiente')).toBe(true);
    expect(isNextButtonText('Submit')).toBe(false);
    expect(isSubmitButtonText('Send referral')).toBe(true);
    expect(isSubmitButtonText('Enviar')).toBe(true);
    expect(isAvoidedButtonText('Cancel')).toBe(true);
    expect(isAvoidedButtonText('Submit')).toBe(false);
  });
});

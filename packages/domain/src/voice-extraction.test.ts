import { describe, expect, it } from 'vitest';
import { type ExtractOptions, extractVoiceFields } from './voice-extraction.ts';
import type { ExtractedFieldEntry, VoiceIntakeStage } from './voice-intake.ts';

const NOW = new Date(2025, 5, 15, 12, 0, 0);

function fields(
  text: string,
  stage: VoiceIntakeStage,
  language = 'en-US',
): Record<string, ExtractedFieldEntry['value']> {
  const options: ExtractOptions = { stage, language, now: NOW };
  return Object.fromEntries(extractVoiceFields(text, options).map((e) => [e.field, e.value]));
}

describe('names and preferred language (intro)', () => {
  it.each([
    [
      "Hello, the member's name is Maria Lopez and she prefers Spanish.",
      'en-US',
      'Maria',
      'Lopez',
      'Spanish',
    ],
    ['my name is john smith', 'en-US', 'John', 'Smith', undefined],
    [
      "The patient's full name is Nguyen Van An, she speaks Vietnamese",
      'en-US',
      'Nguyen',
      'Van An',
      'Vietnamese',
    ],
    ['Maria Lopez, Spanish', 'en-US', 'Maria', 'Lopez', 'Spanish'],
    ['Se llama María de la Cruz y habla español', 'es-ES', 'María', 'de la Cruz', 'Spanish'],
    ['Su nombre es José García, prefiere inglés', 'es-ES', 'José', 'García', 'English'],
    [
      'El nombre del miembro es Ana Torres. Idioma preferido: cantonés',
      'es-ES',
      'Ana',
      'Torres',
      'Cantonese',
    ],
  ])('%s', (text, language, first, last, preferred) => {
    const got = fields(text, 'intro', language);
    expect(got.first_name).toBe(first);
    expect(got.last_name).toBe(last);
    expect(got.preferred_language).toBe(preferred);
  });

  it('reads a bare language name only in the intro, or after a cue', () => {
    expect(fields('Spanish', 'intro').preferred_language).toBe('Spanish');
    expect(fields('She needs English classes', 'clinical').preferred_language).toBeUndefined();
    expect(fields('She speaks Korean', 'clinical').preferred_language).toBe('Korean');
  });

  it('does not take a provider for the member', () => {
    const got = fields('El doctor se llama Juan Pérez', 'provider', 'es-ES');
    expect(got.first_name).toBeUndefined();
    expect(got.provider_name).toBe('Juan Pérez');
  });
});

describe('demographics', () => {
  it('English: birth date, phone, email', () => {
    expect(
      fields(
        'She was born on March 4th, 1985. Her phone number is 555-123-4567 and her email is maria at example dot com.',
        'demographics',
      ),
    ).toEqual({ date_of_birth: '1985-03-04', phone_number: '(555) 123-4567', email: 'maria@example.com' });
  });

  it('Spanish: fecha de nacimiento, teléfono in words, correo with arroba', () => {
    expect(
      fields(
        'Fecha de nacimiento 4 de marzo del 85, su teléfono es cinco cinco cinco uno dos tres cuatro cinco seis siete, correo maria punto lopez arroba ejemplo punto com',
        'demographics',
        'es-ES',
      ),
    ).toEqual({
      date_of_birth: '1985-03-04',
      phone_number: '(555) 123-4567',
      email: 'maria.lopez@ejemplo.com',
    });
  });

  it.each([
    ['date of birth is 3/4/31', '1931-03-04'],
    ['DOB 1/2/03', '2003-01-02'],
    ['her birthday is June 5 1990', '1990-06-05'],
    ['nació el 15 de julio de 1990', '1990-07-15'],
  ])('birth date: %s → %s', (text, expected) => {
    expect(fields(text, 'demographics', text.includes('nació') ? 'es-ES' : 'en-US').date_of_birth).toBe(
      expected,
    );
  });

  it('a written email', () => {
    expect(fields('Email: Maria.Lopez@Example.org', 'demographics').email).toBe('maria.lopez@example.org');
  });

  it('address, city, state, ZIP, Medicaid ID', () => {
    expect(
      fields(
        'She lives at 123 Main Street Apt 4B, Los Angeles, California 90012. Her Medicaid ID is 91234567A.',
        'demographics',
      ),
    ).toEqual({
      street_address: '123 Main Street Apt 4B',
      city: 'Los Angeles',
      state: 'CA',
      zip_code: '90012',
      medicaid_id: '91234567A',
    });
  });

  it('Spanish address with código postal', () => {
    expect(
      fields(
        'Vive en la calle Mission 2150, San Francisco, California, código postal 94110',
        'demographics',
        'es-ES',
      ),
    ).toEqual({
      street_address: '2150 Calle Mission',
      city: 'San Francisco',
      state: 'CA',
      zip_code: '94110',
    });
  });

  it.each([
    ['zip code nine oh two one oh', '90210'],
    ['the zip is 90210-1234', '90210'],
    ['código postal 94110', '94110'],
    ['Los Angeles 90012', '90012'],
  ])('ZIP: %s → %s', (text, zip) => {
    expect(fields(text, 'demographics', 'es-ES').zip_code).toBe(zip);
  });

  it('a five-digit house number is no ZIP', () => {
    expect(fields('12345 Oak Avenue', 'demographics').zip_code).toBeUndefined();
    expect(fields('12345 Oak Avenue', 'demographics').street_address).toBe('12345 Oak Avenue');
  });

  it.each([
    ['She lives in Kansas City, Missouri', 'Kansas City', 'MO'],
    ['City is Houston, state is TX', 'Houston', 'TX'],
    ['vive en San Antonio, Tejas', 'San Antonio', 'TX'],
    ['lives in Nueva York', undefined, 'NY'],
  ])('city and state: %s', (text, cityName, code) => {
    const got = fields(text, 'demographics', 'es-ES');
    expect(got.city).toBe(cityName);
    expect(got.state).toBe(code);
  });

  it.each([
    ['Medicaid number is A B 1 2 3 4 5 6 7 8 9 and her phone', 'AB123456789'],
    ['member ID AB 1234 5678', 'AB12345678'],
    ['su número de Medicaid es 9 8 7 6 5 4 3 2 1', '987654321'],
  ])('Medicaid ID: %s → %s', (text, id) => {
    expect(fields(text, 'health_plan', 'es-ES').medicaid_id).toBe(id);
  });

  it('unrecognised speech yields nothing', () => {
    expect(
      extractVoiceFields('um okay let me think', { stage: 'demographics', language: 'en-US', now: NOW }),
    ).toEqual([]);
    expect(extractVoiceFields('', { stage: 'intro', language: 'en-US' })).toEqual([]);
    expect(fields('her phone number is 555 1234', 'demographics').phone_number).toBeUndefined();
    expect(fields('born in 02', 'demographics').date_of_birth).toBeUndefined();
  });
});

describe('health plan', () => {
  it.each([
    ['She is on Anthem Blue Cross, managed care', 'en-US', 'Anthem Blue Cross', 'Managed Care'],
    ['Kaiser, fee for service', 'en-US', 'Kaiser Permanente', 'Fee-for-Service'],
    ['Health Net', 'en-US', 'Health Net', undefined],
    ['United Healthcare HMO', 'en-US', 'UnitedHealthcare', 'Managed Care'],
    ['Tiene Molina, pago por servicio', 'es-ES', 'Molina Healthcare', 'Fee-for-Service'],
    ['Su plan es Centene, atención administrada', 'es-ES', 'Centene Corporation', 'Managed Care'],
    ['She moved from the United States Virgin Islands', 'en-US', undefined, undefined],
  ])('%s', (text, language, plan, type) => {
    const got = fields(text, 'health_plan', language);
    expect(got.health_plan).toBe(plan);
    expect(got.plan_type).toBe(type);
  });
});

describe('provider', () => {
  it('English', () => {
    expect(
      fields(
        'The provider is Dr. Sarah Kim from Valley Health Clinic, NPI 1234567890, phone (213) 555-0192',
        'provider',
      ),
    ).toEqual({
      provider_name: 'Dr. Sarah Kim',
      organization: 'Valley Health Clinic',
      npi_number: '1234567890',
      provider_phone_number: '(213) 555-0192',
    });
  });

  it('Spanish', () => {
    expect(
      fields(
        'El doctor se llama Juan Pérez, trabaja en Clínica del Pueblo, su número NPI es 1 2 3 4 5 6 7 8 9 0',
        'provider',
        'es-ES',
      ),
    ).toEqual({ provider_name: 'Juan Pérez', organization: 'Clínica del Pueblo', npi_number: '1234567890' });
  });

  it('an NPI needs 10 digits; a member phone in the provider stage stays the member’s', () => {
    expect(fields('NPI 12345', 'provider').npi_number).toBeUndefined();
    expect(fields("the member's phone number is 555 123 4567", 'provider')).toEqual({
      phone_number: '(555) 123-4567',
    });
    expect(fields('office number 213 555 0192', 'demographics')).toEqual({
      provider_phone_number: '(213) 555-0192',
    });
  });
});

describe('clinical', () => {
  it('English diagnosis, needs with subcategories, urgency and timeline', () => {
    expect(
      fields(
        "She was diagnosed with type 2 diabetes and needs help with groceries, a bus pass and a security deposit. It's urgent, within a week.",
        'clinical',
      ),
    ).toEqual({
      primary_diagnosis: 'type 2 diabetes',
      sdoh_needs: ['Housing Assistance', 'Transportation', 'Food Assistance'],
      housing_subcategories: ['Housing deposits / move-in costs'],
      transportation_subcategories: ['Bus passes / transit vouchers'],
      urgency: 'Within 24h',
      timeline: 'Within 1 Week',
    });
  });

  it('Spanish diagnosis, needs and urgency', () => {
    expect(
      fields(
        'Diagnóstico principal: hipertensión. Necesita comida, vivienda y transporte a sus citas. Es una emergencia.',
        'clinical',
        'es-ES',
      ),
    ).toEqual({
      primary_diagnosis: 'hipertensión',
      sdoh_needs: ['Housing Assistance', 'Transportation', 'Food Assistance'],
      transportation_subcategories: ['Non-Emergency Medical Transportation (NEMT)'],
      urgency: 'Immediate',
    });
  });

  it.each([
    ['she is hungry', 'en-US', ['Food Assistance']],
    ['she needs groceries', 'en-US', ['Food Assistance']],
    ['she needs a ride to the doctor', 'en-US', ['Transportation']],
    ['help with rent', 'en-US', ['Housing Assistance']],
    ['she is homeless and depressed', 'en-US', ['Housing Assistance', 'Mental Health Support']],
    ['he needs rehab for alcohol', 'en-US', ['Substance Abuse Treatment']],
    ['she lost her job and needs childcare', 'en-US', ['Employment Support', 'Childcare Support']],
    [
      'her electric bill is overdue and she needs a lawyer',
      'en-US',
      ['Legal Services', 'Utility Assistance'],
    ],
    ['necesita alimentos', 'es-ES', ['Food Assistance']],
    ['necesita comida y ayuda con la renta', 'es-ES', ['Housing Assistance', 'Food Assistance']],
    ['no tiene carro para ir al doctor', 'es-ES', ['Transportation']],
    ['necesita un abogado y guardería', 'es-ES', ['Legal Services', 'Childcare Support']],
    ['necesita ayuda financiera y empleo', 'es-ES', ['Financial Assistance', 'Employment Support']],
    ['necesita terapia', 'es-ES', ['Mental Health Support']],
    ['she needs a bus pass', 'es-ES', ['Transportation']],
  ])('needs: %s', (text, language, expected) => {
    expect(fields(text, 'clinical', language).sdoh_needs).toEqual(expected);
  });

  it.each([
    ['she needs help finding housing', 'housing_subcategories', ['Housing navigation']],
    ['she needs transitional housing', 'housing_subcategories', ['Transitional housing']],
    ['problems with her landlord', 'housing_subcategories', ['Housing tenancy support']],
    ['rides to dialysis', 'transportation_subcategories', ['Non-Emergency Medical Transportation (NEMT)']],
    ['necesita pases de autobús', 'transportation_subcategories', ['Bus passes / transit vouchers']],
    ['necesita vivienda temporal', 'housing_subcategories', ['Transitional housing']],
    ['necesita ayuda con el depósito', 'housing_subcategories', ['Housing deposits / move-in costs']],
  ])('subcategory: %s', (text, field, expected) => {
    expect(fields(text, 'clinical', 'es-ES')[field]).toEqual(expected);
  });

  it('no needs from organization or plan names', () => {
    expect(
      fields('The provider works at Valley Mental Health Food Bank', 'provider').sdoh_needs,
    ).toBeUndefined();
  });
});

describe('authorization', () => {
  it.each([
    ['Yes, the member consented, and no authorization needed', 'en-US', true, false],
    ['The member gave consent. Prior authorization is required.', 'en-US', true, true],
    ["She did not consent and it doesn't need prior auth", 'en-US', false, false],
    ['Sí, dio su consentimiento. Se requiere autorización previa.', 'es-ES', true, true],
    ['No dio su consentimiento y no necesita autorización', 'es-ES', false, false],
  ])('%s', (text, language, consent, auth) => {
    const got = fields(text, 'authorization', language);
    expect(got.member_consent_obtained).toBe(consent);
    expect(got.prior_authorization_required).toBe(auth);
  });

  it('a bare yes says nothing', () => {
    expect(fields('yes', 'authorization')).toEqual({});
  });
});

describe('additional', () => {
  it.each([
    ['She is available on weekdays', 'en-US', 'Weekdays 9am-5pm'],
    ['Monday through Friday, 9 to 5', 'en-US', 'Weekdays 9am-5pm'],
    ['She is available on weekends. Please call before visiting.', 'en-US', 'Weekends'],
    ['anytime', 'en-US', 'Anytime'],
    ['weekdays or weekends', 'en-US', 'Anytime'],
    ['de lunes a viernes', 'es-ES', 'Weekdays 9am-5pm'],
    ['los fines de semana', 'es-ES', 'Weekends'],
    ['a cualquier hora', 'es-ES', 'Anytime'],
  ])('availability: %s → %s', (text, language, expected) => {
    expect(fields(text, 'additional', language).availability).toBe(expected);
  });

  it('the whole transcript of the additional stage is the notes', () => {
    const text = 'Please call her daughter first, she is hard of hearing.';
    expect(fields(text, 'additional').additional_notes).toBe(text);
    expect(fields(text, 'clinical').additional_notes).toBeUndefined();
  });
});

describe('confidence (000 §4.4: fields of the current stage are high)', () => {
  it('marks the stage’s fields high and others medium', () => {
    const entries = extractVoiceFields('Her phone number is 555-123-4567 and she needs food', {
      stage: 'clinical',
      language: 'en-US',
    });
    expect(entries.find((e) => e.field === 'phone_number')?.confidence).toBe('medium');
    expect(entries.find((e) => e.field === 'sdoh_needs')?.confidence).toBe('high');
  });

  it('keeps what was said', () => {
    const [entry] = extractVoiceFields('date of birth is 3/4/85', {
      stage: 'demographics',
      language: 'en-US',
      now: NOW,
    });
    expect(entry).toEqual({
      field: 'date_of_birth',
      value: '1985-03-04',
      confidence: 'high',
      original_text: 'date of birth is 3/4/85',
    });
  });
});

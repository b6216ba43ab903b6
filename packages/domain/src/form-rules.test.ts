import { describe, expect, it } from 'vitest';
import {
  answersOutsideTemplate,
  completionPercentage,
  conditionMet,
  formAnswerErrors,
  isAnswered,
  visibleParts,
} from './form-rules.ts';
import { FORM_MESSAGES, type FormField, type FormSection, formSectionSchema } from './forms.ts';

const field = (f: Partial<FormField> & Pick<FormField, 'field_id' | 'field_type'>): FormField => ({
  label: f.field_id,
  required: false,
  ...f,
});
const section = (id: string, fields: FormField[], extra: Partial<FormSection> = {}): FormSection =>
  formSectionSchema.parse({ section_id: id, title: id, fields, ...extra });

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('isAnswered', () => {
  it('counts text that is not blank, numbers, chosen options, a file and a drawn signature with a name', () => {
    for (const v of [
      'a',
      0,
      12.5,
      ['x'],
      { file_id: 1, file_name: 'a.pdf' },
      { image: PNG, typed_name: 'A' },
    ])
      expect(isAnswered(v), JSON.stringify(v)).toBe(true);
    for (const v of [null, undefined, '', '  ', [], [''], Number.NaN, { file_name: '' }, { image: PNG }])
      expect(isAnswered(v), JSON.stringify(v)).toBe(false);
  });
});

describe('conditionMet', () => {
  const answers = {
    tier: 'Gold',
    size: 4,
    needs: ['Food', 'Housing'],
    note: 'Needs a ride',
    on: '2026-03-05',
  };
  it('equals and not equals: numbers as numbers, texts ignoring case, a checkbox answer by what it includes', () => {
    expect(conditionMet({ field_id: 'tier', operator: 'equals', value: 'gold' }, answers)).toBe(true);
    expect(conditionMet({ field_id: 'size', operator: 'equals', value: '4.0' }, answers)).toBe(true);
    expect(conditionMet({ field_id: 'needs', operator: 'equals', value: 'housing' }, answers)).toBe(true);
    expect(conditionMet({ field_id: 'tier', operator: 'not_equals', value: 'Gold' }, answers)).toBe(false);
    expect(conditionMet({ field_id: 'needs', operator: 'not_equals', value: 'Transport' }, answers)).toBe(
      true,
    );
    // Nothing answered yet: equals nothing, and differs from anything.
    expect(conditionMet({ field_id: 'none', operator: 'equals', value: '' }, answers)).toBe(false);
    expect(conditionMet({ field_id: 'none', operator: 'not_equals', value: 'x' }, answers)).toBe(true);
  });

  it('contains, greater and less than (numbers, and ISO dates in order), is filled', () => {
    expect(conditionMet({ field_id: 'note', operator: 'contains', value: 'RIDE' }, answers)).toBe(true);
    expect(conditionMet({ field_id: 'needs', operator: 'contains', value: 'hous' }, answers)).toBe(true);
    expect(conditionMet({ field_id: 'size', operator: 'greater_than', value: 3 }, answers)).toBe(true);
    expect(conditionMet({ field_id: 'size', operator: 'greater_than', value: '10' }, answers)).toBe(false);
    expect(conditionMet({ field_id: 'size', operator: 'less_than', value: 10 }, answers)).toBe(true);
    expect(conditionMet({ field_id: 'on', operator: 'less_than', value: '2026-12-01' }, answers)).toBe(true);
    expect(conditionMet({ field_id: 'none', operator: 'greater_than', value: 0 }, answers)).toBe(false);
    expect(conditionMet({ field_id: 'tier', operator: 'is_filled' }, answers)).toBe(true);
    expect(conditionMet({ field_id: 'none', operator: 'is_filled' }, answers)).toBe(false);
  });
});

describe('visibleParts', () => {
  const template = {
    sections: [
      section('s1', [
        field({ field_id: 'housed', field_type: 'radio', options: ['Yes', 'No'] }),
        field({
          field_id: 'shelter',
          field_type: 'text',
          conditional_logic: { field_id: 'housed', operator: 'equals', value: 'No' },
        }),
        // Shown on a field that is itself conditional: hides with it.
        field({
          field_id: 'shelter_since',
          field_type: 'date',
          conditional_logic: { field_id: 'shelter', operator: 'is_filled' },
        }),
      ]),
      section('s2', [field({ field_id: 'kids', field_type: 'number' })], {
        conditional_logic: { field_id: 'housed', operator: 'is_filled' },
      }),
    ],
  };

  it('shows a field or section when its condition holds', () => {
    const shown = visibleParts(template, { housed: 'No', shelter: 'Hope House' });
    expect([...shown.fields]).toEqual(['housed', 'shelter', 'shelter_since', 'kids']);
    expect([...shown.sections]).toEqual(['s1', 's2']);
    expect([...visibleParts(template, {}).sections]).toEqual(['s1']);
  });

  it('hides what depends on a hidden field, even when that field still holds an answer', () => {
    const shown = visibleParts(template, { housed: 'Yes', shelter: 'Hope House' });
    expect([...shown.fields]).toEqual(['housed', 'kids']);
  });
});

describe('formAnswerErrors', () => {
  const fields = [
    field({
      field_id: 'name',
      field_type: 'text',
      label: 'Name',
      required: true,
      validation: { minLength: 2, maxLength: 5 },
    }),
    field({ field_id: 'zip', field_type: 'text', label: 'ZIP', validation: { pattern: '\\d{5}' } }),
    field({
      field_id: 'cin',
      field_type: 'text',
      label: 'CIN',
      validation: { pattern: '[A-Z]{2}\\d{5}[A-Z]', patternMessage: 'Use the CIN on the card' },
    }),
    field({
      field_id: 'age',
      field_type: 'number',
      label: 'Age',
      required: true,
      validation: { min: 18, max: 120 },
    }),
    field({
      field_id: 'seen',
      field_type: 'date',
      label: 'Seen',
      validation: { minDate: '2026-01-01', maxDate: '2026-12-31' },
    }),
    field({ field_id: 'at', field_type: 'datetime', label: 'At', validation: { minDate: '2026-01-01' } }),
    field({ field_id: 'time', field_type: 'time', label: 'Time' }),
    field({ field_id: 'tier', field_type: 'select', label: 'Tier', options: ['Gold', 'Silver'] }),
    field({ field_id: 'needs', field_type: 'checkbox', label: 'Needs', options: ['Food', 'Housing'] }),
    field({ field_id: 'doc', field_type: 'file', label: 'Proof' }),
    field({ field_id: 'sign', field_type: 'signature', label: 'Signature', required: true }),
    field({ field_id: 'head', field_type: 'section_header', label: 'About you', required: true }),
  ];
  const template = { sections: [section('s', fields)] };
  const good = {
    name: 'Ana',
    zip: '59601',
    cin: 'AB12345C',
    age: 40,
    seen: '2026-03-05',
    at: '2026-03-05T10:30',
    time: '09:15',
    tier: 'Gold',
    needs: ['Food'],
    doc: { file_id: 7, file_name: 'lease.pdf' },
    sign: { image: PNG, typed_name: 'Ana Alvarez', signed_at: '2026-03-05T10:31:00.000Z' },
  };

  it('accepts good answers; a section header is never an input', () => {
    expect(formAnswerErrors(template, good)).toEqual({});
  });

  it("says each problem with the spec's message", () => {
    expect(formAnswerErrors(template, {})).toEqual({
      name: FORM_MESSAGES.required('Name'),
      age: FORM_MESSAGES.required('Age'),
      sign: FORM_MESSAGES.required('Signature'),
    });
    const bad = {
      ...good,
      name: 'A',
      zip: '5960',
      cin: 'nope',
      age: 17,
      seen: '2025-12-31',
      at: '2025-12-31T23:59',
      time: '25:00',
      tier: 'Bronze',
      needs: ['Food', 'Gold'],
      doc: { file_name: 'lease.pdf' },
      sign: { image: 'a drawing', typed_name: 'Ana', signed_at: 'now' },
    };
    expect(formAnswerErrors(template, bad)).toEqual({
      name: 'Name must be at least 2 characters',
      zip: 'ZIP format is invalid',
      cin: 'Use the CIN on the card',
      age: 'Age must be at least 18',
      seen: 'Seen must be after 2026-01-01',
      at: 'At must be after 2026-01-01',
      time: FORM_MESSAGES.notATime('Time'),
      tier: FORM_MESSAGES.notAnOption('Tier'),
      needs: FORM_MESSAGES.notAnOption('Needs'),
      doc: FORM_MESSAGES.fileInvalid('Proof'),
      sign: FORM_MESSAGES.signatureInvalid('Signature'),
    });
    expect(formAnswerErrors(template, { ...good, name: 'Anastasia', age: 121, seen: '2027-01-01' })).toEqual({
      name: 'Name must be at most 5 characters',
      age: 'Age must be at most 120',
      seen: 'Seen must be before 2026-12-31',
    });
  });

  it('refuses values of the wrong kind that only a caller bypassing the browser can send', () => {
    expect(formAnswerErrors(template, { ...good, name: 42, age: 'forty', seen: '2026-02-30' })).toEqual({
      name: FORM_MESSAGES.notText('Name'),
      age: FORM_MESSAGES.notANumber('Age'),
      seen: FORM_MESSAGES.notADate('Seen'),
    });
  });

  it('neither requires nor checks a hidden field; a draft save checks only what is given', () => {
    const conditional = {
      sections: [
        section('s', [
          field({ field_id: 'housed', field_type: 'radio', options: ['Yes', 'No'], label: 'Housed' }),
          field({
            field_id: 'shelter',
            field_type: 'text',
            label: 'Shelter',
            required: true,
            validation: { maxLength: 3 },
            conditional_logic: { field_id: 'housed', operator: 'equals', value: 'No' },
          }),
        ]),
      ],
    };
    expect(formAnswerErrors(conditional, { housed: 'Yes', shelter: 'far too long' })).toEqual({});
    expect(formAnswerErrors(conditional, { housed: 'No' })).toEqual({ shelter: 'Shelter is required' });
    expect(formAnswerErrors(conditional, { housed: 'No' }, { requireAll: false })).toEqual({});
    expect(formAnswerErrors(conditional, { housed: 'No', shelter: 'long' }, { requireAll: false })).toEqual({
      shelter: 'Shelter must be at most 3 characters',
    });
  });
});

describe('completionPercentage and answers outside the template', () => {
  const template = {
    sections: [
      section('s', [
        field({ field_id: 'h', field_type: 'section_header' }),
        field({ field_id: 'a', field_type: 'text' }),
        field({ field_id: 'b', field_type: 'number' }),
        field({ field_id: 'c', field_type: 'checkbox', options: ['x'] }),
      ]),
    ],
  };

  it('is the answered non-header fields over all non-header fields, rounded (002 §5)', () => {
    expect(completionPercentage(template, {})).toBe(0);
    expect(completionPercentage(template, { a: 'x', h: 'ignored' })).toBe(33);
    expect(completionPercentage(template, { a: 'x', b: 0 })).toBe(67);
    expect(completionPercentage(template, { a: 'x', b: 1, c: ['x'] })).toBe(100);
    expect(completionPercentage({ sections: [] }, {})).toBe(0);
  });

  it('names the answers the template has no input for', () => {
    expect(answersOutsideTemplate(template, { a: 'x', h: 'y', zz: 1 })).toEqual(['h', 'zz']);
  });
});

describe('draft saves and half signatures', () => {
  const template = {
    sections: [
      section('s', [
        field({
          field_id: 'age',
          field_type: 'number',
          label: 'Age',
          required: true,
          validation: { min: 18 },
        }),
        field({ field_id: 'code', field_type: 'text', label: 'Code', validation: { pattern: '[A-Z]{3}' } }),
        field({ field_id: 'sig', field_type: 'signature', label: 'Signature' }),
      ]),
    ],
  };
  const draft = { requireAll: false, checkRules: false };

  it('a draft keeps answers that break a rule but refuses answers of the wrong kind', () => {
    expect(formAnswerErrors(template, { age: 9, code: 'ab' }, draft)).toEqual({});
    expect(formAnswerErrors(template, { age: 'nine' }, draft)).toEqual({ age: 'Age must be a number' });
    expect(formAnswerErrors(template, { age: 9, code: 'ab' })).toEqual({
      age: 'Age must be at least 18',
      code: 'Code format is invalid',
    });
  });

  it('a drawn signature without the typed name is refused, not taken as blank', () => {
    const half = { sig: { image: PNG, typed_name: ' ', signed_at: '2026-01-01T00:00:00Z' }, age: 30 };
    expect(formAnswerErrors(template, half)).toEqual({ sig: FORM_MESSAGES.signatureInvalid('Signature') });
    expect(formAnswerErrors(template, half, draft)).toEqual({
      sig: FORM_MESSAGES.signatureInvalid('Signature'),
    });
  });
});

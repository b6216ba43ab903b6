import { describe, expect, it } from 'vitest';
import {
  canMoveForm,
  compiledPattern,
  FORM_MESSAGES,
  type FormSection,
  formFieldSchema,
  formSectionSchema,
  formTemplateProblem,
  formTypeOf,
  optionsFromLines,
} from './forms.ts';
import { completionRateColor } from './forms-wire.ts';

const section = (extra: Partial<FormSection> = {}): FormSection =>
  formSectionSchema.parse({
    section_id: 'section_1',
    title: 'About the member',
    fields: [{ field_id: 'field_1', field_type: 'text', label: 'Name' }],
    ...extra,
  });

describe('formTemplateProblem (002 §5 template save)', () => {
  it('accepts a named template with a titled section of labelled fields', () => {
    expect(formTemplateProblem({ name: 'Intake', sections: [section()] })).toBeNull();
  });

  it('needs a name and at least one section', () => {
    expect(formTemplateProblem({ name: ' ', sections: [section()] })).toBe(FORM_MESSAGES.templateIncomplete);
    expect(formTemplateProblem({ name: 'Intake', sections: [] })).toBe(FORM_MESSAGES.templateIncomplete);
  });

  it('needs section titles, field labels and options for select, radio and checkbox fields', () => {
    expect(formTemplateProblem({ name: 'I', sections: [section({ title: '' })] })).toBe(
      FORM_MESSAGES.sectionTitleRequired,
    );
    const unlabelled = formFieldSchema.parse({ field_id: 'f', field_type: 'text', label: ' ' });
    expect(formTemplateProblem({ name: 'I', sections: [section({ fields: [unlabelled] })] })).toBe(
      FORM_MESSAGES.fieldLabelRequired,
    );
    for (const type of ['select', 'radio', 'checkbox'] as const) {
      const noOptions = formFieldSchema.parse({
        field_id: 'f',
        field_type: type,
        label: 'Pick',
        options: [' '],
      });
      expect(formTemplateProblem({ name: 'I', sections: [section({ fields: [noOptions] })] }), type).toBe(
        FORM_MESSAGES.optionsRequired,
      );
    }
  });

  it('refuses a pattern that does not compile, ids used twice and a condition on a field not in the form', () => {
    const broken = formFieldSchema.parse({
      field_id: 'f',
      field_type: 'text',
      label: 'Code',
      validation: { pattern: '([' },
    });
    expect(formTemplateProblem({ name: 'I', sections: [section({ fields: [broken] })] })).toBe(
      FORM_MESSAGES.patternBroken('Code'),
    );
    expect(formTemplateProblem({ name: 'I', sections: [section(), section()] })).toMatch(/share the id/);
    const twice = section({
      fields: [
        formFieldSchema.parse({ field_id: 'f', field_type: 'text', label: 'A' }),
        formFieldSchema.parse({ field_id: 'f', field_type: 'text', label: 'B' }),
      ],
    });
    expect(formTemplateProblem({ name: 'I', sections: [twice] })).toMatch(/share the id f/);
    const dangling = formFieldSchema.parse({
      field_id: 'g',
      field_type: 'text',
      label: 'Shelter',
      conditional_logic: { field_id: 'nowhere', operator: 'is_filled' },
    });
    expect(formTemplateProblem({ name: 'I', sections: [section({ fields: [dangling] })] })).toBe(
      FORM_MESSAGES.conditionUnknownField('Shelter'),
    );
  });
});

describe('the lists and small rules', () => {
  it('falls back to custom for an unknown form type (002 §9)', () => {
    expect(formTypeOf('intake')).toBe('intake');
    expect(formTypeOf('survey')).toBe('custom');
    expect(formTypeOf(undefined)).toBe('custom');
  });

  it('reads options one per line, blank lines dropped (002 §5)', () => {
    expect(optionsFromLines('Yes\r\n\n  No  \n\n')).toEqual(['Yes', 'No']);
  });

  it('matches a pattern against the whole answer', () => {
    expect(compiledPattern('\\d{5}')?.test('59601')).toBe(true);
    expect(compiledPattern('\\d{5}')?.test('596011')).toBe(false);
    expect(compiledPattern('a|b')?.test('ab')).toBe(false);
    expect(compiledPattern('(')).toBeNull();
  });

  it('refuses a field type or condition operator outside the lists, and unknown keys', () => {
    expect(formFieldSchema.safeParse({ field_id: 'f', field_type: 'color', label: 'x' }).success).toBe(false);
    expect(
      formFieldSchema.safeParse({
        field_id: 'f',
        field_type: 'text',
        label: 'x',
        conditional_logic: { field_id: 'g', operator: 'matches' },
      }).success,
    ).toBe(false);
    expect(
      formFieldSchema.safeParse({ field_id: 'f', field_type: 'text', label: 'x', extra: 1 }).success,
    ).toBe(false);
  });
});

describe('the form state machine', () => {
  it('submits a draft, reviews or approves a submitted form, approves a reviewed one, and nothing else', () => {
    expect(canMoveForm('draft', 'submitted')).toBe(true);
    expect(canMoveForm('submitted', 'reviewed')).toBe(true);
    expect(canMoveForm('submitted', 'approved')).toBe(true);
    expect(canMoveForm('reviewed', 'approved')).toBe(true);
    expect(canMoveForm('draft', 'approved')).toBe(false);
    expect(canMoveForm('approved', 'draft')).toBe(false);
    expect(canMoveForm('submitted', 'draft')).toBe(false);
  });

  it('colours a completion rate green at 80, blue at 60, amber below (002 §2)', () => {
    expect([80, 79.9, 60, 59.9].map(completionRateColor)).toEqual(['green', 'blue', 'blue', 'yellow']);
  });
});

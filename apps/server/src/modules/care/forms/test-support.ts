import type { FormInstance, FormTemplate, FormTemplateBodyInput } from '@trust/domain';
import { expect } from 'vitest';
import { api, type TestApp } from '../../../../test/helpers.ts';

// Factories for the smart-forms tests: template bodies through the API's own shape.

let seq = 0;

/**
 * A small intake template: a name, an age (required number, 18–120), a housing question, a shelter name shown
 * only when the housing answer is "Shelter", and a signature.
 */
export function intakeTemplate(overrides: Partial<FormTemplateBodyInput> = {}): FormTemplateBodyInput {
  return {
    name: `Intake ${++seq}`,
    description: 'Who the member is and where they live',
    form_type: 'intake',
    sections: [
      {
        section_id: 'section_about',
        title: 'About the member',
        fields: [
          {
            field_id: 'field_name',
            field_type: 'text',
            label: 'Preferred name',
            validation: { maxLength: 40 },
          },
          {
            field_id: 'field_age',
            field_type: 'number',
            label: 'Age',
            required: true,
            validation: { min: 18, max: 120 },
          },
        ],
      },
      {
        section_id: 'section_housing',
        title: 'Housing',
        fields: [
          {
            field_id: 'field_housing',
            field_type: 'radio',
            label: 'Where do you sleep most nights?',
            required: true,
            options: ['Own home', 'With family', 'Shelter'],
          },
          {
            field_id: 'field_shelter',
            field_type: 'text',
            label: 'Shelter name',
            required: true,
            conditional_logic: { field_id: 'field_housing', operator: 'equals', value: 'Shelter' },
          },
          { field_id: 'field_signature', field_type: 'signature', label: 'Member signature' },
        ],
      },
    ],
    ...overrides,
  };
}

/** POST /api/forms/templates/ as `token`; expects 201. */
export async function createTemplate(
  t: TestApp,
  token: string,
  org: number,
  body: FormTemplateBodyInput = intakeTemplate(),
): Promise<FormTemplate> {
  const res = await api(t)('POST', '/api/forms/templates/', token, org, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as FormTemplate;
}

/** POST /api/forms/instances/ as `token`; expects 201. */
export async function startForm(
  t: TestApp,
  token: string,
  org: number,
  body: { form_template_id: number; enrollment_id: number; assigned_to_user_id?: number; due_date?: string },
): Promise<FormInstance> {
  const res = await api(t)('POST', '/api/forms/instances/', token, org, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as FormInstance;
}

/** A real (tiny) PNG as a data URL: a drawn signature's shape. */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

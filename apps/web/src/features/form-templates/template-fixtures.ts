import type { FormTemplate, FormTemplateList } from '@trust/domain';

// Wire objects of the template API (002 §3 form template) for the Form Templates tests.

export function makeTemplate(overrides: Partial<FormTemplate> = {}): FormTemplate {
  return {
    id: 4,
    name: 'SDOH Screening',
    description: 'Social needs screening',
    program_id: null,
    program_name: null,
    form_type: 'assessment',
    sections: [
      {
        section_id: 'section_1',
        title: 'Housing',
        collapsible: true,
        collapsed_by_default: false,
        fields: [
          {
            field_id: 'field_1',
            field_type: 'radio',
            label: 'Do you have stable housing?',
            required: true,
            options: ['Yes', 'No'],
          },
          {
            field_id: 'field_2',
            field_type: 'textarea',
            label: 'Tell us more',
            required: false,
            conditional_logic: { field_id: 'field_1', operator: 'equals', value: 'No' },
          },
        ],
      },
    ],
    settings: { auto_save: true, allow_partial_save: true },
    is_active: true,
    version: 3,
    latest_version: 3,
    created_ts: '2026-02-03T15:00:00.000Z',
    last_updated_ts: '2026-02-05T15:00:00.000Z',
    created_by_name: 'Morgan Manager',
    usage_count: 2,
    ...overrides,
  };
}

export function makeTemplateList(
  templates: FormTemplate[],
  overrides: Partial<FormTemplateList> = {},
): FormTemplateList {
  return {
    templates,
    total: templates.length,
    stats: {
      total_templates: templates.length,
      active_templates: templates.filter((t) => t.is_active).length,
      total_forms: 0,
      completed_forms: 0,
      by_type: {},
    },
    ...overrides,
  };
}

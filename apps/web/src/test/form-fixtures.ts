import type {
  FormAnalyticsOverview,
  FormInstance,
  FormInstanceSummary,
  FormSection,
  FormTemplate,
  FormTemplateList,
} from '@trust/domain';

// Wire objects of the smart-forms API (002 §3 form template and instance) for the filler, library, analytics and
// dashboard tests. Made-up content (spec/README.md: no sample data of the original product).

export const INTAKE_SECTIONS: FormSection[] = [
  {
    section_id: 'section_household',
    title: 'Household',
    collapsible: true,
    collapsed_by_default: false,
    fields: [
      {
        field_id: 'field_size',
        field_type: 'number',
        label: 'People in the household',
        required: true,
        validation: { min: 1, max: 20 },
      },
      {
        field_id: 'field_housing',
        field_type: 'radio',
        label: 'Housing today',
        required: false,
        options: ['Stable', 'At risk'],
      },
      {
        field_id: 'field_risk_reason',
        field_type: 'textarea',
        label: 'What puts the housing at risk?',
        required: true,
        conditional_logic: { field_id: 'field_housing', operator: 'equals', value: 'At risk' },
      },
    ],
  },
  {
    section_id: 'section_notes',
    title: 'Notes',
    collapsible: true,
    collapsed_by_default: true,
    fields: [{ field_id: 'field_notes', field_type: 'text', label: 'Anything else', required: false }],
  },
];

export function makeFormTemplate(overrides: Partial<FormTemplate> = {}): FormTemplate {
  return {
    id: 5,
    name: 'Household Intake',
    description: 'Who lives with the member and how stable the housing is.',
    program_id: null,
    program_name: null,
    form_type: 'intake',
    sections: INTAKE_SECTIONS,
    settings: { auto_save: true, allow_partial_save: true },
    is_active: true,
    version: 2,
    latest_version: 2,
    created_ts: '2026-03-01T10:00:00.000Z',
    last_updated_ts: '2026-03-02T10:00:00.000Z',
    created_by_name: 'Morgan Manager',
    usage_count: 4,
    ...overrides,
  };
}

export function makeFormTemplateList(
  templates: FormTemplate[],
  overrides: Partial<FormTemplateList> = {},
): FormTemplateList {
  return {
    templates,
    total: templates.length,
    stats: {
      total_templates: templates.length,
      active_templates: templates.filter((t) => t.is_active).length,
      total_forms: 12,
      completed_forms: 7,
      by_type: {},
    },
    ...overrides,
  };
}

export function makeFormInstance(overrides: Partial<FormInstance> = {}): FormInstance {
  return {
    id: 31,
    form_template_id: 5,
    form_template_name: 'Household Intake',
    form_template_version: 2,
    form_type: 'intake',
    enrollment_id: 12,
    member_name: 'Rosa Delgado',
    program_name: 'Enhanced Care Management',
    status: 'draft',
    field_data: {},
    completion_percentage: 0,
    assigned_to_user_id: null,
    assigned_to_name: null,
    due_date: null,
    started_at: '2026-03-04T09:00:00.000Z',
    submitted_at: null,
    reviewed_at: null,
    reviewed_by_name: null,
    approved_at: null,
    approved_by_name: null,
    review_comment: null,
    last_updated_ts: '2026-03-04T09:00:00.000Z',
    last_updated_by_name: 'Dana Rivers',
    created_by_name: 'Dana Rivers',
    revision: 3,
    can_edit: true,
    can_review: false,
    can_delete: true,
    ...overrides,
  };
}

export function makeFormSummary(overrides: Partial<FormInstanceSummary> = {}): FormInstanceSummary {
  const { field_data: _answers, ...summary } = makeFormInstance(overrides);
  return summary;
}

export function makeFormAnalytics(overrides: Partial<FormAnalyticsOverview> = {}): FormAnalyticsOverview {
  return {
    start_date: '2026-02-03',
    end_date: '2026-03-04',
    generated_at: '2026-03-04T12:00:00.000Z',
    overview: {
      total_forms: 40,
      completed_forms: 30,
      pending_review: 6,
      draft_forms: 10,
      completion_rate: 75,
      avg_completion_time: 95,
    },
    by_type: [
      {
        form_type: 'intake',
        total_submissions: 17,
        total_forms: 20,
        completion_rate: 85,
        avg_time_minutes: 60,
        by_template: [],
      },
      {
        form_type: 'consent',
        total_submissions: 6,
        total_forms: 10,
        completion_rate: 60,
        avg_time_minutes: 20,
        by_template: [],
      },
      {
        form_type: 'care_plan',
        total_submissions: 5,
        total_forms: 10,
        completion_rate: 50,
        avg_time_minutes: null,
        by_template: [],
      },
    ],
    most_used: [
      { template_id: 5, template_name: 'Household Intake', form_type: 'intake', usage_count: 20 },
      { template_id: 6, template_name: 'Consent to Share', form_type: 'consent', usage_count: 10 },
    ],
    compliance: { overdue: 3, due_soon: 2, compliant: 14 },
    ...overrides,
  };
}

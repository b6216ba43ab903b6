import { z } from 'zod';

// Smart forms (002 §2 "Smart forms", §3 form template / section / field / instance, §4, §5, §9; issue #16): the
// lists of allowed values, the template's shape and its save rules. The rules a filled form answers to
// (conditional logic, validation, completion) are in form-rules.ts; both the browser and the server use them.

/** 002 §9 field types. A section header is a heading inside a section, not an input. */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'date',
  'time',
  'datetime',
  'select',
  'radio',
  'checkbox',
  'file',
  'signature',
  'section_header',
  'rich_text',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const FORM_FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  textarea: 'Long text',
  number: 'Number',
  date: 'Date',
  time: 'Time',
  datetime: 'Date and time',
  select: 'Dropdown',
  radio: 'Single choice',
  checkbox: 'Checkboxes',
  file: 'File upload',
  signature: 'Signature',
  section_header: 'Section header',
  rich_text: 'Formatted text',
};

/** The field types whose answers are one or several of the field's options (002 §5: options required). */
export const FORM_OPTION_FIELD_TYPES: readonly FormFieldType[] = ['select', 'radio', 'checkbox'];

/** 002 §9 form types; an unknown type falls back to custom. */
export const FORM_TYPES = [
  'assessment',
  'progress_note',
  'intake',
  'consent',
  'care_plan',
  'billing',
  'custom',
] as const;
export type FormType = (typeof FORM_TYPES)[number];

export const FORM_TYPE_LABELS: Record<FormType, string> = {
  assessment: 'Assessment',
  progress_note: 'Progress Note',
  intake: 'Intake',
  consent: 'Consent',
  care_plan: 'Care Plan',
  billing: 'Billing',
  custom: 'Custom',
};

/** 002 §9: "unknown types fall back to custom". */
export function formTypeOf(value: unknown): FormType {
  return (FORM_TYPES as readonly unknown[]).includes(value) ? (value as FormType) : 'custom';
}

/** 002 §4, §9: a draft is editable; submitted, reviewed and approved are read-only. */
export const FORM_INSTANCE_STATUSES = ['draft', 'submitted', 'reviewed', 'approved'] as const;
export type FormInstanceStatus = (typeof FORM_INSTANCE_STATUSES)[number];

/**
 * The form state machine (002 §4; issue #16: reviewed and approved are set by managers and administrators).
 * A draft is submitted by a writer who sees it; a submitted form is reviewed or approved, a reviewed one approved.
 */
export const FORM_TRANSITIONS: Readonly<Record<FormInstanceStatus, readonly FormInstanceStatus[]>> = {
  draft: ['submitted'],
  submitted: ['reviewed', 'approved'],
  reviewed: ['approved'],
  approved: [],
};

export function canMoveForm(from: FormInstanceStatus, to: FormInstanceStatus): boolean {
  return FORM_TRANSITIONS[from].includes(to);
}

/** The conditions a field or section can be shown on (issue #16 item 1). */
export const FORM_CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'greater_than',
  'less_than',
  'is_filled',
] as const;
export type FormConditionOperator = (typeof FORM_CONDITION_OPERATORS)[number];

export const FORM_CONDITION_OPERATOR_LABELS: Record<FormConditionOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  greater_than: 'is greater than',
  less_than: 'is less than',
  is_filled: 'is filled',
};

/** 002 §9 new template defaults. */
export const FORM_TEMPLATE_DEFAULTS = {
  form_type: 'custom',
  settings: { auto_save: true, allow_partial_save: true },
  is_active: true,
} as const;

/** 002 §5, §8: the texts of template saves and submissions. `{label}` is the field's label. */
export const FORM_MESSAGES = {
  templateIncomplete: 'Please provide a template name and at least one section',
  sectionTitleRequired: 'Section title is required',
  fieldLabelRequired: 'Field label is required',
  optionsRequired: 'Options are required for select, radio and checkbox fields',
  submissionInvalid: 'Please fix the validation errors before submitting',
  required: (label: string) => `${label} is required`,
  atLeast: (label: string, min: number) => `${label} must be at least ${min}`,
  atMost: (label: string, max: number) => `${label} must be at most ${max}`,
  minLength: (label: string, n: number) => `${label} must be at least ${n} characters`,
  maxLength: (label: string, n: number) => `${label} must be at most ${n} characters`,
  patternInvalid: (label: string) => `${label} format is invalid`,
  after: (label: string, date: string) => `${label} must be after ${date}`,
  before: (label: string, date: string) => `${label} must be before ${date}`,
  // Not in the spec's list, for values the browser cannot produce but a caller can send.
  notANumber: (label: string) => `${label} must be a number`,
  notADate: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
  notATime: (label: string) => `${label} must be a time (HH:MM)`,
  notADateTime: (label: string) => `${label} must be a date and time`,
  notAnOption: (label: string) => `${label} must be one of its options`,
  notText: (label: string) => `${label} must be text`,
  fileInvalid: (label: string) => `${label} must be an uploaded file`,
  signatureInvalid: (label: string) => `${label} needs a drawn signature and the signer's typed name`,
  patternBroken: (label: string) => `The pattern of ${label} is not a valid regular expression`,
  conditionUnknownField: (label: string) =>
    `The condition of ${label} names a field that is not in this form`,
  fetchTemplatesFailed: 'Failed to fetch form templates',
  createTemplateFailed: 'Failed to create form template',
  updateTemplateFailed: 'Failed to update form template',
  deleteTemplateFailed: 'Failed to delete form template',
  fetchTemplateFailed: 'Failed to fetch form template',
  fetchInstancesFailed: 'Failed to fetch form instances',
  createInstanceFailed: 'Failed to create form instance',
  fetchInstanceFailed: 'Failed to fetch form instance',
  submitFailed: 'Failed to submit form',
  deleteInstanceFailed: 'Failed to delete form instance',
} as const;

// --- The template's shape ---

const trimmed = (max: number) => z.string().trim().max(max);

/** Show a field or section only when another field's answer meets a condition (evaluated in form-rules.ts). */
export const formConditionSchema = z.strictObject({
  field_id: z.string().trim().min(1).max(100),
  operator: z.enum(FORM_CONDITION_OPERATORS),
  /** What the answer is compared with; is_filled needs none. */
  value: z.union([z.string().max(500), z.number()]).optional(),
});
export type FormCondition = z.infer<typeof formConditionSchema>;

export const formFieldValidationSchema = z.strictObject({
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().positive().optional(),
  minLength: z.number().int().min(0).optional(),
  maxLength: z.number().int().min(1).optional(),
  pattern: z.string().max(500).optional(),
  patternMessage: trimmed(300).optional(),
  minDate: z.string().max(32).optional(),
  maxDate: z.string().max(32).optional(),
});
export type FormFieldValidation = z.infer<typeof formFieldValidationSchema>;

export const formFieldSchema = z.strictObject({
  field_id: z.string().trim().min(1).max(100),
  field_type: z.enum(FORM_FIELD_TYPES),
  label: trimmed(300),
  description: trimmed(2000).optional(),
  required: z.boolean().default(false),
  /** One per line in the editor, blank lines dropped (002 §5). */
  options: z.array(trimmed(300)).max(500).optional(),
  validation: formFieldValidationSchema.optional(),
  conditional_logic: formConditionSchema.nullish(),
  default_value: z.union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string())]).nullish(),
  placeholder: trimmed(300).optional(),
  help_text: trimmed(2000).optional(),
  order: z.number().int().min(0).optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

export const formSectionSchema = z.strictObject({
  section_id: z.string().trim().min(1).max(100),
  title: trimmed(300),
  description: trimmed(2000).optional(),
  fields: z.array(formFieldSchema).max(500),
  order: z.number().int().min(0).optional(),
  collapsible: z.boolean().default(true),
  collapsed_by_default: z.boolean().default(false),
  conditional_logic: formConditionSchema.nullish(),
});
export type FormSection = z.infer<typeof formSectionSchema>;

/** What a template save is checked against (002 §5), besides its shape: the messages of FORM_MESSAGES. */
export type FormTemplateContent = { name: string; sections: readonly FormSection[] };

/**
 * Why a template cannot be saved (002 §5), or null: a name and at least one section, every section titled,
 * every field labelled, options for the option fields, a pattern that compiles, ids unique, and conditions that
 * name a field of the form. Checked in the editor and again on the server.
 */
export function formTemplateProblem(template: FormTemplateContent): string | null {
  if (!template.name.trim() || template.sections.length === 0) return FORM_MESSAGES.templateIncomplete;
  const fieldIds = new Set<string>();
  const sectionIds = new Set<string>();
  for (const section of template.sections) {
    if (!section.title.trim()) return FORM_MESSAGES.sectionTitleRequired;
    if (sectionIds.has(section.section_id)) return `Two sections share the id ${section.section_id}`;
    sectionIds.add(section.section_id);
    for (const field of section.fields) {
      if (!field.label.trim()) return FORM_MESSAGES.fieldLabelRequired;
      if (fieldIds.has(field.field_id)) return `Two fields share the id ${field.field_id}`;
      fieldIds.add(field.field_id);
      if (
        FORM_OPTION_FIELD_TYPES.includes(field.field_type) &&
        !(field.options ?? []).some((o) => o.trim())
      ) {
        return FORM_MESSAGES.optionsRequired;
      }
      const pattern = field.validation?.pattern;
      if (pattern !== undefined && pattern !== '' && compiledPattern(pattern) === null) {
        return FORM_MESSAGES.patternBroken(field.label);
      }
    }
  }
  for (const section of template.sections) {
    const conditions = [
      { label: section.title, condition: section.conditional_logic },
      ...section.fields.map((f) => ({ label: f.label, condition: f.conditional_logic })),
    ];
    for (const { label, condition } of conditions) {
      if (condition && !fieldIds.has(condition.field_id)) return FORM_MESSAGES.conditionUnknownField(label);
    }
  }
  return null;
}

/** A field's pattern as a whole-value regular expression, or null when it does not compile. */
export function compiledPattern(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return null;
  }
}

/** 002 §5 editor rule: options are typed one per line; blank lines are dropped. */
export function optionsFromLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

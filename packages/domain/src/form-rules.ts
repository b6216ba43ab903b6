import {
  compiledPattern,
  FORM_MESSAGES,
  type FormCondition,
  type FormField,
  type FormSection,
} from './forms.ts';
import { isCalendarDate } from './members.ts';

// The rules a filled form answers to (002 §5, issue #16 items 1 and 2): which fields and sections show (their
// conditional logic), what each answer must be, and how complete a form is. The filler runs them as the user
// types and the server runs them again on every save and submit against the version the form is pinned to, so
// the browser's checks can be bypassed without effect.

/** What a form's answers are: field id → the answer (text, number, options, a file, a signature). */
export type FormAnswers = Readonly<Record<string, unknown>>;

type TemplateSections = { sections: readonly FormSection[] };

/** An uploaded file's answer: the stored document it is. */
export type FormFileAnswer = { file_id: number; file_name: string };
/** A signature's answer: the drawn image (a PNG data URL), the signer's typed name, and when it was signed. */
export type FormSignatureAnswer = { image: string; typed_name: string; signed_at: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Whether an answer counts as given: text not blank, a choice made, a file uploaded, a signature drawn. */
export function isAnswered(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.some(isAnswered);
  if (isRecord(value)) {
    if ('file_name' in value) return typeof value.file_name === 'string' && value.file_name !== '';
    if ('image' in value) return isAnswered(value.image) && isAnswered(value.typed_name);
  }
  return false;
}

const numberOf = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const textOf = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const same = (a: unknown, b: unknown): boolean => {
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== null && y !== null) return x === y;
  return textOf(a).trim().toLowerCase() === textOf(b).trim().toLowerCase();
};

/**
 * A condition on another field's answer: equals / not equals (numbers as numbers, texts ignoring case; a
 * checkbox answer equals a value it includes), contains (text, or one of the options chosen), greater / less
 * than (numbers, or dates and times as written: ISO strings compare in order), is filled.
 */
export function conditionMet(condition: FormCondition, answers: FormAnswers): boolean {
  const answer = answers[condition.field_id];
  const value = condition.value;
  switch (condition.operator) {
    case 'is_filled':
      return isAnswered(answer);
    case 'equals':
      return Array.isArray(answer)
        ? answer.some((a) => same(a, value))
        : isAnswered(answer) && same(answer, value);
    case 'not_equals':
      return Array.isArray(answer) ? !answer.some((a) => same(a, value)) : !same(answer, value);
    case 'contains': {
      const needle = textOf(value).trim().toLowerCase();
      if (Array.isArray(answer)) return answer.some((a) => textOf(a).toLowerCase().includes(needle));
      return isAnswered(answer) && textOf(answer).toLowerCase().includes(needle);
    }
    case 'greater_than':
    case 'less_than': {
      if (!isAnswered(answer) || value === undefined) return false;
      const x = numberOf(answer);
      const y = numberOf(value);
      const order =
        x !== null && y !== null ? Math.sign(x - y) : textOf(answer).localeCompare(textOf(value), 'en');
      return condition.operator === 'greater_than' ? order > 0 : order < 0;
    }
  }
}

/**
 * The ids of the sections and fields that show for these answers. A hidden field's answer counts as not given,
 * so a field shown on a hidden field's answer hides too (worked out until nothing changes).
 */
export function visibleParts(
  template: TemplateSections,
  answers: FormAnswers,
): { sections: Set<string>; fields: Set<string> } {
  let sections = new Set<string>();
  let fields = new Set<string>();
  let effective: FormAnswers = answers;
  const total = template.sections.reduce((n, s) => n + s.fields.length + 1, 1);
  for (let round = 0; round < total; round++) {
    const nextSections = new Set<string>();
    const nextFields = new Set<string>();
    for (const section of template.sections) {
      if (section.conditional_logic && !conditionMet(section.conditional_logic, effective)) continue;
      nextSections.add(section.section_id);
      for (const field of section.fields) {
        if (field.conditional_logic && !conditionMet(field.conditional_logic, effective)) continue;
        nextFields.add(field.field_id);
      }
    }
    const settled = sameSet(nextFields, fields) && sameSet(nextSections, sections);
    sections = nextSections;
    fields = nextFields;
    if (settled) break;
    effective = Object.fromEntries(Object.entries(answers).filter(([id]) => fields.has(id)));
  }
  return { sections, fields };
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** The fields that take an answer (a section header is a heading, not an input). */
export function inputFields(template: TemplateSections): FormField[] {
  return template.sections.flatMap((s) => s.fields.filter((f) => f.field_type !== 'section_header'));
}

/** 002 §5: completion = answered non-header fields ÷ all non-header fields, rounded to a whole percent. */
export function completionPercentage(template: TemplateSections, answers: FormAnswers): number {
  const fields = inputFields(template);
  if (fields.length === 0) return 0;
  const answered = fields.filter((f) => isAnswered(answers[f.field_id])).length;
  return Math.round((answered / fields.length) * 100);
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Why one answer is refused (002 §5 messages), or null. The answer is given (`isAnswered`). Without `checkRules`
 * only its kind is checked (a number, a date, one of the options…), not the field's rules (min, length, pattern,
 * date bounds): what a draft needs, so a value typed halfway is saved rather than lost.
 */
function answerProblem(field: FormField, value: unknown, checkRules: boolean): string | null {
  const label = field.label;
  const rules = checkRules ? (field.validation ?? {}) : {};
  switch (field.field_type) {
    case 'text':
    case 'textarea':
    case 'rich_text': {
      if (typeof value !== 'string') return FORM_MESSAGES.notText(label);
      if (field.field_type === 'rich_text') return null;
      const text = value.trim();
      if (rules.minLength !== undefined && text.length < rules.minLength)
        return FORM_MESSAGES.minLength(label, rules.minLength);
      if (rules.maxLength !== undefined && text.length > rules.maxLength)
        return FORM_MESSAGES.maxLength(label, rules.maxLength);
      if (rules.pattern) {
        const pattern = compiledPattern(rules.pattern);
        if (pattern && !pattern.test(text))
          return rules.patternMessage || FORM_MESSAGES.patternInvalid(label);
      }
      return null;
    }
    case 'number': {
      const n = numberOf(value);
      if (n === null) return FORM_MESSAGES.notANumber(label);
      if (rules.min !== undefined && n < rules.min) return FORM_MESSAGES.atLeast(label, rules.min);
      if (rules.max !== undefined && n > rules.max) return FORM_MESSAGES.atMost(label, rules.max);
      return null;
    }
    case 'date':
    case 'datetime': {
      const text = textOf(value).trim();
      if (
        field.field_type === 'date' ? !isCalendarDate(text) : !isCalendarDate(DATETIME.exec(text)?.[1] ?? '')
      ) {
        return field.field_type === 'date'
          ? FORM_MESSAGES.notADate(label)
          : FORM_MESSAGES.notADateTime(label);
      }
      // A bound compares with as much of the answer as it gives: a date bound with a date-time's day.
      if (rules.minDate && text.slice(0, rules.minDate.length) < rules.minDate)
        return FORM_MESSAGES.after(label, rules.minDate);
      if (rules.maxDate && text.slice(0, rules.maxDate.length) > rules.maxDate)
        return FORM_MESSAGES.before(label, rules.maxDate);
      return null;
    }
    case 'time':
      return TIME.test(textOf(value).trim()) ? null : FORM_MESSAGES.notATime(label);
    case 'select':
    case 'radio':
      return typeof value === 'string' && (field.options ?? []).includes(value)
        ? null
        : FORM_MESSAGES.notAnOption(label);
    case 'checkbox': {
      const chosen = Array.isArray(value) ? value : [value];
      return chosen.every((c) => typeof c === 'string' && (field.options ?? []).includes(c))
        ? null
        : FORM_MESSAGES.notAnOption(label);
    }
    case 'file':
      return isRecord(value) &&
        typeof value.file_id === 'number' &&
        Number.isInteger(value.file_id) &&
        typeof value.file_name === 'string'
        ? null
        : FORM_MESSAGES.fileInvalid(label);
    case 'signature':
      return isRecord(value) &&
        typeof value.image === 'string' &&
        value.image.startsWith('data:image/png;base64,') &&
        typeof value.typed_name === 'string' &&
        value.typed_name.trim() !== '' &&
        typeof value.signed_at === 'string' &&
        !Number.isNaN(Date.parse(value.signed_at))
        ? null
        : FORM_MESSAGES.signatureInvalid(label);
    case 'section_header':
      return null;
  }
}

/**
 * Every shown field's problem, by field id (002 §5): required and not answered is "{label} is required"; an
 * answer is checked by its type and its field's rules. Hidden fields are neither required nor checked. A draft
 * save passes `{ requireAll: false, checkRules: false }`: only the kind of each answer given is checked.
 */
export function formAnswerErrors(
  template: TemplateSections,
  answers: FormAnswers,
  options: { requireAll: boolean; checkRules?: boolean } = { requireAll: true },
): Record<string, string> {
  const checkRules = options.checkRules ?? true;
  const shown = visibleParts(template, answers).fields;
  const errors: Record<string, string> = {};
  for (const field of inputFields(template)) {
    if (!shown.has(field.field_id)) continue;
    const value = answers[field.field_id];
    // A drawn signature without the signer's typed name is half an answer: refused, not taken as blank.
    if (
      field.field_type === 'signature' &&
      isRecord(value) &&
      isAnswered(value.image) &&
      !isAnswered(value)
    ) {
      errors[field.field_id] = FORM_MESSAGES.signatureInvalid(field.label);
      continue;
    }
    if (!isAnswered(value)) {
      if (options.requireAll && field.required) errors[field.field_id] = FORM_MESSAGES.required(field.label);
      continue;
    }
    const problem = answerProblem(field, value, checkRules);
    if (problem) errors[field.field_id] = problem;
  }
  return errors;
}

/** Answers the template has no field for (a caller's typo or an old version's field): the server refuses them. */
export function answersOutsideTemplate(template: TemplateSections, answers: FormAnswers): string[] {
  const ids = new Set(inputFields(template).map((f) => f.field_id));
  return Object.keys(answers).filter((id) => !ids.has(id));
}

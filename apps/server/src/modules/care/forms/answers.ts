import {
  answersOutsideTemplate,
  FORM_FIELD_DATA_MAX_BYTES,
  FORM_MESSAGES,
  FORM_SERVER_MESSAGES,
  FORM_SIGNATURE_MAX_BYTES,
  type FormAnswers,
  type FormSection,
  formAnswerErrors,
  inputFields,
} from '@trust/domain';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { sanitizeNoteHtml } from '../../referrals/case-notes/sanitize.ts';
import { documentIdsOfEnrollment } from '../enrollments/documents-service.ts';
import { canonicalJson } from './canonical-json.ts';

// The server's check of a form's answers (002 §5; issue #16 "Bad input"): the browser runs the same rules
// (form-rules.ts) but can be bypassed, so every save runs them again against the version the form is pinned to,
// plus what only the server can know: that a file answer is a document of this enrollment, that a signature is a
// real PNG of a sane size, and that formatted text holds only the editor's markup.

const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError('form_instance.invalid', message, fields ? { fields } : {});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_PREFIX = 'data:image/png;base64,';

/** The decoded bytes of a signature's data URL are a PNG no larger than the limit. */
function signatureProblem(label: string, value: unknown): string | null {
  const image = (value as { image?: unknown } | null)?.image;
  if (typeof image !== 'string' || !image.startsWith(PNG_PREFIX)) return null; // the shared rules refuse it
  const base64 = image.slice(PNG_PREFIX.length);
  if ((base64.length * 3) / 4 > FORM_SIGNATURE_MAX_BYTES)
    return FORM_SERVER_MESSAGES.signatureTooLarge(label);
  const bytes = Buffer.from(base64, 'base64');
  return bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? null : FORM_MESSAGES.signatureInvalid(label);
}

/**
 * The answers to store, checked: every key a field of the pinned version; formatted text sanitised; file answers
 * documents of the enrollment; a submission answers every shown required field and keeps every rule, a draft
 * only has answers of the right kind (a number where a number goes), so half-typed work is never refused.
 * Refuses with 400 'form_instance.invalid' naming each field (`fields`).
 */
export async function checkedAnswers(
  ctx: OrgContext,
  input: {
    sections: readonly FormSection[];
    enrollmentId: number;
    answers: FormAnswers;
    submitting: boolean;
  },
): Promise<Record<string, unknown>> {
  if (JSON.stringify(input.answers).length > FORM_FIELD_DATA_MAX_BYTES) {
    throw invalid(FORM_SERVER_MESSAGES.fieldDataTooLarge);
  }
  const template = { sections: input.sections };
  const unknown = answersOutsideTemplate(template, input.answers);
  if (unknown.length > 0) throw invalid(FORM_SERVER_MESSAGES.unknownFields(unknown.slice(0, 10)));

  const answers: Record<string, unknown> = { ...input.answers };
  const errors: Record<string, string> = {};
  const files = new Map<number, string>();
  for (const field of inputFields(template)) {
    const value = answers[field.field_id];
    if (value === undefined || value === null) continue;
    if (field.field_type === 'rich_text' && typeof value === 'string') {
      answers[field.field_id] = sanitizeNoteHtml(value);
    } else if (field.field_type === 'signature') {
      const problem = signatureProblem(field.label, value);
      if (problem) errors[field.field_id] = problem;
    } else if (field.field_type === 'file') {
      const fileId = (value as { file_id?: unknown }).file_id;
      if (typeof fileId === 'number' && Number.isInteger(fileId)) files.set(fileId, field.field_id);
    }
  }
  if (files.size > 0) {
    const known = await documentIdsOfEnrollment(ctx, input.enrollmentId, [...files.keys()]);
    const labels = new Map(inputFields(template).map((f) => [f.field_id, f.label]));
    for (const [fileId, fieldId] of files) {
      if (!known.has(fileId)) {
        errors[fieldId] = FORM_SERVER_MESSAGES.fileNotOfEnrollment(labels.get(fieldId) ?? fieldId);
      }
    }
  }
  const ruleErrors = formAnswerErrors(
    template,
    answers,
    input.submitting ? { requireAll: true } : { requireAll: false, checkRules: false },
  );
  Object.assign(errors, ruleErrors, errors);
  const messages = Object.values(errors);
  if (messages.length > 0) {
    const summary = messages.slice(0, 5).join('; ');
    throw invalid(input.submitting ? `${FORM_MESSAGES.submissionInvalid}: ${summary}` : summary, errors);
  }
  return answers;
}

/** The answers a new form starts with: each field's default value. */
export function defaultAnswers(sections: readonly FormSection[]): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of inputFields({ sections })) {
    if (field.default_value !== undefined && field.default_value !== null && field.default_value !== '') {
      answers[field.field_id] = field.default_value;
    }
  }
  return answers;
}

/** The ids of the fields whose answers differ between two versions of a form's answers. */
export function changedFieldIds(before: FormAnswers, after: FormAnswers): string[] {
  const ids = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...ids].filter((id) => canonicalJson(before[id]) !== canonicalJson(after[id]));
}

import {
  EMAIL_ATTACHMENT_DEFAULT_MAX_BYTES,
  EMAIL_ATTACHMENTS_MAX,
  EMAIL_ATTACHMENTS_TOTAL_MAX_BYTES,
  EMAIL_MESSAGES,
  type EmailTemplate,
  renderTemplate,
  type TemplateValues,
} from '@trust/domain';

/** The CC field: addresses separated by commas, semicolons or spaces. */
export function parseCc(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * The attachment limits the server enforces, checked before the upload so a user does not wait for a refusal
 * (the server's own limit, EMAIL_ATTACHMENT_MAX_BYTES, may be lower and answers 413 with its reason).
 */
export function attachmentsProblem(files: readonly File[]): string | null {
  if (files.length > EMAIL_ATTACHMENTS_MAX) return EMAIL_MESSAGES.tooManyAttachments;
  if (files.some((f) => f.size === 0)) return EMAIL_MESSAGES.emptyAttachment;
  if (files.some((f) => f.size > EMAIL_ATTACHMENT_DEFAULT_MAX_BYTES))
    return EMAIL_MESSAGES.attachmentTooLarge;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > EMAIL_ATTACHMENTS_TOTAL_MAX_BYTES) return EMAIL_MESSAGES.attachmentsTooLarge;
  return null;
}

/** 001 §2.13 option label: the template's name and type. */
export function templateLabel(template: EmailTemplate): string {
  return `${template.template_name} (${template.template_type})`;
}

/**
 * A template's subject and body with the placeholders the browser knows filled; the others stay as typed
 * ({{member_dob}}) for the server, which holds the whole referral, to fill when it sends (renderTemplate
 * keepMissing). The HTML body is used when the composer is in HTML mode and the template has one.
 */
export function fillTemplate(
  template: EmailTemplate,
  values: TemplateValues,
  html: boolean,
): { subject: string; body: string } {
  const body =
    html && template.body_html_template ? template.body_html_template : template.body_text_template;
  return {
    subject: renderTemplate(template.subject_template, values, { keepMissing: true }),
    body: renderTemplate(body, values, { keepMissing: true }),
  };
}

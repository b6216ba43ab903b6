import type { EmailTemplate } from './email-wire.ts';
import {
  REFERRAL_TEMPLATES,
  type ReferralTemplate,
  renderTemplate,
  TEMPLATE_PLACEHOLDERS,
  type TemplatePlaceholder,
  type TemplateValues,
} from './referral-templates.ts';

// Email templates of provider conversations (001 §3 Email template; §2.13 Template dropdown, option label
// "template name plus type"; §9 "email (standard, detailed with follow-up)"). They are the email templates of
// the referral send (referral-templates.ts), with the same texts and placeholders, plus an HTML variant made
// from the text, so a coordinator writes the same message whichever screen they start from.

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * A text body as HTML: escaped, one paragraph per blank-line block, line breaks kept. `{{placeholders}}`
 * survive (they hold no HTML-special character) and are filled later with escaped values.
 */
export function textToEmailHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** 'standard' from 'email_standard'. */
function typeOf(template: ReferralTemplate): string {
  return template.id.replace(/^email_/, '');
}

const NAMES: Record<string, string> = {
  email_standard: 'Standard referral',
  email_detailed: 'Detailed referral with follow-up',
};

/** 001 §3 Email template, one per email template of the referral send (001 §9: standard, detailed). */
export const EMAIL_TEMPLATES: readonly EmailTemplate[] = REFERRAL_TEMPLATES.filter(
  (t) => t.channel === 'email',
).map((t) => ({
  id: t.id,
  template_name: NAMES[t.id] ?? t.name,
  template_type: typeOf(t),
  subject_template: t.subject ?? 'Referral #{{referral_id}}',
  body_text_template: t.body,
  body_html_template: textToEmailHtml(t.body),
}));

export function findEmailTemplate(id: string): EmailTemplate | null {
  return EMAIL_TEMPLATES.find((t) => t.id === id) ?? null;
}

/** 001 §2.13 option label: the template name plus its type. */
export function emailTemplateLabel(template: Pick<EmailTemplate, 'template_name' | 'template_type'>): string {
  return `${template.template_name} (${template.template_type})`;
}

/** The values with every one escaped for HTML (a member's name may hold '<' or '&'). */
function escapedValues(values: TemplateValues): TemplateValues {
  const out: TemplateValues = {};
  for (const key of TEMPLATE_PLACEHOLDERS as readonly TemplatePlaceholder[]) {
    const value = values[key];
    if (value != null) out[key] = escapeHtml(value);
  }
  return out;
}

/**
 * Fills an HTML template: like renderTemplate (001 §3 fallbacks 'N/A', 'Provider', 'Member', 'Normal'), with
 * every value escaped, so a value never becomes markup.
 */
export function renderHtmlTemplate(
  html: string,
  values: TemplateValues,
  options: { keepMissing?: boolean } = {},
): string {
  return renderTemplate(html, escapedValues(values), options);
}

export type RenderedEmail = { subject: string; text: string; html: string | null };

/** A template filled for one referral and provider: subject, text and HTML (001 §3 placeholders and fallbacks). */
export function renderEmailTemplate(
  template: Pick<EmailTemplate, 'subject_template' | 'body_text_template' | 'body_html_template'>,
  values: TemplateValues,
): RenderedEmail {
  return {
    // A subject is one line: a value with a line break must not add a header line.
    subject: renderTemplate(template.subject_template, values).replace(/[\r\n]+/g, ' '),
    text: renderTemplate(template.body_text_template, values),
    html:
      template.body_html_template === null ? null : renderHtmlTemplate(template.body_html_template, values),
  };
}

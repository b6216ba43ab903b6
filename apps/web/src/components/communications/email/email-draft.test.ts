import { EMAIL_MESSAGES, type EmailTemplate } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { attachmentsProblem, fillTemplate, parseCc, templateLabel } from './email-draft.ts';

const template: EmailTemplate = {
  id: 'email_standard',
  template_name: 'Standard referral',
  template_type: 'standard',
  subject_template: 'New referral #{{referral_id}}',
  body_text_template: 'Dear {{provider_name}}, member {{member_name}} born {{member_dob}}.',
  body_html_template: '<p>Dear {{provider_name}}</p>',
};

const file = (size: number, name = 'a.pdf') => new File([new Uint8Array(size)], name);

describe('email composer rules (001 §2.13)', () => {
  it('labels a template with its name and type', () => {
    expect(templateLabel(template)).toBe('Standard referral (standard)');
  });

  it('fills what the browser knows and leaves the rest for the server', () => {
    const values = {
      provider_name: 'Marigold Community Pantry',
      referral_id: '4821093756',
      member_name: 'Imani',
    };
    expect(fillTemplate(template, values, false)).toEqual({
      subject: 'New referral #4821093756',
      body: 'Dear Marigold Community Pantry, member Imani born {{member_dob}}.',
    });
    expect(fillTemplate(template, values, true).body).toBe('<p>Dear Marigold Community Pantry</p>');
  });

  it('reads the CC list', () => {
    expect(parseCc(' a@x.org, b@y.org;c@z.org  ')).toEqual(['a@x.org', 'b@y.org', 'c@z.org']);
    expect(parseCc('')).toEqual([]);
  });

  it('checks the attachment limits before uploading', () => {
    expect(attachmentsProblem([file(10)])).toBeNull();
    expect(attachmentsProblem(Array.from({ length: 11 }, () => file(1)))).toBe(
      EMAIL_MESSAGES.tooManyAttachments,
    );
    expect(attachmentsProblem([file(0)])).toBe(EMAIL_MESSAGES.emptyAttachment);
    expect(attachmentsProblem([file(10 * 1024 * 1024 + 1)])).toBe(EMAIL_MESSAGES.attachmentTooLarge);
    expect(attachmentsProblem([file(9 * 1024 * 1024), file(9 * 1024 * 1024), file(3 * 1024 * 1024)])).toBe(
      EMAIL_MESSAGES.attachmentsTooLarge,
    );
  });
});

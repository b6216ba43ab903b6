import { describe, expect, it } from 'vitest';
import {
  EMAIL_TEMPLATES,
  emailTemplateLabel,
  escapeHtml,
  findEmailTemplate,
  renderEmailTemplate,
  textToEmailHtml,
} from './email-templates.ts';
import { emailTemplateListSchema } from './email-wire.ts';
import { REFERRAL_TEMPLATES, templateValues } from './referral-templates.ts';

const referral = {
  referral_number: '4829301756',
  first_name: 'Rosa',
  last_name: 'Achterberg',
  medicaid_id: 'CA123456789',
  date_of_birth: '1971-03-02',
  phone_number: '(213) 555-0199',
  primary_diagnosis: 'Type 2 diabetes',
  sdoh_needs: ['Food Assistance', 'Transportation'],
  urgency_level: 'Urgent',
  created_at: '2026-11-20T10:00:00.000Z',
};
const now = new Date('2026-11-24T12:00:00Z');

describe('email templates (001 §3 Email template, §9 standard and detailed with follow-up)', () => {
  it('are the email templates of the referral send, same texts, with a name, a type and an HTML variant', () => {
    expect(EMAIL_TEMPLATES.map((t) => [t.id, t.template_type])).toEqual([
      ['email_standard', 'standard'],
      ['email_detailed', 'detailed'],
    ]);
    for (const t of EMAIL_TEMPLATES) {
      const source = REFERRAL_TEMPLATES.find((r) => r.id === t.id)!;
      expect(t.subject_template).toBe(source.subject);
      expect(t.body_text_template).toBe(source.body);
      expect(t.body_html_template).toContain('{{provider_name}}');
    }
    expect(findEmailTemplate('email_detailed')?.body_text_template).toContain('within 48 hours');
    expect(findEmailTemplate('sms_brief')).toBeNull();
    expect(emailTemplateListSchema.parse({ templates: EMAIL_TEMPLATES }).templates).toHaveLength(2);
    expect(emailTemplateLabel(EMAIL_TEMPLATES[0]!)).toBe('Standard referral (standard)');
  });

  it('fill every placeholder from the referral', () => {
    const values = templateValues(referral, 'Harbor Community Services', now);
    const out = renderEmailTemplate(findEmailTemplate('email_detailed')!, values);
    expect(out.subject).toBe('Referral #4829301756 (Urgent): details and follow-up');
    expect(out.text).toContain('Dear Harbor Community Services,');
    expect(out.text).toContain('Referral: #4829301756 (created 2026-11-20)');
    expect(out.text).toContain('Member: Rosa Achterberg');
    expect(out.text).toContain('Medicaid ID: CA123456789');
    expect(out.text).toContain('Date of birth: 1971-03-02 (age 55)');
    expect(out.text).toContain('Phone: (213) 555-0199');
    expect(out.text).toContain('Primary diagnosis: Type 2 diabetes');
    expect(out.text).toContain('Needs: Food Assistance, Transportation');
    expect(out.text).not.toMatch(/\{\{/);
    expect(out.html).toContain('<p>Dear Harbor Community Services,</p>');
    expect(out.html).toContain('Member: Rosa Achterberg<br>');
    expect(out.html).not.toMatch(/\{\{/);
  });

  it("fall back to 'Provider', 'Member', 'Normal' for urgency and 'N/A' for the rest (001 §3)", () => {
    const out = renderEmailTemplate(findEmailTemplate('email_detailed')!, {});
    expect(out.subject).toBe('Referral #N/A (Normal): details and follow-up');
    expect(out.text).toContain('Dear Provider,');
    expect(out.text).toContain('Member: Member');
    expect(out.text).toContain('Medicaid ID: N/A');
    expect(out.text).toContain('Date of birth: N/A (age N/A)');
    expect(out.text).toContain('Primary diagnosis: N/A');
    expect(out.text).toContain('Urgency: Normal');
    // Blank values count as missing.
    const blank = renderEmailTemplate(findEmailTemplate('email_standard')!, {
      provider_name: '  ',
      member_name: '',
      urgency_level: null,
    });
    expect(blank.text).toContain('Dear Provider,');
    expect(blank.text).toContain('Member: Member');
    expect(blank.text).toContain('Urgency: Normal');
  });

  it('escape values in the HTML variant and keep the subject on one line', () => {
    const out = renderEmailTemplate(findEmailTemplate('email_standard')!, {
      provider_name: 'Smith & Sons <b>',
      member_name: '<script>alert(1)</script>',
      referral_id: '12\r\nBcc: x@evil.example',
    });
    expect(out.html).toContain('Dear Smith &amp; Sons &lt;b&gt;,');
    expect(out.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out.html).not.toContain('<script>');
    expect(out.text).toContain('Dear Smith & Sons <b>,');
    expect(out.subject).toBe('New referral #12 Bcc: x@evil.example');
  });

  it('make HTML from text: escaped, paragraphs and line breaks', () => {
    expect(textToEmailHtml('Hi <you>,\n\nLine 1\nLine 2 & more\n\n\n')).toBe(
      '<p>Hi &lt;you&gt;,</p>\n<p>Line 1<br>Line 2 &amp; more</p>',
    );
    expect(escapeHtml(`"a'`)).toBe('&quot;a&#39;');
  });
});

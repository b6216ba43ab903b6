import { describe, expect, it } from 'vitest';
import {
  ageFrom,
  defaultReferralMessage,
  REFERRAL_TEMPLATES,
  renderTemplate,
  smsSegments,
  templatesFor,
  templateValues,
} from './referral-templates.ts';

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

describe('templates (001 §9)', () => {
  it('offer SMS brief, detailed and urgent; email standard and detailed; fax formal', () => {
    expect(REFERRAL_TEMPLATES.map((t) => t.id)).toEqual([
      'sms_brief',
      'sms_detailed',
      'sms_urgent',
      'email_standard',
      'email_detailed',
      'fax_formal',
    ]);
    expect(templatesFor('phone').map((t) => t.name)).toEqual(['Brief', 'Detailed', 'Urgent']);
    expect(templatesFor('email').every((t) => t.subject)).toBe(true);
    expect(templatesFor('web_form')).toEqual([]);
  });

  it('promise follow-up within 48 hours in the detailed email', () => {
    expect(templatesFor('email').find((t) => t.id === 'email_detailed')!.body).toContain('within 48 hours');
  });

  it('keep SMS free of the diagnosis and every rendered SMS within 2 segments of 160 characters', () => {
    const values = templateValues(referral, 'Harbor Community Services', now);
    for (const t of templatesFor('phone')) {
      expect(t.body).not.toContain('primary_diagnosis');
      expect(smsSegments(renderTemplate(t.body, values))).toBeLessThanOrEqual(2);
    }
  });

  it('keep the member out of email subjects (they are stored readable)', () => {
    for (const t of templatesFor('email')) expect(t.subject).not.toMatch(/member_|diagnosis/);
  });
});

describe('renderTemplate (001 §3 placeholders and fallbacks)', () => {
  it('fills every placeholder from the referral', () => {
    const values = templateValues(referral, 'Harbor', now);
    const text = renderTemplate(
      '{{provider_name}}|{{member_name}}|{{member_medicaid_id}}|{{member_dob}}|{{member_phone}}|{{member_age}}|{{referral_id}}|{{primary_diagnosis}}|{{sdoh_needs}}|{{urgency_level}}|{{created_at}}',
      values,
    );
    expect(text).toBe(
      'Harbor|Rosa Achterberg|CA123456789|1971-03-02|(213) 555-0199|55|4829301756|Type 2 diabetes|Food Assistance, Transportation|Urgent|2026-11-20',
    );
  });

  it('shows the urgency the coordinator chose, not the server value (issue #14)', () => {
    const values = templateValues({ ...referral, urgency: 'Within 1 Week' }, 'Harbor', now);
    expect(values.urgency_level).toBe('Within 1 Week');
    const sms = REFERRAL_TEMPLATES.find((t) => t.id === 'sms_detailed')!;
    expect(renderTemplate(sms.body, values)).toContain('Urgency: Within 1 Week.');
  });

  it("falls back to 'Provider', 'Member', 'Normal' for urgency and 'N/A' for the rest", () => {
    const text = renderTemplate(
      '{{provider_name}} {{member_name}} {{urgency_level}} {{member_phone}} {{ sdoh_needs }}',
      {
        member_name: '  ',
      },
    );
    expect(text).toBe('Provider Member Normal N/A N/A');
  });

  it('leaves unknown placeholders as typed', () => {
    expect(renderTemplate('Hi {{nickname}}', {})).toBe('Hi {{nickname}}');
  });
});

describe('ageFrom', () => {
  it('counts whole years, the birthday included', () => {
    expect(ageFrom('1971-11-24', now)).toBe(55);
    expect(ageFrom('1971-11-25', now)).toBe(54);
    expect(ageFrom('not a date', now)).toBeNull();
    expect(ageFrom(null, now)).toBeNull();
  });
});

describe('defaultReferralMessage', () => {
  it('uses the detailed SMS, the standard email with its subject, the formal fax', () => {
    const values = templateValues(referral, 'Harbor', now);
    expect(defaultReferralMessage('phone', values)).toEqual({
      subject: null,
      body: expect.stringContaining('Hello Harbor, you have a new referral #4829301756'),
    });
    expect(defaultReferralMessage('email', values).subject).toBe('New referral #4829301756');
    expect(defaultReferralMessage('fax', values).body).toContain('REFERRAL NOTICE');
  });
});

describe('renderTemplate with keepMissing (the browser fills what it knows)', () => {
  it('leaves placeholders without a value for the server', () => {
    const values = templateValues({ member_name: 'Rosa A.', referral_number: '42' }, 'Harbor');
    expect(
      renderTemplate('{{member_name}} #{{referral_id}} born {{member_dob}}', values, { keepMissing: true }),
    ).toBe('Rosa A. #42 born {{member_dob}}');
  });
});

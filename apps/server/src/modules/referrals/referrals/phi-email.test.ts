import { PHI_EMAIL_NEXT_STEPS } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { buildPhiEmail, emailTransportOf, type PhiEmailReferral, securityNotice } from './phi-email.ts';

const referral: PhiEmailReferral = {
  referralNumber: '4821093756',
  firstName: 'Imani',
  lastName: 'Okonkwo Reyes',
  dateOfBirth: '1984-06-12',
  medicaidId: 'CA918273645',
  phoneNumber: '(213) 555-0147',
  email: 'imani.or@example.test',
  streetAddress: '410 Alder Way',
  city: 'Los Angeles',
  state: 'CA',
  zipCode: '90012',
  country: 'USA',
  preferredLanguage: 'Spanish',
  healthPlan: 'Health Net',
  planType: 'Fee-for-Service',
  primaryDiagnosis: 'Type 2 diabetes <E11.9>',
  sdohNeeds: ['Housing Assistance', 'Transportation'],
  housingSubcategories: ['Housing navigation'],
  transportationSubcategories: ['Bus passes / transit vouchers'],
  urgency: 'Immediate',
  availability: 'Weekdays 9am-5pm',
  additionalNotes: 'Call after 3 pm & ask for "Ima"',
  providerName: 'Dr. Priya Natarajan',
  npiNumber: '1902837465',
  organization: 'Eastside Medical Group',
  providerPhoneNumber: '(213) 555-0190',
};

describe('buildPhiEmail (000 §2.5)', () => {
  const email = buildPhiEmail(referral, 'Bayview Family Resource Center', 'local');

  it('keeps PHI out of the subject', () => {
    expect(email.subject).toBe('Referral 4821093756 accepted: member details');
  });

  it('carries every member detail, the referring provider and the referral number in the text', () => {
    for (const value of [
      'Name: Imani Okonkwo Reyes',
      'Date of birth: 1984-06-12',
      'Medicaid ID: CA918273645',
      'Phone: (213) 555-0147',
      'Email: imani.or@example.test',
      'Address: 410 Alder Way, Los Angeles, CA 90012, USA',
      'Preferred language: Spanish',
      'Health plan: Health Net',
      'Plan type: Fee-for-Service',
      'Primary diagnosis: Type 2 diabetes <E11.9>',
      'Social needs: Housing Assistance, Transportation',
      'Housing: Housing navigation',
      'Transportation: Bus passes / transit vouchers',
      'Urgency: Immediate',
      'Member availability: Weekdays 9am-5pm',
      'Additional notes: Call after 3 pm & ask for "Ima"',
      'Name: Dr. Priya Natarajan',
      'NPI: 1902837465',
      'Organization: Eastside Medical Group',
      'Phone: (213) 555-0190',
      'Referral number: 4821093756',
      'Bayview Family Resource Center accepted referral 4821093756',
    ]) {
      expect(email.text).toContain(value);
    }
  });

  it('lists the three next steps', () => {
    expect(email.text).toContain('1. Contact the member within 48 hours.');
    expect(email.text).toContain('2. Verify insurance eligibility.');
    expect(email.text).toContain('3. Complete prior authorization if required.');
    for (const step of PHI_EMAIL_NEXT_STEPS) expect(email.html).toContain(`<li>${step}.</li>`);
  });

  it('escapes every value in the HTML body', () => {
    expect(email.html).toContain('Type 2 diabetes &lt;E11.9&gt;');
    expect(email.html).toContain('Call after 3 pm &amp; ask for &quot;Ima&quot;');
    expect(email.html).not.toContain('<E11.9>');
  });

  it('says "Not provided" for what is missing', () => {
    const sparse = buildPhiEmail(
      { ...referral, email: null, phoneNumber: '', additionalNotes: null, housingSubcategories: [] },
      'P',
      'local',
    );
    expect(sparse.text).toContain('Email: Not provided');
    expect(sparse.text).toContain('Additional notes: Not provided');
    expect(sparse.text).toContain('Housing: Not provided');
  });
});

describe('the security notice is true for the configured transport', () => {
  it('always states the encrypted copy and the audit log', () => {
    for (const transport of ['local', 'smtp', 'tls'] as const) {
      const text = securityNotice(transport).join(' ');
      expect(text).toContain('AES-256-GCM');
      expect(text).toContain('audit log');
    }
  });

  it('claims TLS only when the transport guarantees it', () => {
    expect(securityNotice('tls').join(' ')).toContain('TLS 1.2 or newer');
    expect(securityNotice('smtp').join(' ')).not.toMatch(/\bTLS\b/);
    expect(securityNotice('smtp').join(' ')).toContain('does not guarantee');
    expect(securityNotice('local').join(' ')).not.toMatch(/\bTLS\b/);
    expect(securityNotice('local').join(' ')).toContain('has not left the system');
    expect(buildPhiEmail(referral, 'P', 'smtp').text).not.toMatch(/\bTLS\b/);
  });

  it('maps the configuration to the transport', () => {
    expect(emailTransportOf({ smtpUrl: undefined })).toBe('local');
    expect(emailTransportOf({ smtpUrl: 'smtp://mail.example:587' })).toBe('smtp');
    expect(emailTransportOf({ smtpUrl: 'smtps://mail.example:465' }, 'TLSv1.2')).toBe('tls');
    expect(emailTransportOf({ smtpUrl: 'smtps://mail.example:465' }, 'TLSv1.3')).toBe('tls');
    // A process started with an older TLS floor cannot promise 1.2.
    expect(emailTransportOf({ smtpUrl: 'smtps://mail.example:465' }, 'TLSv1')).toBe('smtp');
  });
});

import tls from 'node:tls';
import { PHI_EMAIL_NEXT_STEPS, phiEmailSubject, urgencyLabel } from '@trust/domain';
import type { Config } from '../../../config.ts';
import type { ReferralRow } from './repo.ts';

// The email that carries a referral's full member details to the provider that accepted it (000 §1, §2.5,
// §4.2). The body is PHI: it is queued with `phi: true`, so the outbox stores it sealed (adapters/outbound.ts).
// The subject travels and is listed in the clear, so it names only the referral number.

/** How the configured mail transport carries the message, as far as this system can guarantee it. */
export type EmailTransport =
  /** No SMTP_URL: the message stays in the local outbox and never leaves this system. */
  | 'local'
  /** smtp://: nodemailer upgrades with STARTTLS when the server offers it, but nothing guarantees that. */
  | 'smtp'
  /** smtps:// with Node's TLS floor at 1.2 or above: an encrypted, certificate-checked connection. */
  | 'tls';

export function emailTransportOf(
  config: Pick<Config, 'smtpUrl'>,
  minTlsVersion: string = tls.DEFAULT_MIN_VERSION,
): EmailTransport {
  if (!config.smtpUrl) return 'local';
  const modernTls = minTlsVersion === 'TLSv1.2' || minTlsVersion === 'TLSv1.3';
  return config.smtpUrl.startsWith('smtps://') && modernTls ? 'tls' : 'smtp';
}

export type PhiEmailReferral = Pick<
  ReferralRow,
  | 'referralNumber'
  | 'firstName'
  | 'lastName'
  | 'dateOfBirth'
  | 'medicaidId'
  | 'phoneNumber'
  | 'email'
  | 'streetAddress'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'country'
  | 'preferredLanguage'
  | 'healthPlan'
  | 'planType'
  | 'primaryDiagnosis'
  | 'sdohNeeds'
  | 'housingSubcategories'
  | 'transportationSubcategories'
  | 'urgency'
  | 'availability'
  | 'additionalNotes'
  | 'providerName'
  | 'npiNumber'
  | 'organization'
  | 'providerPhoneNumber'
>;

export type PhiEmail = { subject: string; text: string; html: string };

const NOT_GIVEN = 'Not provided';

function orNone(value: string | null | undefined): string {
  return value?.trim() ? value.trim() : NOT_GIVEN;
}

function list(values: readonly string[]): string {
  return values.length ? values.join(', ') : NOT_GIVEN;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** What this system can truthfully say about the message's protection (000 §2.5 security notice). */
export function securityNotice(transport: EmailTransport): string[] {
  const stored =
    'Trust Marketplace keeps its copy of this email encrypted with AES-256-GCM, and every send and every read of it is recorded in its audit log.';
  const transit =
    transport === 'tls'
      ? 'It was handed to the configured mail server over an encrypted, certificate-checked TLS connection (TLS 1.2 or newer); how it travels from there to your mailbox depends on the mail servers in between.'
      : transport === 'smtp'
        ? 'It is sent through the configured mail server; this system does not guarantee that the connection to that server, or the path from there to your mailbox, is encrypted.'
        : 'No mail server is configured: this message is kept in the system outbox and has not left the system.';
  return [
    'This email contains protected health information (PHI) shared for the care of this referral only.',
    stored,
    transit,
    'Do not forward it; keep the details in your own secure record and delete this email when you no longer need it.',
  ];
}

type Section = { title: string; rows: [label: string, value: string][] };

function sections(r: PhiEmailReferral): Section[] {
  const address = [r.streetAddress, r.city, [r.state, r.zipCode].filter(Boolean).join(' '), r.country]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
  return [
    {
      title: 'Member',
      rows: [
        ['Name', `${r.firstName} ${r.lastName}`.trim()],
        ['Date of birth', orNone(r.dateOfBirth)],
        ['Medicaid ID', r.medicaidId],
        ['Phone', orNone(r.phoneNumber)],
        ['Email', orNone(r.email)],
        ['Address', orNone(address)],
        ['Preferred language', orNone(r.preferredLanguage)],
      ],
    },
    {
      title: 'Health plan',
      rows: [
        ['Health plan', orNone(r.healthPlan)],
        ['Plan type', orNone(r.planType)],
      ],
    },
    {
      title: 'Services requested',
      rows: [
        ['Primary diagnosis', r.primaryDiagnosis],
        ['Social needs', list(r.sdohNeeds)],
        ['Housing', list(r.housingSubcategories)],
        ['Transportation', list(r.transportationSubcategories)],
        ['Urgency', urgencyLabel(r.urgency)],
        ['Member availability', orNone(r.availability)],
        ['Additional notes', orNone(r.additionalNotes)],
      ],
    },
    {
      title: 'Referring provider',
      rows: [
        ['Name', orNone(r.providerName)],
        ['NPI', orNone(r.npiNumber)],
        ['Organization', orNone(r.organization)],
        ['Phone', orNone(r.providerPhoneNumber)],
      ],
    },
  ];
}

/**
 * The PHI email for the provider that accepted referral `r` (000 §2.5): subject without PHI, a text and an HTML
 * body (every value escaped) with the member's details, the next steps and the security notice.
 */
export function buildPhiEmail(
  r: PhiEmailReferral,
  providerName: string,
  transport: EmailTransport,
): PhiEmail {
  const subject = phiEmailSubject(r.referralNumber);
  const intro = `${providerName} accepted referral ${r.referralNumber} on Trust Marketplace. These are the member's details.`;
  const parts = sections(r);
  const notice = securityNotice(transport);

  const text = [
    intro,
    '',
    ...parts.flatMap((s) => [s.title.toUpperCase(), ...s.rows.map(([k, v]) => `${k}: ${v}`), '']),
    'NEXT STEPS',
    ...PHI_EMAIL_NEXT_STEPS.map((step, i) => `${i + 1}. ${step}.`),
    '',
    'SECURITY NOTICE',
    ...notice,
    '',
    `Referral number: ${r.referralNumber}`,
  ].join('\n');

  const e = escapeHtml;
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1a1a1a;">',
    `<p>${e(intro)}</p>`,
    ...parts.map(
      (s) =>
        `<h2 style="font-size: 16px; margin: 16px 0 4px;">${e(s.title)}</h2><table cellpadding="4" style="border-collapse: collapse;">${s.rows
          .map(
            ([k, v]) => `<tr><th align="left" style="padding-right: 12px;">${e(k)}</th><td>${e(v)}</td></tr>`,
          )
          .join('')}</table>`,
    ),
    '<h2 style="font-size: 16px; margin: 16px 0 4px;">Next steps</h2>',
    `<ol>${PHI_EMAIL_NEXT_STEPS.map((step) => `<li>${e(step)}.</li>`).join('')}</ol>`,
    '<h2 style="font-size: 16px; margin: 16px 0 4px;">Security notice</h2>',
    ...notice.map((line) => `<p style="font-size: 13px; color: #444;">${e(line)}</p>`),
    `<p>Referral number: ${e(r.referralNumber)}</p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}

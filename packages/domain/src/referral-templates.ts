// Message templates for sending a referral to a provider (001 §2.1 'Use Template', §3 Email template, §9
// "Message templates: SMS (brief, detailed, urgent), email (standard, detailed with follow-up), fax (formal)";
// "Follow-up promise in template: within 48 hours"; "SMS segment 160 characters").

/** 001 §3 Email template placeholders. */
export const TEMPLATE_PLACEHOLDERS = [
  'provider_name',
  'member_name',
  'member_medicaid_id',
  'member_dob',
  'member_phone',
  'member_age',
  'referral_id',
  'primary_diagnosis',
  'sdoh_needs',
  'urgency_level',
  'created_at',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type TemplateValues = Partial<Record<TemplatePlaceholder, string | null | undefined>>;

/** 001 §3 fallbacks: 'Provider', 'Member', 'Normal' for urgency, 'N/A' for everything else. */
export const TEMPLATE_FALLBACKS: Record<TemplatePlaceholder, string> = {
  provider_name: 'Provider',
  member_name: 'Member',
  member_medicaid_id: 'N/A',
  member_dob: 'N/A',
  member_phone: 'N/A',
  member_age: 'N/A',
  referral_id: 'N/A',
  primary_diagnosis: 'N/A',
  sdoh_needs: 'N/A',
  urgency_level: 'Normal',
  created_at: 'N/A',
};

/** 001 §9: the templates promise follow-up within 48 hours. */
export const FOLLOW_UP_HOURS = 48;
/** 001 §9: one SMS segment is 160 characters; a warning shows above 3 segments. */
export const SMS_SEGMENT_LENGTH = 160;
export const SMS_SEGMENT_WARNING_ABOVE = 3;

export function smsSegments(text: string): number {
  return Math.ceil(text.length / SMS_SEGMENT_LENGTH);
}

export type TemplateChannel = 'phone' | 'email' | 'fax';
export type ReferralTemplate = {
  id: string;
  channel: TemplateChannel;
  name: string;
  /** Email only. */
  subject?: string;
  body: string;
};

// SMS bodies carry no diagnosis: a text message can be read by anyone holding the phone, so the SMS names the
// member and the need and asks the provider to answer; the full details follow by email on acceptance (000 §2.5).
export const REFERRAL_TEMPLATES: readonly ReferralTemplate[] = [
  {
    id: 'sms_brief',
    channel: 'phone',
    name: 'Brief',
    body: 'New referral #{{referral_id}} for {{member_name}} ({{sdoh_needs}}). Please reply to accept or decline.',
  },
  {
    id: 'sms_detailed',
    channel: 'phone',
    name: 'Detailed',
    body:
      'Hello {{provider_name}}, you have a new referral #{{referral_id}} for {{member_name}}. ' +
      'Needs: {{sdoh_needs}}. Urgency: {{urgency_level}}. Please reply within 48 hours to accept or decline.',
  },
  {
    id: 'sms_urgent',
    channel: 'phone',
    name: 'Urgent',
    body: 'URGENT referral #{{referral_id}} for {{member_name}} ({{sdoh_needs}}). Please reply as soon as possible.',
  },
  {
    id: 'email_standard',
    channel: 'email',
    name: 'Standard',
    subject: 'New referral #{{referral_id}}',
    body:
      'Dear {{provider_name}},\n\n' +
      'A new referral has been sent to you.\n\n' +
      'Member: {{member_name}}\n' +
      'Needs: {{sdoh_needs}}\n' +
      'Urgency: {{urgency_level}}\n\n' +
      'Please let us know whether you can accept this referral.\n\nThank you.',
  },
  {
    id: 'email_detailed',
    channel: 'email',
    name: 'Detailed',
    // The subject stays readable in the outbox, so it names no member (adapters/outbound.ts).
    subject: 'Referral #{{referral_id}} ({{urgency_level}}): details and follow-up',
    body:
      'Dear {{provider_name}},\n\n' +
      'We are referring a member to your organization.\n\n' +
      'Referral: #{{referral_id}} (created {{created_at}})\n' +
      'Member: {{member_name}}\n' +
      'Medicaid ID: {{member_medicaid_id}}\n' +
      'Date of birth: {{member_dob}} (age {{member_age}})\n' +
      'Phone: {{member_phone}}\n' +
      'Primary diagnosis: {{primary_diagnosis}}\n' +
      'Needs: {{sdoh_needs}}\n' +
      'Urgency: {{urgency_level}}\n\n' +
      'Please confirm whether you can serve this member. We will follow up within 48 hours if we have not ' +
      'heard from you.\n\nThank you.',
  },
  {
    id: 'fax_formal',
    channel: 'fax',
    name: 'Formal',
    body:
      'REFERRAL NOTICE\n\n' +
      'To: {{provider_name}}\n' +
      'Referral number: {{referral_id}}\n' +
      'Date: {{created_at}}\n\n' +
      'Member: {{member_name}}\n' +
      'Medicaid ID: {{member_medicaid_id}}\n' +
      'Date of birth: {{member_dob}}\n' +
      'Primary diagnosis: {{primary_diagnosis}}\n' +
      'Needs: {{sdoh_needs}}\n' +
      'Urgency: {{urgency_level}}\n\n' +
      'Please contact us within 48 hours to confirm acceptance of this referral.',
  },
];

/** 001 §2.1: templates exist for phone, email and fax only. */
export function templatesFor(methodType: string): ReferralTemplate[] {
  return REFERRAL_TEMPLATES.filter((t) => t.channel === methodType);
}

/**
 * Replaces each {{placeholder}} with its value, or its 001 §3 fallback when blank; unknown ones stay as typed.
 * `keepMissing` leaves a placeholder without a value in place instead: the browser fills what it knows of the
 * referral and the server, which holds the whole record, fills the rest when it sends.
 */
export function renderTemplate(
  text: string,
  values: TemplateValues,
  options: { keepMissing?: boolean } = {},
): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, key: string) => {
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(key)) return whole;
    const value = values[key as TemplatePlaceholder];
    if (value?.trim()) return value.trim();
    return options.keepMissing ? whole : TEMPLATE_FALLBACKS[key as TemplatePlaceholder];
  });
}

/** Whole years between a date of birth (YYYY-MM-DD) and `now`; null when the date is not readable. */
export function ageFrom(dob: string | null | undefined, now: Date = new Date()): number | null {
  const m = dob ? /^(\d{4})-(\d{2})-(\d{2})/.exec(dob) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < mo || (now.getUTCMonth() + 1 === mo && now.getUTCDate() < d)) age--;
  return age >= 0 ? age : null;
}

/** The referral fields the placeholders are filled from (wire names of the referral). */
export type TemplateReferral = {
  referral_number?: string | null;
  /** The matching screens carry the member's name whole. */
  member_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  medicaid_id?: string | null;
  date_of_birth?: string | null;
  phone_number?: string | null;
  primary_diagnosis?: string | null;
  sdoh_needs?: readonly string[] | null;
  /** The urgency the coordinator chose (issue #14); what {{urgency_level}} shows when given. */
  urgency?: string | null;
  /** The spec's server value (000 §3.2), shown as it is when no chosen urgency is given. */
  urgency_level?: string | null;
  created_at?: string | null;
};

export function templateValues(
  referral: TemplateReferral,
  providerName: string | null | undefined,
  now: Date = new Date(),
): TemplateValues {
  const name =
    referral.member_name?.trim() ||
    [referral.first_name, referral.last_name].filter((p) => p?.trim()).join(' ');
  const age = ageFrom(referral.date_of_birth, now);
  return {
    provider_name: providerName,
    member_name: name,
    member_medicaid_id: referral.medicaid_id,
    member_dob: referral.date_of_birth,
    member_phone: referral.phone_number,
    member_age: age === null ? null : String(age),
    referral_id: referral.referral_number,
    primary_diagnosis: referral.primary_diagnosis,
    sdoh_needs: referral.sdoh_needs?.length ? referral.sdoh_needs.join(', ') : null,
    // Issue #14: a provider reads the urgency the coordinator chose ("Within 1 Week"), not the server's "Urgent".
    urgency_level: referral.urgency || referral.urgency_level,
    created_at: referral.created_at ? referral.created_at.slice(0, 10) : null,
  };
}

/**
 * The message a send uses when the caller gave none (the N-providers dialog sends without a message box):
 * the detailed SMS, the standard email, the formal fax, otherwise a plain sentence.
 */
export function defaultReferralMessage(
  methodType: string,
  values: TemplateValues,
): { subject: string | null; body: string } {
  const id =
    methodType === 'phone' ? 'sms_detailed' : methodType === 'email' ? 'email_standard' : 'fax_formal';
  const template = REFERRAL_TEMPLATES.find((t) => t.id === id)!;
  return {
    subject: template.subject ? renderTemplate(template.subject, values) : null,
    body: renderTemplate(template.body, values),
  };
}

/** The subject of a referral email whose body was written by hand. */
export function referralEmailSubject(values: TemplateValues): string {
  return renderTemplate('New referral #{{referral_id}}', values);
}

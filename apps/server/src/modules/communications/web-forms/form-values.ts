import type { FormValues } from '../../../adapters/web-form/field-matcher.ts';
import type { ReferralRecord } from '../../referrals/referrals/lookups.ts';

// What a provider's web form may receive about a referral (001 §5 web form): the member's contact details, their
// Medicaid ID, needs and urgency, the referring organization and coordinator, and a message that sums the
// referral up. The diagnosis and notes stay out: a provider's intake form needs no more to call the member back.

/** Who is sending the referral: the signed-in coordinator and the active organization. */
export type Referrer = { name: string; email: string; phone: string | null; organization: string };

/** The referral's needs as a provider reads them: the needs, then their subcategories. */
function needsOf(referral: ReferralRecord): string[] {
  return [
    ...new Set([
      ...referral.sdohNeeds,
      ...referral.housingSubcategories,
      ...referral.transportationSubcategories,
    ]),
  ].filter((n) => n.trim());
}

export function referralSummary(referral: ReferralRecord, referrer: Referrer): string {
  const needs = needsOf(referral);
  const lines = [
    `Referral ${referral.referralNumber} from ${referrer.organization}.`,
    `${referral.firstName} ${referral.lastName} is referred for ${needs.length ? needs.join(', ') : 'services'} (urgency: ${referral.urgency}).`,
  ];
  if (referral.preferredLanguage) lines.push(`Preferred language: ${referral.preferredLanguage}.`);
  if (referral.availability) lines.push(`Availability: ${referral.availability}.`);
  const contact = [referrer.email, referrer.phone].filter(Boolean).join(', ');
  lines.push(
    `Please contact ${referrer.name}${contact ? ` (${contact})` : ''} at ${referrer.organization} about this referral.`,
  );
  return lines.join(' ');
}

export function referralFormValues(referral: ReferralRecord, referrer: Referrer): FormValues {
  return {
    firstName: referral.firstName,
    lastName: referral.lastName,
    dateOfBirth: referral.dateOfBirth ?? null,
    phone: referral.phoneNumber,
    email: referral.email,
    streetAddress: referral.streetAddress,
    city: referral.city,
    state: referral.state,
    zip: referral.zipCode,
    medicaidId: referral.medicaidId,
    healthPlan: referral.healthPlan,
    language: referral.preferredLanguage,
    needs: needsOf(referral),
    urgency: referral.urgency,
    availability: referral.availability,
    referrerName: referrer.name,
    referrerEmail: referrer.email,
    referrerPhone: referrer.phone,
    organization: referrer.organization,
    country: referral.country,
    consentObtained: referral.memberConsentObtained,
    // A subject line may be read by anyone at the provider: the referral's number, never the member's name.
    subject: `Referral ${referral.referralNumber} from ${referrer.organization}`,
    message: referralSummary(referral, referrer),
  };
}

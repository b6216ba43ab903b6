import { z } from 'zod';
import { idNumber, idString, timestampSchema } from './common.ts';

// The matched provider's answer to a referral (000 §2.5, §3.5, §4.2, §7): accept (the member's details are
// then emailed to the provider), reject with a reason, and the status of the answer.

export const RESPONSE_MESSAGES = {
  /** 000 §5.6, §8 */
  reasonRequired: 'Please provide a reason for rejection',
  acceptFailed: 'Failed to accept referral',
  rejectFailed: 'Failed to reject referral',
  networkError: 'Network error. Please try again.',
  onlyMatchedProvider: 'Only the matched provider can accept or reject this referral.',
  otherProvider: 'This referral is matched to another provider.',
  alreadyAccepted: 'This referral has already been accepted.',
  alreadyRejected: 'This referral has already been rejected.',
  expired: 'The time to respond has passed; this referral will be matched again.',
  notAwaiting: 'This referral is not waiting for a provider to respond.',
  providerNotMatched: 'This provider is not matched to this referral.',
} as const;

/** Texts of the provider response panel (000 §2.5, §2.7), kept verbatim where the spec quotes them. */
export const RESPONSE_PANEL_TEXT = {
  title: 'Provider Response Required',
  accepted: 'Referral Accepted',
  emailPending: 'Email Pending',
  expiringSoon: 'Expiring Soon',
  confirmRejection: 'Confirm Rejection',
  rejected: 'Referral Rejected',
  expiredTitle: 'Referral Expired',
  /** 000 §2.7 */
  expired: 'Provider did not respond within 7 days - will need to re-match',
} as const;

/** 000 §2.5: what the provider does once it has the member's details (the email and the panel's preview). */
export const PHI_EMAIL_NEXT_STEPS = [
  'Contact the member within 48 hours',
  'Verify insurance eligibility',
  'Complete prior authorization if required',
] as const;

export const PHI_EMAIL_NEXT_STEPS_TEXT = `Next steps: ${PHI_EMAIL_NEXT_STEPS.map((s, i) => `${i + 1}. ${s}.`).join(' ')}`;

/** The member-details email's subject: the referral number only, since subjects are listed in the clear. */
export function phiEmailSubject(referralNumber: string): string {
  return `Referral ${referralNumber} accepted: member details`;
}

/** 000 §2.5: the panel's email preview shows this many characters. */
export const EMAIL_PREVIEW_LENGTH = 80;

/** The first `length` characters of a text, with an ellipsis when it was cut. */
export function emailPreview(text: string, length: number = EMAIL_PREVIEW_LENGTH): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`;
}

/**
 * 000 §2.5 security notice, as true for this system: the spec's claims (TLS 1.2+, AES-256-GCM at rest, a PHI
 * audit log) hold here only for the stored copy and the audit log; the connection to the mail server is
 * encrypted only when the deployment configures it, so the panel does not promise it (the email itself says
 * what the configured transport does).
 */
export const PHI_SECURITY_NOTICE =
  'The member details are protected health information. Trust Marketplace keeps its copy of this email encrypted with AES-256-GCM and records every send and every read of it in its audit log. Do not forward it.';

const providerId = idNumber('provider_id must be a provider id.');

/** POST /api/referrals/{id}/accept body. */
export const referralAcceptSchema = z.strictObject({ provider_id: providerId });

/** POST /api/referrals/{id}/reject body: the reason must not be blank (000 §5.6). */
export const referralRejectSchema = z.strictObject({
  provider_id: providerId,
  reason: z
    .string({ error: RESPONSE_MESSAGES.reasonRequired })
    .trim()
    .min(1, RESPONSE_MESSAGES.reasonRequired)
    .max(1000, 'At most 1000 characters.'),
});

/** 000 §3.5 accept response. */
export const referralAcceptResponseSchema = z.object({
  accepted_at: timestampSchema,
  /** True once the email with the member's details has been delivered (false while it is pending). */
  phi_email_sent: z.boolean(),
  /** The provider's address the details go to; null when the provider has no email address on file. */
  email_sent_to: z.string().nullable(),
});
export type ReferralAcceptResponse = z.infer<typeof referralAcceptResponseSchema>;

/** 000 §3.5 reject response. */
export const referralRejectResponseSchema = z.object({ rejected_at: timestampSchema });
export type ReferralRejectResponse = z.infer<typeof referralRejectResponseSchema>;

/** GET /api/referrals/{id}/status?provider_id= (000 §3.5). */
export const referralStatusQuerySchema = z.object({
  provider_id: idString('provider_id must be a provider id.').optional(),
});

/** The state of the PHI email: delivered, waiting (queued or being retried), failed for good, or none. */
export const PHI_EMAIL_STATES = ['sent', 'pending', 'failed', 'none'] as const;

export const referralResponseStatusSchema = z.object({
  acceptance_status: z.string().nullable(),
  accepted_at: timestampSchema.nullable(),
  rejected_at: timestampSchema.nullable(),
  rejection_reason: z.string().nullable(),
  expires_at: timestampSchema.nullable(),
  /** 000 §3.5: true once the member's details have reached the provider. */
  phi_shared: z.boolean(),
  email_sent_to: z.string().nullable(),
  phi_email_status: z.enum(PHI_EMAIL_STATES),
});
export type ReferralResponseStatus = z.infer<typeof referralResponseStatusSchema>;

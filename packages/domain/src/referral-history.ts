import { z } from 'zod';
import { timestampSchema } from './common.ts';

// A referral's history (issue #4 item 2): the kinds of rows and one row as the timeline reads it.

const nullableString = z.string().nullable();

/**
 * The kinds of history rows (issue #4 item 2). The workspace timeline (000 §2.7) is built from them:
 * created, edited, status changes, a claim from the live feed, a match, the provider's answer, expiry, the PHI
 * email, the member's notices, notes, documents, contact details and deletion.
 */
export const REFERRAL_EVENT_TYPES = [
  'created',
  'updated',
  'status_changed',
  'claimed',
  'matched',
  'auto_matched',
  'match_changed',
  'match_removed',
  'accepted',
  'rejected',
  'expired',
  // Issue #14: one matched provider declined or let its window pass (the referral may still wait for others),
  // the referral was matched again by itself (the cascade), or it needs a coordinator to re-match it.
  'provider_declined',
  'provider_expired',
  'cascaded',
  'needs_rematching',
  // Issue #14 item 4: the member was asked whether they got help, and answered.
  'member_follow_up_sent',
  'member_replied',
  'phi_email_sent',
  'phi_email_failed',
  'member_notified',
  'sent_to_provider',
  'note_added',
  'note_updated',
  'note_deleted',
  'document_uploaded',
  'document_deleted',
  'contact_updated',
  'deleted',
  // Provider communications (001 §2.10–§2.16): a conversation message sent or received (details.channel sms or
  // email), a call placed and its end, a voicemail, a web-form submission.
  'message_sent',
  'message_received',
  'call_placed',
  'call_ended',
  'voicemail_received',
  'web_form_submitted',
] as const;
export type ReferralEventType = (typeof REFERRAL_EVENT_TYPES)[number];

/** One history row of a referral (issue #4 item 2); the workspace timeline is built from these. */
export const referralEventSchema = z.object({
  id: z.number().int(),
  referral_id: z.number().int().nullable(),
  type: z.string(),
  from_status: nullableString,
  to_status: nullableString,
  actor_user_id: z.number().int().nullable(),
  actor_name: nullableString,
  details: z.record(z.string(), z.unknown()),
  at: timestampSchema,
});
export type ReferralEvent = z.infer<typeof referralEventSchema>;
export const referralEventListSchema = z.object({ events: z.array(referralEventSchema) });

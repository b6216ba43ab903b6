import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { REFERRAL_STATUS_LABELS, type ReferralStatus } from './referrals.ts';

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

/**
 * The title of a history row, as the Case Timeline (000 §2.7) heads its entry and the dashboard's Recent
 * Activity (003 §2.4) names it: from the row's kind, its new status and the channel of a message. Only facts
 * that are never PHI; the timeline adds its lines from the details.
 */
const REFERRAL_EVENT_TITLES: Partial<Record<ReferralEventType, string>> = {
  created: 'Referral Created',
  updated: 'Referral Details Updated',
  claimed: 'Provider Matched',
  matched: 'Provider Matched',
  auto_matched: 'Auto-Matched',
  match_changed: 'Matched Provider Changed',
  match_removed: 'Matched Provider Removed',
  accepted: 'Provider Accepted Referral',
  rejected: 'Provider Rejected Referral',
  expired: 'Referral Expired',
  provider_declined: 'Provider Declined',
  provider_expired: 'Provider Did Not Answer',
  cascaded: 'Matched Again',
  needs_rematching: 'Needs Re-matching',
  member_follow_up_sent: 'Member Asked for Feedback',
  member_replied: 'Member Replied',
  phi_email_sent: 'Secure PHI Email Sent',
  phi_email_failed: 'Secure PHI Email Failed',
  member_notified: 'Member Notified by SMS',
  sent_to_provider: 'Sent to Provider',
  note_added: 'Case Note Added',
  note_updated: 'Case Note Edited',
  note_deleted: 'Case Note Deleted',
  document_uploaded: 'Document Uploaded',
  document_deleted: 'Document Deleted',
  contact_updated: 'Contact Details Updated',
  deleted: 'Referral Deleted',
  call_placed: 'Call Placed',
  call_ended: 'Call Ended',
  voicemail_received: 'Voicemail Received',
  web_form_submitted: 'Web Form Submitted',
};

function statusName(value: string | null | undefined): string {
  const key = (value ?? '').trim().toLowerCase() as ReferralStatus;
  return REFERRAL_STATUS_LABELS[key] ?? (value ? value.replace(/_/g, ' ') : 'Unknown');
}

/** 000 §2.7 status entries: Services In Progress, Case On Hold, Case Completed; any other is named. */
export function referralStatusChangeTitle(to: string | null | undefined): string {
  switch ((to ?? '').toLowerCase()) {
    case 'in_progress':
      return 'Services In Progress';
    case 'on_hold':
      return 'Case On Hold';
    case 'completed':
      return 'Case Completed';
    case 'cancelled':
      return 'Referral Cancelled';
    default:
      return `Status Changed to ${statusName(to)}`;
  }
}

export function referralEventTitle(event: {
  type: string;
  to_status?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
}): string {
  if (event.type === 'status_changed') return referralStatusChangeTitle(event.to_status);
  if (event.type === 'message_sent' || event.type === 'message_received') {
    const channel = event.details?.channel === 'email' ? 'Email' : 'SMS';
    return event.type === 'message_sent'
      ? `${channel} Sent to Provider`
      : `${channel} Received from Provider`;
  }
  return REFERRAL_EVENT_TITLES[event.type as ReferralEventType] ?? 'Referral Updated';
}

import type { InboundEmailResult, InboundSmsResult, OutboundMessage } from '@trust/domain';

// The outbox's "act as the provider" tools (issue 6): with the local drivers nobody is on the other end of an
// SMS or email, so a person types the provider's reply here and it takes the real inbound path.

/** Messages to users and members (sign-in codes, invitations, resets, a member's status text) have no provider. */
const NOT_TO_A_PROVIDER = new Set(['two_factor_code', 'invitation', 'password_reset', 'referral_status']);
/** The member's question "Did you get the help you needed?" (issue #14 item 4): the member answers it. */
const TO_A_MEMBER = new Set(['member_follow_up']);

/** Who answers the message in the outbox's reply tool: its provider, the member, or nobody. */
export type Replier = 'provider' | 'member';

export function replierOf(message: OutboundMessage): Replier | null {
  if (message.channel === 'sms' && TO_A_MEMBER.has(message.category)) return 'member';
  if (message.channel !== 'sms' && message.channel !== 'email') return null;
  if (NOT_TO_A_PROVIDER.has(message.category) || TO_A_MEMBER.has(message.category)) return null;
  return 'provider';
}

const SMS_ACTIONS: Record<string, string> = {
  accepted: 'Accepted referral',
  rejected: 'Declined referral',
  opted_out: 'Opted the number out of text messages (STOP)',
  opted_in: 'Opted the number back in to text messages (START)',
  help_sent: 'Answered with the help text',
  none: 'Stored on the conversation; no action taken',
  // Why an accept or decline changed nothing (the server's outcomes).
  already_accepted: 'Nothing changed: the referral was already accepted',
  already_rejected: 'Nothing changed: the referral was already declined',
  expired: 'Nothing changed: the referral has expired',
  other_provider: 'Nothing changed: another provider accepted the referral first',
  not_awaiting: "Nothing changed: the referral is not waiting for this provider's answer",
  decline_noted: 'Decline noted',
  not_found: 'No referral has the number in the reply',
  no_referral: 'No referral named: the reply needs the referral number',
  ambiguous: 'More than one referral could be meant: the reply needs the referral number',
  // The accepted provider's progress (issue #14 item 3).
  started: 'Marked the referral In Progress',
  completed: 'Marked the referral Completed (service provided)',
  already_started: 'Nothing changed: the referral was already In Progress',
  already_completed: 'Nothing changed: the referral was already Completed',
  not_accepted: 'Nothing changed: this provider has not accepted the referral',
  progress_refused: "Nothing changed: the referral's status does not allow it",
  // The member's answer (issue #14 item 4).
  member_replied: "Recorded the member's answer",
  member_already_replied: 'Nothing changed: the member had already answered',
  member_reply_late: 'Stored, not counted: the question had closed',
};

/** What the simulated SMS did, in words: 'Accepted referral', or the server's reason it did nothing. */
export function smsActionText(result: InboundSmsResult): string {
  const known = SMS_ACTIONS[result.action];
  const text = known ?? result.action.replace(/_/g, ' ');
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return result.referral_id !== null && (result.action === 'accepted' || result.action === 'rejected')
    ? `${sentence} (referral id ${result.referral_id})`
    : sentence;
}

export function smsPlacementText(result: InboundSmsResult, replier: Replier = 'provider'): string {
  if (replier === 'member' && result.matched) return 'Filed with the referral’s messages.';
  return result.matched
    ? 'Filed on the provider’s SMS conversation.'
    : 'No provider or referral matched this number: stored as unmatched for platform operators to file.';
}

export function emailPlacementText(result: InboundEmailResult): string {
  if (!result.matched) {
    return 'No conversation matched this reply: stored as unmatched for platform operators to file.';
  }
  return result.referral_id !== null
    ? `Threaded onto the provider’s email conversation (referral id ${result.referral_id}).`
    : 'Threaded onto the provider’s email conversation.';
}

/** The subject of a reply: 'Re: ' once. */
export function replySubject(subject: string | null): string {
  const s = subject?.trim() ?? '';
  if (s === '') return 'Re:';
  return /^re:/i.test(s) ? s : `Re: ${s}`;
}

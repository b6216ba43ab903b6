import type { ParsedSmsReply } from '@trust/domain';
import type { FollowUpForNumber } from '../../referrals/referrals/member-follow-up.ts';
import type { Target } from './placement.ts';

// An SMS from outside as it arrives and as it was stored (inbound-service.ts), before it is acted on
// (inbound-actions.ts).

export type InboundSms = {
  /** The sender's number as the SMS service gives it (E.164 from Twilio). */
  from: string;
  /** The product's number it was sent to. */
  to: string | null;
  body: string;
  /** The service's id (Twilio's MessageSid): a retried webhook with the same sid is stored once. */
  messageSid: string | null;
  /** Typed on the outbox page (local driver) rather than received. */
  simulated?: boolean;
};

/** The record category of a provider's message. */
export const INBOUND_CATEGORY = 'conversation';

/** What receiveSms stored, before acting on it. */
export type Stored = {
  communicationId: number;
  conversationId: number | null;
  organizationId: number | null;
  referralId: number | null;
  providerId: number | null;
  counterpart: string;
  parsed: ParsedSmsReply;
  target: Target | null;
  /** The member's follow-up question this number was asked (issue #14 item 4), when it is a member's number. */
  memberFollowUp: FollowUpForNumber | null;
};

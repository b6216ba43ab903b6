import type { InboundSmsResult, OutboundMessage } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { replierOf, replySubject, smsActionText, smsPlacementText } from './provider-reply.ts';

const result = (action: string, referral_id: number | null = 9): InboundSmsResult => ({
  communication_id: 1,
  conversation_id: 1,
  matched: true,
  intent: 'accept',
  action,
  referral_id,
  reply: null,
});

describe('acting as the provider in the outbox', () => {
  it('says what a simulated SMS did', () => {
    expect(smsActionText(result('accepted'))).toBe('Accepted referral (referral id 9)');
    expect(smsActionText(result('rejected'))).toBe('Declined referral (referral id 9)');
    expect(smsActionText(result('opted_out'))).toBe('Opted the number out of text messages (STOP)');
    expect(smsActionText(result('other_provider'))).toBe(
      'Nothing changed: another provider accepted the referral first',
    );
    expect(smsActionText(result('something_new', null))).toBe('Something new');
  });

  it("offers the reply on messages to providers, and the member's on the follow-up question", () => {
    const base = { channel: 'sms', category: 'referral_send' } as OutboundMessage;
    expect(replierOf(base)).toBe('provider');
    expect(replierOf({ ...base, channel: 'email', category: 'referral_phi' })).toBe('provider');
    expect(replierOf({ ...base, category: 'two_factor_code' })).toBeNull();
    expect(replierOf({ ...base, channel: 'email', category: 'invitation' })).toBeNull();
    expect(replierOf({ ...base, category: 'referral_status' })).toBeNull();
    expect(replierOf({ ...base, category: 'member_follow_up' })).toBe('member');
    expect(replierOf({ ...base, channel: 'email', category: 'member_follow_up' })).toBeNull();
  });

  it("says what the provider's progress and the member's answer did", () => {
    expect(smsActionText(result('completed'))).toBe('Marked the referral Completed (service provided)');
    expect(smsActionText(result('member_replied'))).toBe("Recorded the member's answer");
    expect(smsActionText(result('member_reply_late'))).toBe('Stored, not counted: the question had closed');
    expect(smsPlacementText(result('member_replied'), 'member')).toBe('Filed with the referral’s messages.');
  });

  it("answers with 'Re:' once", () => {
    expect(replySubject('Referral 4821')).toBe('Re: Referral 4821');
    expect(replySubject('RE: Referral 4821')).toBe('RE: Referral 4821');
    expect(replySubject(null)).toBe('Re:');
  });
});

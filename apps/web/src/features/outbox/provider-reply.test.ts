import type { InboundSmsResult, OutboundMessage } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { canReplyAsProvider, replySubject, smsActionText } from './provider-reply.ts';

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

  it('offers the reply on messages to providers only', () => {
    const base = { channel: 'sms', category: 'referral_send' } as OutboundMessage;
    expect(canReplyAsProvider(base)).toBe(true);
    expect(canReplyAsProvider({ ...base, channel: 'email', category: 'referral_phi' })).toBe(true);
    expect(canReplyAsProvider({ ...base, category: 'two_factor_code' })).toBe(false);
    expect(canReplyAsProvider({ ...base, channel: 'email', category: 'invitation' })).toBe(false);
    expect(canReplyAsProvider({ ...base, category: 'referral_status' })).toBe(false);
  });

  it("answers with 'Re:' once", () => {
    expect(replySubject('Referral 4821')).toBe('Re: Referral 4821');
    expect(replySubject('RE: Referral 4821')).toBe('RE: Referral 4821');
    expect(replySubject(null)).toBe('Re:');
  });
});

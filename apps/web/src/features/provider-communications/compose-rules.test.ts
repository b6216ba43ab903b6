import { describe, expect, it } from 'vitest';
import { composeProblem, sendFailedText } from './compose-rules.ts';

const ok = { contact: '(213) 555-0170', referralId: 101, subject: 'Hello', message: 'Can you help?' };

describe('provider compose rules (001 §5, §8)', () => {
  it('needs the provider contact, a referral, a subject for email and a message', () => {
    expect(composeProblem({ channel: 'sms', ...ok })).toBeNull();
    expect(composeProblem({ channel: 'sms', ...ok, contact: null })).toBe(
      'Provider phone number not available',
    );
    expect(composeProblem({ channel: 'email', ...ok, contact: ' ' })).toBe('Provider email not available');
    expect(composeProblem({ channel: 'sms', ...ok, referralId: null })).toBe(
      'Please select a referral to discuss',
    );
    expect(composeProblem({ channel: 'email', ...ok, subject: '  ' })).toBe('Please enter a subject');
    expect(composeProblem({ channel: 'sms', ...ok, subject: '' })).toBeNull();
    expect(composeProblem({ channel: 'sms', ...ok, message: ' \n ' })).toBe('Please enter a message');
  });

  it("words a failure with the server's error or 'Unknown error'", () => {
    expect(sendFailedText('Number unreachable')).toBe('Failed to send: Number unreachable');
    expect(sendFailedText(null)).toBe('Failed to send: Unknown error');
    expect(sendFailedText('  ')).toBe('Failed to send: Unknown error');
  });
});

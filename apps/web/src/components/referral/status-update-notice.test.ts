import { describe, expect, it } from 'vitest';
import { statusUpdateNotice } from './status-update-notice.ts';

describe('statusUpdateNotice (000 §8 status update success)', () => {
  it('names the status and where it shows; the Capacity Dashboard only for Matched and Accepted', () => {
    expect(statusUpdateNotice({ status: 'accepted', phoneNumber: '(213) 555-0101' })).toEqual({
      title: 'Status updated to "Accepted"!',
      lines: ['This change is now reflected in: Case Timeline, Capacity Dashboard, Member Profile.'],
    });
    expect(statusUpdateNotice({ status: 'in_progress', phoneNumber: '' })).toEqual({
      title: 'Status updated to "In Progress"!',
      lines: ['This change is now reflected in: Case Timeline, Member Profile.'],
    });
  });

  it('says the member was texted on Matched and Authorized, or that there was no phone to text', () => {
    expect(statusUpdateNotice({ status: 'matched', phoneNumber: '(213) 555-0101' }).lines[1]).toBe(
      'The member was sent an SMS notification.',
    );
    expect(statusUpdateNotice({ status: 'authorized', phoneNumber: '(213) 555-0101' }).lines).toEqual([
      'This change is now reflected in: Case Timeline, Member Profile.',
      'The member was sent an SMS saying a provider will contact them within 24 hours.',
    ]);
    expect(statusUpdateNotice({ status: 'matched', phoneNumber: '' }).lines[1]).toBe(
      'No phone number is on file, so the member could not be sent an SMS.',
    );
  });
});

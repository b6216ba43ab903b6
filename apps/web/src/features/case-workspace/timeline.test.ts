import type { ReferralEvent } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline.ts';

let nextId = 1;
function event(type: string, at: string, overrides: Partial<ReferralEvent> = {}): ReferralEvent {
  return {
    id: nextId++,
    referral_id: 101,
    type,
    from_status: null,
    to_status: null,
    actor_user_id: null,
    actor_name: null,
    details: {},
    at,
    ...overrides,
  };
}

const notSent = { phiEmailSent: false, emailSentTo: null };

describe('buildTimeline (000 §2.7)', () => {
  it('lists the history newest first with titles, lines and who', () => {
    const events = [
      event('status_changed', '2026-11-24T10:00:00Z', {
        from_status: 'in_progress',
        to_status: 'completed',
        actor_name: 'Dana Rivers',
      }),
      event('member_notified', '2026-11-21T09:00:01Z', {
        details: { channel: 'sms', status: 'matched', sent: true },
      }),
      event('claimed', '2026-11-21T09:00:00Z', {
        actor_name: 'Kai Harbor',
        details: { provider_name: 'Harbor Listing', organization_name: 'Harbor Community Services' },
      }),
      event('created', '2026-11-20T15:30:00Z', {
        actor_name: 'Dana Rivers',
        details: { referral_number: '4821093756' },
      }),
    ];
    const entries = buildTimeline(events, notSent);
    expect(entries.map((e) => e.title)).toEqual([
      'Case Completed',
      'Member Notified by SMS',
      'Provider Matched',
      'Referral Created',
    ]);
    expect(entries[0]).toMatchObject({
      who: 'Dana Rivers',
      lines: ['Status changed from In Progress to Completed'],
    });
    expect(entries[1]).toMatchObject({
      who: 'System',
      lines: ['The member was sent an SMS about the status Matched.'],
    });
    expect(entries[2]!.lines).toEqual(['Claimed by Harbor Community Services', 'Provider: Harbor Listing']);
    expect(entries[3]!.lines).toEqual(['Referral #4821093756']);
  });

  it('names the status entries of 000 §2.7 and any other status', () => {
    const titles = ['in_progress', 'on_hold', 'completed', 'authorized', 'accepted'].map(
      (to) =>
        buildTimeline(
          [event('status_changed', '2026-11-22T00:00:00Z', { from_status: 'matched', to_status: to })],
          notSent,
        )[0]!.title,
    );
    expect(titles).toEqual([
      'Services In Progress',
      'Case On Hold',
      'Case Completed',
      'Status Changed to Authorized',
      'Status Changed to Accepted',
    ]);
  });

  it("shows a closing step's outcome, reason and note (issue #14)", () => {
    const [done] = buildTimeline(
      [
        event('status_changed', '2026-11-24T10:00:00Z', {
          from_status: 'in_progress',
          to_status: 'completed',
          details: { action: 'complete', outcome: 'unable_to_reach', note: 'Three calls, no answer' },
        }),
      ],
      notSent,
    );
    expect(done!.lines).toEqual([
      'Status changed from In Progress to Completed',
      'Outcome: Unable to reach member',
      'Note: Three calls, no answer',
    ]);
    const [cancelled] = buildTimeline(
      [
        event('status_changed', '2026-11-24T10:00:00Z', {
          from_status: 'pending',
          to_status: 'cancelled',
          details: { action: 'cancel', reason: 'Entered twice' },
        }),
      ],
      notSent,
    );
    expect(cancelled).toMatchObject({
      title: 'Referral Cancelled',
      lines: ['Status changed from Pending to Cancelled', 'Reason: Entered twice'],
    });
  });

  it('tells the PHI email inside the acceptance: sent, failed, or pending', () => {
    const accepted = event('accepted', '2026-11-22T10:00:00Z', {
      actor_name: 'Kai Harbor',
      details: { provider_name: 'Harbor Listing', email_sent_to: 'intake@harbor.example.test' },
    });
    const sent = event('phi_email_sent', '2026-11-22T10:00:30Z', {
      details: { email_sent_to: 'intake@harbor.example.test' },
    });
    const withSent = buildTimeline([sent, accepted], notSent);
    expect(withSent).toHaveLength(1);
    expect(withSent[0]!.title).toBe('Provider Accepted Referral');
    expect(withSent[0]!.lines).toContain('A secure PHI email was sent to intake@harbor.example.test');

    const failed = event('phi_email_failed', '2026-11-22T11:00:00Z', { details: {} });
    expect(buildTimeline([failed, accepted], notSent)[0]!.lines).toContain(
      'The secure PHI email to intake@harbor.example.test could not be delivered.',
    );

    // A provider without an email address: the server records why in the same transaction.
    const noAddress = event('accepted', '2026-11-22T10:00:00Z', {
      details: { provider_name: 'Harbor Listing', email_sent_to: null },
    });
    const why = event('phi_email_failed', '2026-11-22T10:00:00Z', {
      details: {
        reason: 'The provider has no email address on file, so the member details could not be emailed.',
      },
    });
    const noEmail = buildTimeline([why, noAddress], notSent);
    expect(noEmail).toHaveLength(1);
    expect(noEmail[0]!.lines).toContain(
      'The provider has no email address on file, so the member details could not be emailed.',
    );

    expect(buildTimeline([accepted], notSent)[0]!.lines).toContain(
      'Email Pending: the secure PHI email to intake@harbor.example.test has not been delivered yet.',
    );
    // The referral's flag says sent although no delivery row is in the history.
    expect(
      buildTimeline([accepted], { phiEmailSent: true, emailSentTo: 'intake@harbor.example.test' })[0]!.lines,
    ).toContain('A secure PHI email was sent to intake@harbor.example.test');
  });

  it('gives the rejection reason and the expiry text, both to be re-matched', () => {
    const rejected = event('rejected', '2026-11-22T10:00:00Z', {
      actor_name: 'Kai Harbor',
      details: { provider_name: 'Harbor Listing', reason: 'No capacity this month' },
    });
    expect(buildTimeline([rejected], notSent)[0]).toMatchObject({
      title: 'Provider Rejected Referral',
      lines: [
        'Harbor Listing rejected this referral.',
        'Reason: No capacity this month',
        'Will need to re-match',
      ],
      who: 'Kai Harbor',
    });
    const expired = event('expired', '2026-11-28T09:00:00Z', {
      details: { provider_name: 'Harbor Listing' },
    });
    expect(buildTimeline([expired], notSent)[0]).toMatchObject({
      title: 'Referral Expired',
      who: 'System',
      lines: [
        'Matched provider: Harbor Listing',
        'Provider did not respond within 7 days - will need to re-match',
      ],
    });
  });

  it('covers notes, documents, contact details, edits and an SMS that could not be sent', () => {
    const at = '2026-11-23T00:00:00Z';
    const entries = buildTimeline(
      [
        event('note_added', at),
        event('note_updated', at),
        event('note_deleted', at),
        event('document_uploaded', at, { details: { filename: 'intake.pdf' } }),
        event('document_deleted', at),
        event('document_uploaded', '2026-11-22T00:00:00Z', { details: { document_id: 4, size: 2048 } }),
        event('contact_updated', at),
        event('updated', at, { details: { fields: ['phone_number', 'email'] } }),
        event('member_notified', at, {
          details: { sent: false, status: 'matched', reason: 'no phone number' },
        }),
      ],
      notSent,
    );
    expect(entries.at(-1)).toMatchObject({
      title: 'Document Uploaded',
      lines: ['A 2.0 KB file was added to the case.'],
    });
    const byTitle = Object.fromEntries(entries.slice(0, -1).map((e) => [e.title, e.lines]));
    expect(byTitle).toEqual({
      'Case Note Added': [],
      'Case Note Edited': [],
      'Case Note Deleted': [],
      'Document Uploaded': ['intake.pdf'],
      'Document Deleted': [],
      'Contact Details Updated': ["The member's emergency contact was saved."],
      'Referral Details Updated': ['Changed: phone number, email'],
      'Member Not Notified': ['No SMS was sent about the status Matched: no phone number.'],
    });
  });
});

describe('provider communications on the timeline (001 §2.10–§2.16)', () => {
  it('names messages sent and received by channel, calls, voicemails and web forms', () => {
    const entries = buildTimeline(
      [
        event('web_form_submitted', '2026-11-22T10:06:00Z', {
          details: {
            channel: 'web_form',
            provider_name: 'Marigold Community Pantry',
            submission_success: true,
            form_submitted: true,
          },
        }),
        event('voicemail_received', '2026-11-22T10:05:00Z', {
          details: { channel: 'voice', provider_name: 'Marigold Community Pantry', duration_seconds: 42 },
        }),
        event('call_ended', '2026-11-22T10:04:00Z', {
          details: { channel: 'voice', status: 'completed', duration_seconds: 125 },
        }),
        event('call_placed', '2026-11-22T10:00:00Z', {
          actor_name: 'Dana Rivers',
          details: { channel: 'voice', provider_name: 'Marigold Community Pantry' },
        }),
        event('message_received', '2026-11-21T10:00:00Z', {
          details: {
            channel: 'sms',
            direction: 'inbound',
            provider_name: 'Marigold Community Pantry',
            intent: 'accept',
          },
        }),
        event('message_sent', '2026-11-21T09:00:00Z', {
          actor_name: 'Dana Rivers',
          details: { channel: 'email', direction: 'outbound', provider_name: 'Marigold Community Pantry' },
        }),
        event('message_sent', '2026-11-21T08:00:00Z', { details: { channel: 'sms' } }),
      ],
      notSent,
    );
    expect(entries.map((e) => [e.kind, e.title])).toEqual([
      ['web_form', 'Web Form Submitted'],
      ['voicemail', 'Voicemail Received'],
      ['call', 'Call Ended'],
      ['call', 'Call Placed'],
      ['sms', 'SMS Received from Provider'],
      ['email', 'Email Sent to Provider'],
      ['sms', 'SMS Sent to Provider'],
    ]);
    expect(entries[0]!.lines).toEqual(['To Marigold Community Pantry', 'Status: Submitted']);
    expect(entries[1]!.lines).toEqual(['From Marigold Community Pantry', 'Length 0:42']);
    expect(entries[2]!.lines).toEqual(['Status: completed · 2:05']);
    expect(entries[3]).toMatchObject({ who: 'Dana Rivers', lines: ['To Marigold Community Pantry'] });
    expect(entries[4]!.lines).toEqual(['From Marigold Community Pantry', 'Reply: accept']);
    expect(entries[5]!.lines).toEqual(['To Marigold Community Pantry']);
    expect(entries[6]).toMatchObject({ who: 'System', lines: [] });
  });

  it('tells a failed web form by its error', () => {
    const [entry] = buildTimeline(
      [
        event('web_form_submitted', '2026-11-22T10:06:00Z', {
          details: { status: 'failed', error: 'Captcha required' },
        }),
      ],
      notSent,
    );
    expect(entry).toMatchObject({ color: 'red', lines: ['Status: failed', 'Error: Captcha required'] });
  });
});

describe('declines, silences and the cascade on the timeline (issue #14)', () => {
  it('names who declined and why, who did not answer, the new round and the flag', () => {
    const entries = buildTimeline(
      [
        event('needs_rematching', '2026-11-24T10:03:00Z', {
          details: { reason: 'no_providers', explanation: 'No other provider nearby.', notified: true },
        }),
        event('cascaded', '2026-11-24T10:02:00Z', { details: { round: 2, count: 4 } }),
        event('provider_expired', '2026-11-24T10:01:00Z', { details: { provider_name: 'Bay Pantry' } }),
        event('provider_declined', '2026-11-24T10:00:00Z', {
          details: { provider_name: 'Harbor Listing', reason: 'At full capacity', still_waiting: 2 },
        }),
      ],
      notSent,
    );
    expect(entries.map((e) => e.title)).toEqual([
      'Needs Re-matching',
      'Matched Again (round 2)',
      'Provider Did Not Answer',
      'Provider Declined',
    ]);
    expect(entries[0]!.lines).toEqual([
      'No other provider nearby.',
      'The coordinator was emailed. Use Match to send it to another provider.',
    ]);
    expect(entries[1]!.lines[0]).toContain('matched to the next 4 providers');
    expect(entries[2]!.lines).toEqual(['Bay Pantry did not answer within 7 days.']);
    expect(entries[3]!.lines).toEqual([
      'Harbor Listing declined this referral.',
      'Reason: At full capacity',
      'Still waiting for 2 providers.',
    ]);
  });
});

describe("the member's answer on the timeline (issue #14 item 4)", () => {
  it('says the member was asked, and what they answered; a late reply is not counted', () => {
    const entries = buildTimeline(
      [
        event('member_replied', '2026-11-28T10:03:00Z', { details: { answer: 'no', late: true } }),
        event('member_replied', '2026-11-28T10:02:00Z', { details: { answer: 'yes', late: false } }),
        event('member_follow_up_sent', '2026-11-28T10:01:00Z', { details: { sent: true, language: 'en' } }),
        event('member_follow_up_sent', '2026-11-28T10:00:00Z', {
          details: { sent: false, reason: 'no phone number' },
        }),
      ],
      notSent,
    );
    expect(entries.map((e) => [e.title, e.color])).toEqual([
      ['Late Member Reply', 'gray'],
      ['Member Confirmed Help', 'green'],
      ['Member Asked for Feedback', 'cyan'],
      ['Member Not Asked', 'orange'],
    ]);
    expect(entries[0]!.lines).toEqual([
      'The member replied NO after the question closed; it was not counted.',
    ]);
    expect(entries[3]!.lines).toEqual([
      'The member could not be asked whether they got help: no phone number.',
    ]);
  });
});

describe('auto-match and sends on the timeline (issue #14 item 8)', () => {
  it('says the engine matched, whether it was on creation, and how each provider was sent it', () => {
    const entries = buildTimeline(
      [
        event('sent_to_provider', '2026-11-28T10:02:00Z', {
          details: { provider_name: 'Bay Pantry', method_type: 'phone' },
        }),
        event('auto_matched', '2026-11-28T10:01:00Z', { details: { count: 1 } }),
        event('auto_matched', '2026-11-28T10:00:00Z', { details: { count: 4, trigger: 'created' } }),
      ],
      notSent,
    );
    expect(entries.map((e) => [e.title, e.lines])).toEqual([
      ['Sent to Provider', ['Bay Pantry was sent the referral by SMS.']],
      ['Auto-Matched', ['The matching engine matched the 1 nearest provider offering the needed services.']],
      [
        'Auto-Matched',
        ['On creation, the matching engine matched the 4 nearest providers offering the needed services.'],
      ],
    ]);
  });
});

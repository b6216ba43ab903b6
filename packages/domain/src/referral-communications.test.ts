import { describe, expect, it } from 'vitest';
import {
  MESSAGE_PREVIEW_LENGTH,
  messagePreview,
  webFormSubmissionStatus,
} from './referral-communications.ts';

describe('messagePreview (001 §9 preview 80)', () => {
  it('keeps a short body whole, on one line', () => {
    expect(messagePreview('  Hello\n\n  there ')).toBe('Hello there');
    expect(messagePreview('')).toBe('');
  });

  it('cuts a long body at 80 characters and says there is more', () => {
    const body = 'x'.repeat(MESSAGE_PREVIEW_LENGTH + 5);
    expect(messagePreview(body)).toBe(`${'x'.repeat(80)}…`);
    expect(messagePreview('y'.repeat(80))).toBe('y'.repeat(80));
  });
});

describe('webFormSubmissionStatus (001 §3)', () => {
  it('is Submitted, Attempted or Filled', () => {
    expect(webFormSubmissionStatus({ submission_success: true, form_submitted: true })).toBe('Submitted');
    expect(webFormSubmissionStatus({ submission_success: true, form_submitted: false })).toBe('Submitted');
    expect(webFormSubmissionStatus({ submission_success: false, form_submitted: true })).toBe('Attempted');
    expect(webFormSubmissionStatus({ submission_success: false, form_submitted: false })).toBe('Filled');
  });
});

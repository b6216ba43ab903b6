import { describe, expect, it } from 'vitest';
import { normaliseReferralStatus, urgencyToClient, urgencyToServer } from './referrals.ts';

describe('urgency mapping (000 §3.2)', () => {
  it('maps client urgencies to the server', () => {
    expect(urgencyToServer('Immediate')).toBe('Emergency');
    expect(urgencyToServer('Within 24h')).toBe('Urgent');
    expect(urgencyToServer('Within 1 Week')).toBe('Urgent');
    expect(urgencyToServer('Routine')).toBe('Routine');
  });
  it('maps server urgencies back, anything else to Routine', () => {
    expect(urgencyToClient('Emergency')).toBe('Immediate');
    expect(urgencyToClient('Urgent')).toBe('Within 24h');
    expect(urgencyToClient('Routine')).toBe('Routine');
    expect(urgencyToClient('Standard')).toBe('Routine');
    expect(urgencyToClient(null)).toBe('Routine');
  });
});

describe('status normaliser (003 §3)', () => {
  it('maps lower- and upper-case variants to labels', () => {
    expect(normaliseReferralStatus('in_progress')).toBe('In Progress');
    expect(normaliseReferralStatus('IN_PROGRESS')).toBe('In Progress');
    expect(normaliseReferralStatus('On Hold')).toBe('On Hold');
    expect(normaliseReferralStatus('COMPLETED')).toBe('Completed');
  });
  it('defaults to Pending', () => {
    expect(normaliseReferralStatus('')).toBe('Pending');
    expect(normaliseReferralStatus(undefined)).toBe('Pending');
    expect(normaliseReferralStatus('bogus')).toBe('Pending');
  });
});

import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  CLOSED_STATUSES,
  canTake,
  LIFECYCLE_ACTIONS,
  lifecycleActorsOf,
  refusedTransitionMessage,
  statusChangeStep,
  TRANSITIONS,
} from './referral-lifecycle.ts';
import { REFERRAL_STATUSES } from './referrals.ts';

describe('the referral lifecycle table', () => {
  it('has one row per action, over known statuses only', () => {
    expect(TRANSITIONS.map((t) => t.action).sort()).toEqual([...LIFECYCLE_ACTIONS].sort());
    for (const t of TRANSITIONS) {
      expect(REFERRAL_STATUSES).toContain(t.to);
      for (const from of t.from) expect(REFERRAL_STATUSES).toContain(from);
      expect(t.from).not.toContain(t.to);
    }
  });

  it('ends only at Completed and Cancelled: every other status has a way on', () => {
    for (const status of REFERRAL_STATUSES) {
      const out = TRANSITIONS.filter((t) => t.from.includes(status));
      if (CLOSED_STATUSES.includes(status)) expect(out).toEqual([]);
      else expect(out.length).toBeGreaterThan(0);
    }
  });

  it('lets only the provider answer and report progress, and only the referrer authorize, cancel and reopen', () => {
    expect(canTake('accept', 'matched', 'provider')).toBe(true);
    expect(canTake('accept', 'matched', 'referrer')).toBe(false);
    expect(canTake('complete', 'in_progress', 'provider')).toBe(true);
    expect(canTake('complete', 'in_progress', 'referrer')).toBe(false);
    expect(canTake('complete', 'pending', 'provider')).toBe(false);
    expect(canTake('authorize', 'accepted', 'referrer')).toBe(true);
    expect(canTake('authorize', 'matched', 'referrer')).toBe(false);
    expect(canTake('cancel', 'in_progress', 'referrer')).toBe(true);
    expect(canTake('cancel', 'completed', 'referrer')).toBe(false);
    expect(canTake('cancel', 'pending', 'provider')).toBe(false);
    expect(canTake('expire', 'matched', 'system')).toBe(true);
    expect(canTake('expire', 'matched', 'referrer')).toBe(false);
    expect(canTake('reopen', 'rejected', 'referrer')).toBe(true);
    expect(canTake('reopen', 'matched', 'referrer')).toBe(false);
  });

  it('maps a status change to its step, never to matching or answering', () => {
    expect(statusChangeStep('accepted', 'in_progress', ['provider'])?.action).toBe('start');
    expect(statusChangeStep('on_hold', 'completed', ['provider'])?.needs).toBe('outcome');
    expect(statusChangeStep('pending', 'cancelled', ['referrer'])?.needs).toBe('reason');
    expect(statusChangeStep('pending', 'matched', ['referrer'])).toBeNull();
    expect(statusChangeStep('matched', 'accepted', ['provider'])).toBeNull();
    expect(statusChangeStep('pending', 'completed', ['referrer', 'provider'])).toBeNull();
    expect(statusChangeStep('accepted', 'in_progress', ['referrer'])).toBeNull();
  });

  it('offers each actor only its own steps', () => {
    const referrer = allowedTransitions('accepted', ['referrer'], { byStatusChange: true }).map((t) => t.to);
    expect(referrer.sort()).toEqual(['authorized', 'cancelled']);
    const provider = allowedTransitions('accepted', ['provider'], { byStatusChange: true }).map((t) => t.to);
    expect(provider.sort()).toEqual(['completed', 'in_progress', 'on_hold']);
    expect(allowedTransitions('completed', ['referrer', 'provider'])).toEqual([]);
  });

  it('names the current status, what it allows and how the target is reached when refused', () => {
    expect(refusedTransitionMessage('pending', 'completed', ['referrer'])).toBe(
      'This referral is Pending; it cannot be set to Completed. From Pending it can go to: Cancelled.',
    );
    expect(refusedTransitionMessage('pending', 'matched', ['referrer'])).toBe(
      'This referral is Pending; it cannot be set to Matched. From Pending it can go to: Cancelled. Use Match (auto-match or the directory) to send it to a provider.',
    );
    expect(refusedTransitionMessage('completed', 'pending', ['referrer'])).toBe(
      'This referral is Completed; it cannot be set to Pending. Nothing you may do changes its status from Completed.',
    );
  });

  it('knows who an organization is for a referral it reads', () => {
    const provider = { organization_id: 7 };
    expect(lifecycleActorsOf({ viewer_role: 'owner', organization_id: 3, matched_provider: null })).toEqual([
      'referrer',
    ]);
    expect(
      lifecycleActorsOf({ viewer_role: 'owner', organization_id: 7, matched_provider: provider }),
    ).toEqual(['referrer', 'provider']);
    expect(
      lifecycleActorsOf({ viewer_role: 'provider', organization_id: 3, matched_provider: provider }),
    ).toEqual(['provider']);
  });
});

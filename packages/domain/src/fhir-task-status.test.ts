import { describe, expect, it } from 'vitest';
import {
  FHIR_TASK_STATUSES,
  isFhirTaskStatus,
  lifecycleActionOfTaskStatus,
  SDOHCC_REFERRAL_TASK_STATUSES,
  taskETagOf,
  taskStatusOfReferral,
  taskVersionOf,
  versionOfIfMatch,
} from './fhir-task-status.ts';
import { canTake, transitionOf } from './referral-lifecycle.ts';
import { REFERRAL_STATUSES, type ReferralStatus } from './referrals.ts';

describe('the Task status of a referral', () => {
  it.each([
    ['pending', 'requested'],
    ['matched', 'requested'],
    ['accepted', 'accepted'],
    ['authorized', 'accepted'],
    ['in_progress', 'in-progress'],
    ['on_hold', 'on-hold'],
    ['completed', 'completed'],
    ['rejected', 'rejected'],
    ['expired', 'rejected'],
    ['cancelled', 'cancelled'],
  ] as const)('%s is %s', (referral, task) => {
    expect(taskStatusOfReferral(referral)).toBe(task);
  });

  it('is always a status of the IG referral value set', () => {
    for (const s of REFERRAL_STATUSES)
      expect(SDOHCC_REFERRAL_TASK_STATUSES).toContain(taskStatusOfReferral(s));
  });

  it('follows the IG value set: no ready, no received', () => {
    expect(SDOHCC_REFERRAL_TASK_STATUSES).not.toContain('ready');
    expect(SDOHCC_REFERRAL_TASK_STATUSES).not.toContain('received');
    expect(SDOHCC_REFERRAL_TASK_STATUSES).toContain('failed');
    expect(isFhirTaskStatus('on-hold')).toBe(true);
    expect(isFhirTaskStatus('on_hold')).toBe(false);
  });
});

describe('a Task status change as a lifecycle step', () => {
  it.each([
    ['matched', 'accepted', 'provider', 'accept'],
    ['matched', 'rejected', 'provider', 'decline'],
    ['accepted', 'in-progress', 'provider', 'start'],
    ['authorized', 'in-progress', 'provider', 'start'],
    ['on_hold', 'in-progress', 'provider', 'start'],
    ['in_progress', 'on-hold', 'provider', 'hold'],
    ['in_progress', 'completed', 'provider', 'complete'],
    ['accepted', 'completed', 'provider', 'complete'],
    ['pending', 'cancelled', 'referrer', 'cancel'],
    ['in_progress', 'cancelled', 'referrer', 'cancel'],
    ['rejected', 'requested', 'referrer', 'reopen'],
    ['expired', 'requested', 'referrer', 'reopen'],
  ] as const)('from %s to %s by the %s is %s', (from, to, actor, action) => {
    expect(lifecycleActionOfTaskStatus(from, to, [actor])).toBe(action);
  });

  it.each([
    // A skipped step: nobody has accepted yet.
    ['matched', 'in-progress', 'provider'],
    ['matched', 'completed', 'provider'],
    ['pending', 'accepted', 'provider'],
    // The other side's step.
    ['matched', 'accepted', 'referrer'],
    ['in_progress', 'completed', 'referrer'],
    ['in_progress', 'cancelled', 'provider'],
    // Closed for good.
    ['completed', 'in-progress', 'provider'],
    ['cancelled', 'requested', 'referrer'],
    // Statuses with no step in the lifecycle.
    ['in_progress', 'failed', 'provider'],
    ['matched', 'received', 'provider'],
    ['matched', 'ready', 'provider'],
    ['pending', 'draft', 'referrer'],
    ['pending', 'entered-in-error', 'referrer'],
  ] as const)('from %s to %s by the %s is refused', (from, to, actor) => {
    expect(lifecycleActionOfTaskStatus(from, to, [actor])).toBeNull();
  });

  it('never acts as the system: an expiry is not a client step', () => {
    expect(lifecycleActionOfTaskStatus('matched', 'rejected', ['system'])).toBeNull();
  });

  it('takes either side when an organization is both', () => {
    expect(lifecycleActionOfTaskStatus('matched', 'accepted', ['referrer', 'provider'])).toBe('accept');
    expect(lifecycleActionOfTaskStatus('accepted', 'cancelled', ['referrer', 'provider'])).toBe('cancel');
  });

  it('for every status, side and Task status: a step only when the state machine allows it, landing on that Task status', () => {
    for (const from of REFERRAL_STATUSES as readonly ReferralStatus[]) {
      for (const to of FHIR_TASK_STATUSES) {
        for (const actor of ['referrer', 'provider'] as const) {
          const action = lifecycleActionOfTaskStatus(from, to, [actor]);
          if (action === null) continue;
          expect(canTake(action, from, actor)).toBe(true);
          expect(taskStatusOfReferral(transitionOf(action).to)).toBe(to);
        }
      }
    }
  });
});

describe('the Task version', () => {
  it('is updated_at in milliseconds, as a weak ETag, and If-Match reads it back', () => {
    const at = '2026-01-02T03:04:05.678Z';
    expect(taskVersionOf(at)).toBe(String(Date.parse(at)));
    expect(taskETagOf(new Date(at))).toBe(`W/"${Date.parse(at)}"`);
    expect(versionOfIfMatch(taskETagOf(at))).toBe(taskVersionOf(at));
    expect(versionOfIfMatch('"12"')).toBe('12');
    expect(versionOfIfMatch('12')).toBe('12');
    expect(versionOfIfMatch(undefined)).toBeNull();
    expect(versionOfIfMatch('')).toBeNull();
  });
});

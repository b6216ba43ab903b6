import { describe, expect, it } from 'vitest';
import {
  allowedNextStatuses,
  ENROLLMENT_MESSAGES,
  ENROLLMENT_STATUSES,
  enrollmentCreateSchema,
  isFinalEnrollmentStatus,
  isIsoCalendarDate,
  nextStatusesFor,
  todayIsoDate,
} from './enrollments.ts';

describe('the enrollment state machine table', () => {
  it('allows the steps of issue #15 item 6 and ends in completed, withdrawn or terminated', () => {
    expect(allowedNextStatuses('pending')).toEqual(['active', 'withdrawn']);
    expect(allowedNextStatuses('active')).toEqual(['on_hold', 'completed', 'withdrawn', 'terminated']);
    expect(allowedNextStatuses('on_hold')).toEqual(['active', 'withdrawn', 'terminated']);
    expect(ENROLLMENT_STATUSES.filter(isFinalEnrollmentStatus)).toEqual([
      'completed',
      'withdrawn',
      'terminated',
    ]);
  });

  it('offers terminating to managers and administrators only, and nothing to viewers', () => {
    expect(nextStatusesFor('active', 'staff')).toEqual(['on_hold', 'completed', 'withdrawn']);
    for (const role of ['manager', 'org_admin', 'super_admin']) {
      expect(nextStatusesFor('active', role)).toContain('terminated');
    }
    expect(nextStatusesFor('active', 'viewer')).toEqual([]);
  });

  it('names both statuses and what is allowed when it refuses', () => {
    expect(ENROLLMENT_MESSAGES.transitionRefused('on_hold', 'completed')).toBe(
      'An enrollment cannot move from On Hold to Completed. From On Hold it can move to: Active, Withdrawn, Terminated.',
    );
  });
});

describe('enrollment input', () => {
  it('reads calendar dates strictly and today as YYYY-MM-DD', () => {
    expect(isIsoCalendarDate('2024-02-29')).toBe(true);
    expect(isIsoCalendarDate('2023-02-29')).toBe(false);
    expect(isIsoCalendarDate('2024-2-1')).toBe(false);
    expect(todayIsoDate(new Date('2026-03-01T02:00:00Z'), 'America/Los_Angeles')).toBe('2026-02-28');
  });

  it('defaults a new enrollment to pending without an override, and refuses unknown fields', () => {
    expect(enrollmentCreateSchema.parse({ member_id: 1, program_id: 2 })).toMatchObject({
      status: 'pending',
      eligibility_verified: false,
      consent_obtained: false,
      override_capacity: false,
    });
    expect(enrollmentCreateSchema.safeParse({ member_id: 1, program_id: 2, member_name: 'x' }).success).toBe(
      false,
    );
    expect(
      enrollmentCreateSchema.safeParse({ member_id: 1, program_id: 2, start_date: '' }).data?.start_date,
    ).toBe(null);
  });
});

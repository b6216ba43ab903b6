import { describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures.ts';
import { canTriageUnmatched } from './can-triage.ts';

// Issue #12: the messages nobody could place are for platform operators only (the server's canTriageUnmatched);
// an organization's coordinators and admins, whatever their product role, do not see the Unmatched filter.
describe('canTriageUnmatched', () => {
  it('is true for a platform operator only', () => {
    expect(canTriageUnmatched(makeMe({ role: 'administrator', is_platform_operator: true }))).toBe(true);
    for (const role of ['case_manager', 'admin', 'administrator', 'cbo_staff', 'provider'] as const) {
      expect(canTriageUnmatched(makeMe({ role, is_platform_operator: false })), role).toBe(false);
    }
    expect(canTriageUnmatched(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  billingActivityCreateSchema,
  CPT_CODE_PATTERN,
  centsToDollars,
  dollarsToCents,
  HCPCS_CODE_PATTERN,
  hasAtMostCents,
  PROGRAM_MESSAGES,
  programUpdateSchema,
} from './programs.ts';

describe('program money (dollars on the wire, cents in the database)', () => {
  it('accepts at most 2 decimals despite binary floating point, and converts exactly', () => {
    for (const ok of [0, 0.1, 19.99, 62.18, 425.5, 1_000_000])
      expect(hasAtMostCents(ok), String(ok)).toBe(true);
    for (const bad of [12.345, 0.001, 19.999]) expect(hasAtMostCents(bad), String(bad)).toBe(false);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(centsToDollars(1999)).toBe(19.99);
  });
});

describe('billing codes by shape', () => {
  it('knows CPT category I/II/III and HCPCS level II', () => {
    for (const cpt of ['99490', '1234F', '0001T']) expect(CPT_CODE_PATTERN.test(cpt), cpt).toBe(true);
    for (const cpt of ['9949', '994900', '1234X', 'G9008'])
      expect(CPT_CODE_PATTERN.test(cpt), cpt).toBe(false);
    for (const h of ['G9008', 'T1016']) expect(HCPCS_CODE_PATTERN.test(h), h).toBe(true);
    for (const h of ['9008G', 'GG008', 'G900']) expect(HCPCS_CODE_PATTERN.test(h), h).toBe(false);
  });

  it('upper-cases codes, turns blanks into none, and keeps what an update leaves out', () => {
    const parsed = billingActivityCreateSchema.parse({
      program_id: 1,
      activity_name: ' Outreach ',
      billing_unit: 'per_encounter',
      rate_per_unit: 40,
      hcpcs_code: 'g9008',
      modifier_1: ' u1 ',
      cpt_code: '',
      activity_type: '',
    });
    expect(parsed).toMatchObject({
      activity_name: 'Outreach',
      hcpcs_code: 'G9008',
      modifier_1: 'U1',
      cpt_code: null,
      activity_type: null,
    });
    expect(parsed.revenue_code).toBeUndefined();
    expect(programUpdateSchema.parse({ description: '' })).toEqual({ description: null });
  });
});

describe('program texts', () => {
  it('says how many enrollments a delete takes with it', () => {
    expect(PROGRAM_MESSAGES.hasEnrollments(1)).toMatch(/^This program has 1 enrollment\./);
    expect(PROGRAM_MESSAGES.hasEnrollments(12)).toMatch(/^This program has 12 enrollments\./);
    expect(PROGRAM_MESSAGES.confirmDelete('ECM', 3)).toContain('its 3 member enrollments');
    expect(PROGRAM_MESSAGES.confirmDelete('ECM', 0)).toBe('Delete ECM? This cannot be undone.');
  });
});

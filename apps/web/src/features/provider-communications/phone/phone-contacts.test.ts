import { describe, expect, it } from 'vitest';
import { buildPhoneContacts } from './phone-contacts.ts';
import { makePhoneMethod } from './phone-fixtures.ts';

describe('the phone contacts (001 §2.14)', () => {
  it('lists the main phone as work, then a different mobile and an alternative different from both', () => {
    const contacts = buildPhoneContacts('(213) 555-0100', [
      makePhoneMethod(1, '+1 213 555 0100'),
      makePhoneMethod(2, '213.555.0111', 'front desk'),
      makePhoneMethod(3, '(213) 555-0122', 'Cell of the director'),
    ]);
    expect(contacts).toEqual([
      { key: 'main', label: 'Main Phone', type: 'work', number: '(213) 555-0100' },
      { key: 'mobile', label: 'Mobile', type: 'mobile', number: '(213) 555-0122' },
      { key: 'alternative', label: 'Alternative', type: 'other', number: '213.555.0111' },
    ]);
  });

  it('drops a mobile equal to the main phone and an alternative equal to either', () => {
    expect(
      buildPhoneContacts('213-555-0100', [
        makePhoneMethod(1, '2135550100', 'mobile'),
        makePhoneMethod(2, '+12135550100'),
      ]).map((c) => c.label),
    ).toEqual(['Main Phone']);
    expect(
      buildPhoneContacts('213-555-0100', [
        makePhoneMethod(1, '310 555 0199'),
        makePhoneMethod(2, '(310) 555-0199'),
        makePhoneMethod(3, '2135550100'),
      ]).map((c) => `${c.label} ${c.number}`),
    ).toEqual(['Main Phone 213-555-0100', 'Mobile 310 555 0199']);
  });

  it('lists at most three numbers, ignores other methods, and is empty without any phone', () => {
    const many = buildPhoneContacts('2135550100', [
      makePhoneMethod(1, '2135550101'),
      makePhoneMethod(2, '2135550102'),
      makePhoneMethod(3, '2135550103'),
    ]);
    expect(many).toHaveLength(3);
    const email = { ...makePhoneMethod(4, 'info@example.org'), method_type: 'email' as const };
    expect(buildPhoneContacts(null, [email])).toEqual([]);
    expect(buildPhoneContacts('  ', [])).toEqual([]);
  });

  it('without a main phone, the first phone method is the mobile', () => {
    expect(buildPhoneContacts(null, [makePhoneMethod(1, '2135550101')])).toEqual([
      { key: 'mobile', label: 'Mobile', type: 'mobile', number: '2135550101' },
    ]);
  });
});

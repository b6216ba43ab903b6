import { describe, expect, it } from 'vitest';
import {
  buildFallbackMethods,
  COMMUNICATION_METHOD_LABELS,
  computePriority,
  isFallbackMethodId,
  type PriorityInput,
  priorityColor,
  successRatePercent,
  websiteUrl,
} from './communication-methods.ts';

const now = new Date('2026-11-24T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
const plain = (methodType: string, over: Partial<PriorityInput> = {}): PriorityInput => ({
  methodType,
  verified: false,
  isPreferred: false,
  successCount: 0,
  failureCount: 0,
  lastUsedAt: null,
  ...over,
});

describe('computePriority (001 §9)', () => {
  it('starts from the base score of the type: web form 100, portal 90, email 80, fax 70, phone 60', () => {
    expect(
      ['web_form', 'portal', 'email', 'fax', 'phone'].map((t) => computePriority(plain(t), now)),
    ).toEqual([100, 90, 80, 70, 60]);
    expect(computePriority(plain('carrier_pigeon'), now)).toBe(0);
  });

  it('adds 20 for a verified method', () => {
    expect(computePriority(plain('phone', { verified: true }), now)).toBe(80);
  });

  it('adds up to 30 in proportion to the success rate, nothing before the first attempt', () => {
    expect(computePriority(plain('email', { successCount: 4, failureCount: 0 }), now)).toBe(110);
    expect(computePriority(plain('email', { successCount: 1, failureCount: 1 }), now)).toBe(95);
    expect(computePriority(plain('email', { successCount: 0, failureCount: 3 }), now)).toBe(80);
    expect(computePriority(plain('email', { successCount: 1, failureCount: 2 }), now)).toBe(90);
  });

  it('adds 10 when used in the last 30 days, else 5 in the last 90, else nothing', () => {
    expect(computePriority(plain('fax', { lastUsedAt: daysAgo(1) }), now)).toBe(80);
    expect(computePriority(plain('fax', { lastUsedAt: daysAgo(30) }), now)).toBe(80);
    expect(computePriority(plain('fax', { lastUsedAt: daysAgo(31) }), now)).toBe(75);
    expect(computePriority(plain('fax', { lastUsedAt: daysAgo(90).toISOString() }), now)).toBe(75);
    expect(computePriority(plain('fax', { lastUsedAt: daysAgo(91) }), now)).toBe(70);
  });

  it("adds 5 for the provider's preferred method, and every bonus together", () => {
    expect(computePriority(plain('portal', { isPreferred: true }), now)).toBe(95);
    expect(
      computePriority(
        {
          methodType: 'phone',
          verified: true,
          isPreferred: true,
          successCount: 9,
          failureCount: 1,
          lastUsedAt: daysAgo(2),
        },
        now,
      ),
    ).toBe(60 + 20 + 27 + 10 + 5);
  });
});

describe('successRatePercent', () => {
  it('is a whole percent, 0 before any attempt', () => {
    expect(successRatePercent(0, 0)).toBe(0);
    expect(successRatePercent(2, 1)).toBe(67);
    expect(successRatePercent(5, 0)).toBe(100);
  });
});

describe('priorityColor (001 §9)', () => {
  it('is green from 90, blue from 70, yellow from 50, else grey', () => {
    expect([135, 90, 89, 70, 69, 50, 49, 0].map(priorityColor)).toEqual([
      'green',
      'green',
      'blue',
      'blue',
      'yellow',
      'yellow',
      'gray',
      'gray',
    ]);
  });
});

describe('method labels (001 §2.1)', () => {
  it('are SMS / Phone, Email, Web Form, Provider Portal, Fax', () => {
    expect(Object.values(COMMUNICATION_METHOD_LABELS)).toEqual([
      'SMS / Phone',
      'Email',
      'Web Form',
      'Provider Portal',
      'Fax',
    ]);
  });
});

describe('buildFallbackMethods (001 §3)', () => {
  it('builds phone −1 (60), email −2 (80) and website −3 (100, https:// added), unverified, highest first', () => {
    const methods = buildFallbackMethods({
      id: 7,
      name: 'Pantry',
      phone: '(213) 555-0100',
      email: 'a@b.org',
      website: 'pantry.org',
    });
    expect(methods.map((m) => [m.id, m.method_type, m.contact_value, m.priority])).toEqual([
      [-3, 'web_form', 'https://pantry.org', 100],
      [-2, 'email', 'a@b.org', 80],
      [-1, 'phone', '(213) 555-0100', 60],
    ]);
    expect(methods.every((m) => !m.verified && !m.is_preferred && m.discovery_method === 'fallback')).toBe(
      true,
    );
    expect(methods.every((m) => m.provider_id === 7 && m.provider_name === 'Pantry')).toBe(true);
  });

  it('leaves out blank contacts and keeps a website that has its scheme', () => {
    expect(
      buildFallbackMethods({ id: 1, name: 'X', phone: ' ', email: null, website: 'http://x.org' }),
    ).toEqual([expect.objectContaining({ id: -3, contact_value: 'http://x.org' })]);
    expect(buildFallbackMethods({ id: 1, name: 'X' })).toEqual([]);
    expect(websiteUrl(' HTTPS://x.org ')).toBe('HTTPS://x.org');
  });

  it('marks negative ids as fallbacks', () => {
    expect([-1, 0, 3, null].map(isFallbackMethodId)).toEqual([true, false, false, false]);
  });
});

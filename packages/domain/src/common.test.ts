import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT4_MAX, idNumber, idString, pageQuery, queryDecimal, queryInt, signedIdString } from './common.ts';

// Issue #12 "Strict input at the edge": one spelling per number in paths and query strings, exact JSON
// numbers in bodies, nothing past an int4 column.

describe('idString', () => {
  const id = idString();

  it('reads canonical decimal ids', () => {
    expect(id.parse('5')).toBe(5);
    expect(id.parse('1234567890')).toBe(1_234_567_890);
    expect(id.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it('refuses every other spelling, arrays, and ids past int4', () => {
    for (const raw of [
      '0x5',
      '5e0',
      ' 5',
      '5 ',
      '05',
      '-0',
      '0',
      '1.0',
      '+5',
      '',
      '-5',
      '99999999999',
      '2147483648',
      'Infinity',
      '٥',
    ]) {
      expect(id.safeParse(raw).success, JSON.stringify(raw)).toBe(false);
    }
    for (const value of [5, ['5'], ['5', '6'], null, undefined, { 0: '5' }]) {
      expect(id.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('speaks in its own message', () => {
    expect(idString('Choose a referral.').safeParse('x').error?.issues[0]?.message).toBe(
      'Choose a referral.',
    );
  });
});

describe('signedIdString', () => {
  it('takes the negative ids of directory fallbacks, never zero', () => {
    const id = signedIdString();
    expect(id.parse('-2')).toBe(-2);
    expect(id.parse('7')).toBe(7);
    for (const raw of ['0', '-0', '-02', '--2', '-2147483648', '-0x2'])
      expect(id.safeParse(raw).success, raw).toBe(false);
    expect(id.parse('-2147483647')).toBe(-INT4_MAX);
  });
});

describe('queryInt and pageQuery', () => {
  it('reads a bounded whole number and refuses the rest', () => {
    const size = queryInt({ min: 1, max: 200 });
    expect(size.parse('200')).toBe(200);
    for (const raw of ['0', '201', '01', '1e2', '2.0', '0x10', '-1', ['1', '2']]) {
      expect(size.safeParse(raw).success, JSON.stringify(raw)).toBe(false);
    }
    expect(queryInt({ min: 0, max: 100 }).parse('0')).toBe(0);
  });

  it('defaults when absent and keeps its own message', () => {
    const schema = z.object(pageQuery(25, 100));
    expect(schema.parse({})).toEqual({ page: 1, page_size: 25 });
    expect(schema.parse({ page: '3', page_size: '100' })).toEqual({ page: 3, page_size: 100 });
    expect(schema.safeParse({ page: ['1', '2'] }).success).toBe(false);
    const custom = queryInt({ min: 1, message: 'Page must be 1 or more.' });
    expect(custom.safeParse('0').error?.issues[0]?.message).toBe('Page must be 1 or more.');
  });
});

describe('queryDecimal', () => {
  it('reads plain decimals within bounds', () => {
    const lat = queryDecimal({ min: -90, max: 90 });
    expect(lat.parse('34.0522')).toBe(34.0522);
    expect(lat.parse('-0.5')).toBe(-0.5);
    expect(lat.parse('0')).toBe(0);
    for (const raw of ['90.1', '1e1', '0x10', '.5', '5.', ' 5', '', 'NaN', ['1']]) {
      expect(lat.safeParse(raw).success, JSON.stringify(raw)).toBe(false);
    }
  });
});

describe('idNumber', () => {
  it('takes JSON numbers only: no string, array or fraction', () => {
    const id = idNumber();
    expect(id.parse(5)).toBe(5);
    for (const value of ['5', [5], 5.5, 0, -1, INT4_MAX + 1, Number.NaN, null]) {
      expect(id.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});

describe('the wire schemas', () => {
  it('have no z.coerce left: every number of a path, query or body goes through these helpers', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const offenders = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes('z.coerce'));
    expect(offenders).toEqual([]);
  });
});

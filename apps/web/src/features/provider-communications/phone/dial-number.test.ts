import { describe, expect, it } from 'vitest';
import { appendDialChar, canDial, cleanDialInput, dialTarget, formatDialInput } from './dial-number.ts';

describe('the dial pad number (001 §2.14, §5)', () => {
  it('formats a US number as it is typed', () => {
    expect(formatDialInput('')).toBe('');
    expect(formatDialInput('213')).toBe('213');
    expect(formatDialInput('2135')).toBe('(213) 5');
    expect(formatDialInput('213555')).toBe('(213) 555');
    expect(formatDialInput('2135550')).toBe('(213) 555-0');
    expect(formatDialInput('2135550192')).toBe('(213) 555-0192');
    expect(formatDialInput('12135550192')).toBe('1 (213) 555-0192');
  });

  it('shows service codes and long numbers as entered', () => {
    expect(formatDialInput('*67')).toBe('*67');
    expect(formatDialInput('441234567890')).toBe('441234567890');
  });

  it('takes at most 15 characters, and only digits, * and #', () => {
    let entered = '';
    for (const key of '1234567890123456789') entered = appendDialChar(entered, key);
    expect(entered).toBe('123456789012345');
    expect(cleanDialInput('(213) 555-01a92#*')).toBe('2135550192#*');
    expect(cleanDialInput('1'.repeat(20))).toHaveLength(15);
  });

  it('needs at least 10 digits to call', () => {
    expect(canDial('213555019')).toBe(false);
    expect(canDial('21355501#9')).toBe(false);
    expect(canDial('2135550192')).toBe(true);
  });

  it('calls a US number in E.164', () => {
    expect(dialTarget('2135550192')).toBe('+12135550192');
    expect(dialTarget('12135550192')).toBe('+12135550192');
    expect(dialTarget('*672135550192')).toBe('*672135550192');
  });
});

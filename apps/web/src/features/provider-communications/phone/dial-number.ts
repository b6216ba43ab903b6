import { DIAL_MIN_DIGITS, DIAL_PAD_MAX_CHARS, toE164 } from '@trust/domain';

// The dial pad's number (001 §2.14, §5): the characters entered (digits, * and #), at most 15 of them; shown as
// (XXX) XXX-XXXX while typed; Call needs at least 10 digits.

const DIAL_CHARS = /[0-9*#]/g;

/** Keeps what a dial pad can enter (digits, * and #), at most 15 characters. */
export function cleanDialInput(raw: string): string {
  return (raw.match(DIAL_CHARS) ?? []).join('').slice(0, DIAL_PAD_MAX_CHARS);
}

/** One key more, unless 15 characters are already entered. */
export function appendDialChar(current: string, key: string): string {
  return current.length >= DIAL_PAD_MAX_CHARS ? current : cleanDialInput(current + key);
}

export function dialDigitCount(entered: string): number {
  return entered.replace(/\D/g, '').length;
}

/** 001 §2.14: Call is enabled only with at least 10 digits. */
export function canDial(entered: string): boolean {
  return dialDigitCount(entered) >= DIAL_MIN_DIGITS;
}

function groupUsNumber(digits: string): string {
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * As typed: '213' → '213', '213555' → '(213) 555', '2135550192' → '(213) 555-0192' (001 §5: a leading 1 is
 * allowed: '12135550192' → '1 (213) 555-0192'). A service code with * or #, or a longer number, shows as entered.
 */
export function formatDialInput(entered: string): string {
  if (/[*#]/.test(entered)) return entered;
  if (entered.length === 11 && entered.startsWith('1')) return `1 ${groupUsNumber(entered.slice(1))}`;
  if (entered.length > 10) return entered;
  return groupUsNumber(entered);
}

/** What the call goes to: E.164 for a US number, else the digits entered. */
export function dialTarget(entered: string): string {
  return toE164(entered) ?? entered;
}

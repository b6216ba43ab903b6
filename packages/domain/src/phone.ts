// Phone numbers as the SMS and voice services see them. Provider records hold numbers as people typed them
// ("(213) 555-0192", "213.555.0192", "+1 213 555 0192"); Twilio sends and expects E.164 ("+12135550192"). The
// product is US-only (001 §9: 50 US state codes), so a 10-digit number is a US number.

/** The digits of a number, without a leading US country code: '(213) 555-0192' → '2135550192'. */
export function phoneDigits(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * E.164 for a US number (10 digits, or 11 with the leading 1), or for a number already given with '+' and a
 * country code; null when it is not a dialable number.
 */
export function toE164(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  if (trimmed.startsWith('+') && digits.length >= 8 && digits.length <= 15) return `+${digits}`;
  return null;
}

/** 001 §2.14, §5: a US number shown as (XXX) XXX-XXXX; anything else as given. */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  const digits = phoneDigits(raw);
  if (digits.length !== 10) return raw;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** 001 §5 "Dialer accepts 10-digit numbers, optionally with a leading 1". */
export function isDialable(raw: string): boolean {
  const digits = raw.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

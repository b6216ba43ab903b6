import { describe, expect, it } from 'vitest';
import {
  detectTimeline,
  detectUrgencyLevel,
  expandTwoDigitYear,
  normalisePlanType,
  normaliseSpokenDate,
  normaliseSpokenPhone,
  normaliseUrgency,
  splitFullName,
  spokenNumbersToDigits,
} from './voice-normalise.ts';

const NOW = new Date(2025, 5, 15, 12, 0, 0);

describe('dates (000 §5.4: year-month-day; two-digit years above 30 are 19xx, otherwise 20xx)', () => {
  it.each([
    ['3/4/85', '1985-03-04'],
    ['March 4 85', '1985-03-04'],
    ['March 4th, 1985', '1985-03-04'],
    ['born on March 4th, 1985', '1985-03-04'],
    ["4th of March '85", '1985-03-04'],
    ['march four nineteen eighty five', '1985-03-04'],
    ['born on March fourth, nineteen eighty-five', '1985-03-04'],
    ['March 3 two thousand two', '2002-03-03'],
    ['12/25/2001', '2001-12-25'],
    ['1985-03-04', '1985-03-04'],
    // 31 is above 30: 1931, although chrono alone reads it as 2031.
    ['3/4/31', '1931-03-04'],
    ['March 4 45', '1945-03-04'],
    // 30 and below are 20xx.
    ['1/2/03', '2003-01-02'],
    ['June 5 02', '2002-06-05'],
    ['May 1 25', '2025-05-01'],
  ])('en %s → %s', (text, expected) => {
    expect(normaliseSpokenDate(text, 'en-US', NOW)).toBe(expected);
  });

  it.each([
    ['4 de marzo del 85', '1985-03-04'],
    ['nació el 4 de marzo de 1985', '1985-03-04'],
    ['cuatro de marzo de mil novecientos ochenta y cinco', '1985-03-04'],
    ['el 15 de julio del 2001', '2001-07-15'],
    ['dos de enero del dos mil tres', '2003-01-02'],
    ['15/07/1990', '1990-07-15'],
    ['4/3/85', '1985-03-04'],
    ['1 de enero del 31', '1931-01-01'],
    ['1 de enero del 05', '2005-01-01'],
  ])('es %s → %s', (text, expected) => {
    expect(normaliseSpokenDate(text, 'es-ES', NOW)).toBe(expected);
  });

  it('uses the parser of the language, falling back to English', () => {
    expect(normaliseSpokenDate('4 mars 1985', 'fr-FR', NOW)).toBe('1985-03-04');
    expect(normaliseSpokenDate('1985年3月4日', 'zh-CN', NOW)).toBe('1985-03-04');
    expect(normaliseSpokenDate('March 4 1985', 'fr-FR', NOW)).toBe('1985-03-04');
    expect(normaliseSpokenDate('March 4 1985', 'ko-KR', NOW)).toBe('1985-03-04');
  });

  it.each([
    ['born in 02'], // a year is no date
    ['March 4'], // no year
    ['tomorrow'],
    ['next week'],
    ['3/4/29'], // 2029: a birth date is never in the future
    ['12/25/2030'],
    ['June 16 2025'], // the day after NOW
    ['February 29 1931'], // no such day
    ['hello there'],
    [''],
  ])('%s → null', (text) => {
    expect(normaliseSpokenDate(text, 'en-US', NOW)).toBeNull();
  });

  it('today is not in the future', () => {
    expect(normaliseSpokenDate('June 15 2025', 'en-US', NOW)).toBe('2025-06-15');
  });

  it('expands two-digit years on both sides of 30', () => {
    expect(expandTwoDigitYear(31)).toBe(1931);
    expect(expandTwoDigitYear(99)).toBe(1999);
    expect(expandTwoDigitYear(30)).toBe(2030);
    expect(expandTwoDigitYear(0)).toBe(2000);
  });
});

describe('phones (000 §5.4: 10 digits, or 11 with a leading 1, as (xxx) xxx-xxxx)', () => {
  it.each([
    ['555-123-4567', '(555) 123-4567'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['5551234567', '(555) 123-4567'],
    ['1 555 123 4567', '(555) 123-4567'],
    ['+1 (555) 123-4567', '(555) 123-4567'],
    ['one 555 123 4567', '(555) 123-4567'],
    ['five five five one two three four five six seven', '(555) 123-4567'],
    ['double five five, one two three, four five six seven', '(555) 123-4567'],
    ['one eight hundred five five five one two one two', '(800) 555-1212'],
    ['cinco cinco cinco uno dos tres cuatro cinco seis siete', '(555) 123-4567'],
    ['cinco cinco cinco, doce, treinta y cuatro, cincuenta y seis, siete', '(555) 123-4567'],
  ])('%s → %s', (text, expected) => {
    expect(normaliseSpokenPhone(text)).toBe(expected);
  });

  it.each([
    ['555 1234'], // 7 digits
    ['2 555 123 4567'], // 11 digits without a leading 1
    ['555 123 4567 8'], // 11 digits without a leading 1
    ['1 555 123 4567 8'], // 12 digits
    ['no phone'],
    [''],
  ])('%s → null', (text) => {
    expect(normaliseSpokenPhone(text)).toBeNull();
  });
});

describe('spoken numbers', () => {
  it('writes spoken digits and numbers as digits, keeping other words', () => {
    expect(spokenNumbersToDigits('Nine oh two one oh')).toBe('9 0 2 1 0');
    expect(spokenNumbersToDigits('treinta y cuatro')).toBe('34');
    expect(spokenNumbersToDigits('veintidós')).toBe('22');
    expect(spokenNumbersToDigits('fifty-five and more')).toBe('55 and more');
    expect(spokenNumbersToDigits('nineteen eighty five', { years: true })).toBe('1985');
    expect(spokenNumbersToDigits('twenty twenty four', { years: true })).toBe('2024');
    expect(spokenNumbersToDigits('nineteen eighty five')).toBe('19 85');
  });
});

describe('urgency (000 §5.4)', () => {
  it.each([
    // Immediate
    ['This is an emergency', 'en-US', 'Immediate'],
    ['her situation is critical', 'en-US', 'Immediate'],
    ['she needs help immediately', 'en-US', 'Immediate'],
    ['ASAP please', 'en-US', 'Immediate'],
    ['as soon as possible', 'en-US', 'Immediate'],
    ['Es una emergencia', 'es-ES', 'Immediate'],
    ['es crítico', 'es-ES', 'Immediate'],
    ['necesita ayuda inmediata', 'es-ES', 'Immediate'],
    ['lo antes posible', 'es-ES', 'Immediate'],
    // Within 24h
    ['within 24 hours', 'en-US', 'Within 24h'],
    ['within twenty four hours', 'en-US', 'Within 24h'],
    ['a 24-hour turnaround', 'en-US', 'Within 24h'],
    ['by tomorrow', 'en-US', 'Within 24h'],
    ["it's urgent", 'en-US', 'Within 24h'],
    ['en 24 horas', 'es-ES', 'Within 24h'],
    ['para mañana', 'es-ES', 'Within 24h'],
    ['es urgente', 'es-ES', 'Within 24h'],
    // Within 1 Week
    ['within a week', 'en-US', 'Within 1 Week'],
    ['in the next 7 days', 'en-US', 'Within 1 Week'],
    ['in seven days', 'en-US', 'Within 1 Week'],
    ['esta semana', 'es-ES', 'Within 1 Week'],
    ['en 7 días', 'es-ES', 'Within 1 Week'],
    ['en siete días', 'es-ES', 'Within 1 Week'],
    // Routine
    ['routine', 'en-US', 'Routine'],
    ['not urgent', 'en-US', 'Routine'],
    ["it's not an emergency", 'en-US', 'Routine'],
    ['she is available on weekends', 'en-US', 'Routine'],
    ['no es una emergencia', 'es-ES', 'Routine'],
    ['por la mañana', 'es-ES', 'Routine'],
    ['los fines de semana', 'es-ES', 'Routine'],
    ['hello', 'en-US', 'Routine'],
    // The most urgent level said wins.
    ['critical, within a week', 'en-US', 'Immediate'],
    ['not urgent, within a week', 'en-US', 'Within 1 Week'],
  ])('%s (%s) → %s', (text, language, expected) => {
    expect(normaliseUrgency(text, language)).toBe(expected);
  });

  it('tells urgency words from timeline words', () => {
    expect(detectUrgencyLevel('this is an emergency', 'en-US')).toBe('Immediate');
    expect(detectTimeline('this is an emergency', 'en-US')).toBeNull();
    expect(detectUrgencyLevel('within a week', 'en-US')).toBeNull();
    expect(detectTimeline('within a week', 'en-US')).toBe('Within 1 Week');
    expect(detectUrgencyLevel('de rutina', 'es-ES')).toBe('Routine');
    expect(detectUrgencyLevel('nothing said', 'en-US')).toBeNull();
  });
});

describe('names (000 §5.4: first word, then the rest)', () => {
  it.each([
    ['Maria Lopez', 'Maria', 'Lopez'],
    ['María de la Cruz', 'María', 'de la Cruz'],
    ['  John   Michael  Smith ', 'John', 'Michael Smith'],
    ['Cher', 'Cher', ''],
  ])('%s', (name, first, last) => {
    expect(splitFullName(name)).toEqual({ first_name: first, last_name: last });
  });
});

describe('plan type (000 §5.4: containing "fee" is Fee-for-Service, otherwise Managed Care)', () => {
  it.each([
    ['fee for service', 'Fee-for-Service'],
    ['Fee-for-Service', 'Fee-for-Service'],
    ["it's fee based", 'Fee-for-Service'],
    ['pago por servicio', 'Fee-for-Service'],
    ['managed care', 'Managed Care'],
    ['atención administrada', 'Managed Care'],
    ['coffee', 'Managed Care'],
    ['', 'Managed Care'],
  ])('%s → %s', (text, expected) => {
    expect(normalisePlanType(text)).toBe(expected);
  });
});

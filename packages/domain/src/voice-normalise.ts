import * as chrono from 'chrono-node';
import { splitMemberName } from './referral-client.ts';
import { formatPhoneDigits } from './referral-payloads.ts';
import type { ClientUrgency } from './referrals.ts';
import {
  foldSpeech,
  hasSpokenPhrase,
  keywordLanguages,
  PLAN_TYPE_KEYWORDS,
  spokenPhrasesOf,
  TIMELINE_KEYWORDS,
  URGENCY_KEYWORDS,
  URGENCY_ORDER,
} from './voice-keywords.ts';

// 000 §5.4 voice extraction normalisation: dates, phones, urgency, names, plan types; and spoken numbers
// ("five five five", "treinta y cuatro", "nineteen eighty-five") turned into digits.

// ── Spoken numbers ───────────────────────────────────────────────────────────────────────────────────────────

const UNITS: Record<string, number> = {
  zero: 0,
  oh: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  cero: 0,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
};
const TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciseis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  veintiuno: 21,
  veintiun: 21,
  veintidos: 22,
  veintitres: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiseis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
};
const REPEAT: Record<string, number> = { double: 2, doble: 2, triple: 3 };
const NUMBER_WORDS = [
  ...Object.keys(UNITS),
  ...Object.keys(TEENS),
  ...Object.keys(TENS),
  ...Object.keys(REPEAT),
  'thousand',
  'mil',
  'novecientos',
  'hundred',
];
// Longest first, so that 'nineteen' is not read as 'nine'.
const NUMBER_WORD = `(?:${NUMBER_WORDS.sort((a, b) => b.length - a.length).join('|')})(?![\\p{L}\\p{N}])`;
const NUMBER_RUN = new RegExp(
  `(?<![\\p{L}\\p{N}])${NUMBER_WORD}(?:[\\s-]+(?:${NUMBER_WORD}|(?:and|y)(?![\\p{L}\\p{N}])))*`,
  'gu',
);

/** A number of 0–99 said at words[i]: "fifty five", "treinta y cuatro", "veintidos", "seven". */
function twoDigit(words: string[], i: number): { value: number; next: number } | null {
  const w = words[i];
  if (w === undefined) return null;
  if (w in TENS) {
    const connector = words[i + 1] === 'y' ? 1 : 0;
    const unit = words[i + 1 + connector];
    if (unit !== undefined && unit in UNITS && UNITS[unit]! > 0) {
      return { value: TENS[w]! + UNITS[unit]!, next: i + 2 + connector };
    }
    return { value: TENS[w]!, next: i + 1 };
  }
  if (w in TEENS) return { value: TEENS[w]!, next: i + 1 };
  if (w in UNITS) return { value: UNITS[w]!, next: i + 1 };
  return null;
}

/** A year said at words[i]: "nineteen eighty five", "twenty oh two", "two thousand and two", "mil novecientos ochenta y cinco", "dos mil dos". */
function spokenYear(words: string[], i: number): { value: number; next: number } | null {
  const w = words[i];
  if (w === 'nineteen' || w === 'twenty') {
    const century = w === 'nineteen' ? 1900 : 2000;
    if (words[i + 1] === 'oh') {
      const unit = words[i + 2];
      if (unit !== undefined && unit in UNITS) return { value: century + UNITS[unit]!, next: i + 3 };
    }
    const rest = twoDigit(words, i + 1);
    if (rest && rest.value >= 10) return { value: century + rest.value, next: rest.next };
    return null;
  }
  if (w === 'two' && words[i + 1] === 'thousand') {
    const at = words[i + 2] === 'and' ? i + 3 : i + 2;
    const rest = twoDigit(words, at);
    return rest ? { value: 2000 + rest.value, next: rest.next } : { value: 2000, next: i + 2 };
  }
  if (w === 'mil' && words[i + 1] === 'novecientos') {
    const rest = twoDigit(words, i + 2);
    return rest ? { value: 1900 + rest.value, next: rest.next } : { value: 1900, next: i + 2 };
  }
  if (w === 'dos' && words[i + 1] === 'mil') {
    const rest = twoDigit(words, i + 2);
    return rest ? { value: 2000 + rest.value, next: rest.next } : { value: 2000, next: i + 2 };
  }
  return null;
}

function convertRun(run: string, years: boolean): string {
  const words = run.split(/[\s-]+/).filter(Boolean);
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    const year = years ? spokenYear(words, i) : null;
    if (year) {
      out.push(String(year.value));
      i = year.next;
      continue;
    }
    const times = REPEAT[w];
    const unit = words[i + 1];
    if (times && unit !== undefined && unit in UNITS) {
      out.push(String(UNITS[unit]).repeat(times));
      i += 2;
      continue;
    }
    const n = twoDigit(words, i);
    if (n) {
      if (words[n.next] === 'hundred') {
        out.push(`${n.value}00`);
        i = n.next + 1;
      } else {
        out.push(String(n.value));
        i = n.next;
      }
      continue;
    }
    out.push(w);
    i += 1;
  }
  return out.join(' ');
}

/**
 * Spoken numbers written as digits, in English and Spanish: 'five five five' → '5 5 5', 'double two' → '22',
 * 'treinta y cuatro' → '34'. With `years`, spoken years become four digits ('nineteen eighty five' → '1985').
 * The text is folded (lower case, no accents) on the way.
 */
export function spokenNumbersToDigits(text: string, options: { years?: boolean } = {}): string {
  return foldSpeech(text).replace(NUMBER_RUN, (run) => convertRun(run, options.years ?? false));
}

// ── Phones ───────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * 000 §5.4: a phone of 10 digits, or 11 with a leading 1, as (xxx) xxx-xxxx; null otherwise. Digits may be
 * spoken ('five five five …', 'cinco cinco cinco …').
 */
export function normaliseSpokenPhone(text: string): string | null {
  let digits = spokenNumbersToDigits(text).replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? formatPhoneDigits(digits) : null;
}

// ── Dates ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The chrono parser of a speech language; English when chrono has no parser for it. */
function chronoParser(language: string): chrono.Chrono {
  const code = language.slice(0, 2).toLowerCase();
  const locales: Record<string, chrono.Chrono | undefined> = {
    en: chrono.en.casual,
    es: chrono.es.casual,
    fr: chrono.fr.casual,
    zh: chrono.zh.casual,
    vi: chrono.vi.casual,
    ja: chrono.ja.casual,
    de: chrono.de.casual,
    it: chrono.it.casual,
    pt: chrono.pt.casual,
  };
  return locales[code] ?? chrono.en.casual;
}

/** 000 §5.4: a two-digit year above 30 is 19xx, any other 20xx. */
export function expandTwoDigitYear(year: number): number {
  return year > 30 ? 1900 + year : 2000 + year;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The date a chrono result names, when it has an explicit day, month and year (two-digit years expanded). */
function explicitDate(result: chrono.ParsedResult): string | null {
  const { start } = result;
  if (!start.isCertain('day') || !start.isCertain('month')) return null;
  const year = start.get('year');
  const month = start.get('month');
  const day = start.get('day');
  if (year == null || month == null || day == null) return null;
  const numbers = result.text.match(/\d+/g) ?? [];
  let fullYear: number;
  if (numbers.some((n) => n.length === 4 && Number(n) === year)) fullYear = year;
  else if (numbers.some((n) => n.length === 2 && Number(n) === year % 100))
    fullYear = expandTwoDigitYear(year % 100);
  else return null; // no year said ("March 4", "tomorrow")
  const check = new Date(Date.UTC(fullYear, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null; // 29 February of 1931
  return `${pad(fullYear, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * 000 §5.4: a spoken date of birth as YYYY-MM-DD, or null. Uses the chrono parser of the language (English when
 * it has none, or when it finds nothing), after spoken numbers and years become digits ("nineteen eighty
 * five", "cuatro de marzo del ochenta y cinco", "'85"). A date needs its day, month and year; a two-digit year
 * above 30 is 19xx, any other 20xx (chrono's own guess is not used); a birth date is never in the future
 * (after `now`), nor before 1900.
 */
export function normaliseSpokenDate(text: string, language: string, now: Date = new Date()): string | null {
  const prepared = spokenNumbersToDigits(text, { years: true })
    .replace(/'(\d{2})(?!\d)/g, '$1')
    .replace(/(\d)(?:st|nd|rd|th)\b/g, '$1')
    .replace(/\bdel\s+(?=\d)/g, 'de ');
  const today = localDate(now);
  const parsers = [chronoParser(language)];
  if (parsers[0] !== chrono.en.casual) parsers.push(chrono.en.casual);
  for (const parser of parsers) {
    for (const result of parser.parse(prepared, now)) {
      const date = explicitDate(result);
      if (date && date <= today && date >= '1900-01-01') return date;
    }
  }
  return null;
}

// ── Urgency ──────────────────────────────────────────────────────────────────────────────────────────────────

function strip(folded: string, phrases: readonly string[]): string {
  let out = folded;
  for (const phrase of phrases) {
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '[\\s-]+');
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'), ' ');
  }
  return out;
}

/**
 * The urgency level a text names with urgency words, or null: emergency/critical/immediate/asap → Immediate,
 * urgent → Within 24h, routine/'not urgent'/'no rush' → Routine.
 */
export function detectUrgencyLevel(text: string, language: string): ClientUrgency | null {
  const langs = keywordLanguages(language);
  const folded = foldSpeech(text);
  const routine = spokenPhrasesOf(URGENCY_KEYWORDS.routine, langs);
  const said = strip(folded, routine);
  if (hasSpokenPhrase(said, spokenPhrasesOf(URGENCY_KEYWORDS.immediate, langs))) return 'Immediate';
  if (hasSpokenPhrase(said, spokenPhrasesOf(URGENCY_KEYWORDS.urgent, langs))) return 'Within 24h';
  if (hasSpokenPhrase(folded, routine)) return 'Routine';
  return null;
}

/** The timeline a text names, or null: '24 hours'/tomorrow → Within 24h; week/'7 days' → Within 1 Week. */
export function detectTimeline(text: string, language: string): ClientUrgency | null {
  const langs = keywordLanguages(language);
  const folded = spokenNumbersToDigits(text);
  const forDay = strip(folded, spokenPhrasesOf(TIMELINE_KEYWORDS.notDay, langs));
  if (hasSpokenPhrase(forDay, spokenPhrasesOf(TIMELINE_KEYWORDS.day, langs))) return 'Within 24h';
  const forWeek = strip(folded, spokenPhrasesOf(TIMELINE_KEYWORDS.notWeek, langs));
  if (hasSpokenPhrase(forWeek, spokenPhrasesOf(TIMELINE_KEYWORDS.week, langs))) return 'Within 1 Week';
  return null;
}

/**
 * 000 §5.4 urgency text: immediate/emergency/critical/asap → Immediate; '24 hour'/tomorrow → Within 24h;
 * week/'7 day' → Within 1 Week; otherwise Routine. The most urgent level said wins.
 */
export function normaliseUrgency(text: string, language: string = 'en-US'): ClientUrgency {
  const said = [detectUrgencyLevel(text, language), detectTimeline(text, language)].filter(
    (u): u is ClientUrgency => u !== null,
  );
  return URGENCY_ORDER.find((u) => said.includes(u)) ?? 'Routine';
}

// ── Names, plan types ────────────────────────────────────────────────────────────────────────────────────────

/** 000 §5.4: the first word is the first name, the rest the last name (splitMemberName, 000 §3.1). */
export function splitFullName(name: string): { first_name: string; last_name: string } {
  const { firstName, lastName } = splitMemberName(name);
  return { first_name: firstName, last_name: lastName };
}

/** 000 §5.4: a plan type containing 'fee' (Spanish 'pago por servicio') is Fee-for-Service, otherwise Managed Care. */
export function normalisePlanType(text: string): 'Fee-for-Service' | 'Managed Care' {
  const folded = foldSpeech(text);
  const fee = [...PLAN_TYPE_KEYWORDS['Fee-for-Service'].en, ...PLAN_TYPE_KEYWORDS['Fee-for-Service'].es];
  if (/\bfee\b/.test(folded) || hasSpokenPhrase(folded, fee)) return 'Fee-for-Service';
  return 'Managed Care';
}

import { z } from 'zod';

/**
 * The largest value of an `integer` (int4) column: every id of the database is one, so a larger number names
 * nothing and must not reach a query (PostgreSQL would answer "out of range", a 500).
 */
export const INT4_MAX = 2_147_483_647;

/**
 * Numbers in paths and query strings are canonical decimals only (issue #12 "Strict input at the edge"):
 * `5`, never `05`, `0x5`, `5e0`, `5.0`, ` 5` or `[5]`, so that one resource has one URL and a value is never
 * read as something its sender did not write. A repeated parameter is an array, not a string: refused too.
 */
const CANONICAL_POSITIVE = /^[1-9][0-9]*$/;
const CANONICAL_NATURAL = /^(0|[1-9][0-9]*)$/;
const CANONICAL_NONZERO = /^-?[1-9][0-9]*$/;
const CANONICAL_DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

const ID_MESSAGE = 'Must be an id: a whole number from 1, written in plain digits.';

/** The decimal spelling fits an int4 (its length is checked first, so no precision is lost on the way). */
function fitsInt4(value: string): boolean {
  const digits = value.replace(/^-/, '');
  return digits.length < 10 || (digits.length === 10 && Number(digits) <= INT4_MAX);
}

/** An id in a path or a query string: canonical digits, 1…2147483647, as a number. */
export function idString(message = ID_MESSAGE) {
  return z
    .string({ error: message })
    .regex(CANONICAL_POSITIVE, message)
    .refine(fitsInt4, message)
    .transform(Number);
}

/**
 * An id in a path that may also name an unstored directory fallback: those are negative (DESIGN.md "Ids"),
 * so `-[1-9][0-9]*` is accepted besides the positive ids. Never `0` or `-0`.
 */
export function signedIdString(
  message = 'Must be an id: a whole number other than 0, written in plain digits.',
) {
  return z
    .string({ error: message })
    .regex(CANONICAL_NONZERO, message)
    .refine(fitsInt4, message)
    .transform(Number);
}

/**
 * A whole number in a query string (a page, a page size, a limit, a score): canonical digits within
 * [min, max], as a number. `.default(n)` and `.optional()` apply to it as to any schema.
 */
export function queryInt(options: { min: number; max?: number; message?: string }) {
  const max = Math.min(options.max ?? INT4_MAX, INT4_MAX);
  const message =
    options.message ??
    (options.max === undefined
      ? `Must be a whole number of at least ${options.min}, written in plain digits.`
      : `Must be a whole number from ${options.min} to ${max}, written in plain digits.`);
  return z
    .string({ error: message })
    .regex(CANONICAL_NATURAL, message)
    .refine((v) => fitsInt4(v) && Number(v) >= options.min && Number(v) <= max, message)
    .transform(Number);
}

/** A decimal number in a query string (a latitude, a longitude): plain decimal notation within [min, max]. */
export function queryDecimal(options: { min: number; max: number; message?: string }) {
  const message =
    options.message ?? `Must be a number from ${options.min} to ${options.max}, written in plain decimals.`;
  return z
    .string({ error: message })
    .regex(CANONICAL_DECIMAL, message)
    .refine((v) => Number(v) >= options.min && Number(v) <= options.max, message)
    .transform(Number);
}

/** `page` (from 1) and `page_size` (1…max, `size` when absent) of a paged list's query string. */
export function pageQuery(size: number, max: number) {
  return {
    page: queryInt({ min: 1 }).default(1),
    page_size: queryInt({ min: 1, max }).default(size),
  };
}

/** An id in a JSON body: a JSON number (never a string or an array), whole, 1…2147483647. */
export function idNumber(message = ID_MESSAGE) {
  return z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);
}

/** Integer ids as they appear in paths (the spec's client treats ids as numbers). */
export const idParamSchema = z.object({ id: idString() });

/** A timestamp on the wire: ISO 8601 in UTC. */
export const timestampSchema = z.string().meta({ format: 'date-time' });

export const okSchema = z.object({ ok: z.literal(true) });

/**
 * A NumberInput's value as the shared schemas read it: blank is none (null); anything else a number (text that is
 * not one stays text, so the schema names the field instead of the form dropping it).
 */
export function numberOrNull(value: number | string): number | string | null {
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

/**
 * JSON with object keys sorted, for comparing values read back from jsonb (which does not keep the order keys
 * were written in) with values from a request.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

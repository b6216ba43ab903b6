/**
 * The constraint a PostgreSQL unique violation (SQLSTATE 23505) broke, or null when the error is something else.
 * Both drivers put the code on the error or on its cause (Drizzle wraps the driver's error); '' when the driver
 * did not name the constraint.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

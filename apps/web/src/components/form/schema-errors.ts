// Turns a shared zod schema's verdict (packages/domain) into a form's errors, keyed by input path. The web app
// does not depend on zod itself: any schema with zod's safeParse fits.

export type SchemaIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** The part of a zod schema the form kit uses; every schema of @trust/domain has it. */
export interface FormSchema<Output> {
  safeParse(
    input: unknown,
  ): { success: true; data: Output } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

/** Messages by input path ('name', 'address.city', 'providers.0.method_type'). */
export type FieldErrors = Record<string, string>;

/**
 * The input an issue belongs to: its path joined with dots, without trailing list indexes, so a bad item of a
 * multi-select ('services.2') shows on the multi-select ('services').
 */
export function issuePath(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  while (parts.length > 1 && /^\d+$/.test(parts[parts.length - 1] ?? '')) parts.pop();
  return parts.join('.');
}

/**
 * Every input's first message, verbatim from the schema (they carry the spec's texts); `fieldOf` moves a
 * path's message to the input that shows it.
 */
export function schemaErrors(
  schema: FormSchema<unknown>,
  input: unknown,
  fieldOf: (path: string) => string = (path) => path,
): FieldErrors {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[fieldOf(issuePath(issue.path))] ??= issue.message;
  return errors;
}

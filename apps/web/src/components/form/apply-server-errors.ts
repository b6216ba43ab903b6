import type { FormErrors } from '@mantine/form';
import { ApiError, errorText } from '../../api/errors.ts';

/** What applyServerErrors needs of a form: any Mantine form, a useZodForm one also keeps the alert text. */
export type ServerErrorTarget = {
  getValues: () => unknown;
  setErrors: (errors: FormErrors) => void;
  setFormError?: (message: string | null) => void;
};

/** Whether the values have something at the dotted path, i.e. an input shows that path's error. */
function hasPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * The one place a failed call's error reaches a form (DESIGN.md "Errors": `{code, detail, message, error,
 * fields?}`): each `fields` message goes on the input of that path (`fieldOf` renames a wire field the form
 * shows elsewhere), and the answer is the text for the form-level alert: null when every field message is on
 * an input; the message of a field no input shows; for an error without fields, the server's detail (or
 * `fallback` when it sent none or could not be reached). A useZodForm keeps that text as `form.formError`.
 */
export function applyServerErrors(
  form: ServerErrorTarget,
  error: unknown,
  fallback: string,
  { fieldOf }: { fieldOf?: (field: string) => string } = {},
): string | null {
  const fields = error instanceof ApiError && error.fields ? Object.entries(error.fields) : [];
  let message: string | null = fields.length > 0 ? null : errorText(error, fallback);
  if (fields.length > 0) {
    const values = form.getValues();
    const errors: FormErrors = {};
    for (const [field, text] of fields) {
      const path = fieldOf ? fieldOf(field) : field;
      errors[path] ??= text;
      // Shown nowhere else: the alert carries it.
      if (!hasPath(values, path)) message ??= text;
    }
    form.setErrors(errors);
  }
  form.setFormError?.(message);
  return message;
}

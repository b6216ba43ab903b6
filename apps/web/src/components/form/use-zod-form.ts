import { type FormErrors, type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { useCallback, useState } from 'react';
import { type FieldErrors, type FormSchema, schemaErrors } from './schema-errors.ts';

export type ZodFormInput<Values, Output> = Omit<
  UseFormInput<Values, Output>,
  'validate' | 'transformValues' | 'initialValues'
> & {
  /**
   * The shared schema the server checks the same request with (@trust/domain). Only a form with no such schema
   * (a multipart upload) leaves it out and checks with `rules` alone.
   */
  schema?: FormSchema<Output>;
  initialValues: Values;
  /**
   * The values as the schema's input, when the inputs hold them differently (a number typed as text, names
   * split in two). The schema's messages land on the inputs of the same path, so keep the wire's field names.
   */
  toInput?: (values: Values) => unknown;
  /**
   * Rules the schema does not carry (a confirmation equal to the password), or the screen's own words for a
   * case the schema also refuses in general terms (the spec's text for a blank reply): a rule's message wins.
   */
  rules?: (values: Values) => Partial<FieldErrors>;
  /**
   * Where a wire field's message shows, when not on the input of its own name (a list of subcategories under
   * its needs group). Give applyServerErrors the same, so the server's messages land there too.
   */
  fieldOf?: (field: string) => string;
};

export type ZodForm<Values, Output> = UseFormReturnType<Values, Output, (values: Values) => FormErrors> & {
  /** The message for the form-level alert: a failure no input shows (set by applyServerErrors). */
  formError: string | null;
  setFormError: (message: string | null) => void;
};

/**
 * A Mantine form checked by a shared zod schema: submit validates every field at once, each input shows its
 * first message (cleared when the input changes), and the submit handler receives the schema's parsed output,
 * the request body. Server `fields` errors go on the same inputs through applyServerErrors.
 */
export function useZodForm<Values extends Record<string, unknown>, Output = Values>({
  schema,
  toInput,
  rules,
  fieldOf,
  ...options
}: ZodFormInput<Values, Output>): ZodForm<Values, Output> {
  const [formError, setFormError] = useState<string | null>(null);
  const input = (values: Values) => (toInput ? toInput(values) : values);
  const form = useForm<Values, Output, FormErrors>({
    ...options,
    validate: (values) => {
      const errors: FormErrors = schema
        ? schemaErrors(schema as FormSchema<unknown>, input(values), fieldOf)
        : {};
      for (const [path, message] of Object.entries(rules?.(values) ?? {})) errors[path] = message;
      return errors;
    },
    // Runs only after validation passed, so the parse succeeds.
    transformValues: (values) => {
      if (!schema) return values as unknown as Output;
      const result = schema.safeParse(input(values));
      if (!result.success) throw new Error('useZodForm: submitted values the schema rejects');
      return result.data;
    },
  });
  const { reset: resetForm } = form;
  // Stable, like Mantine's own: effects may depend on it.
  const reset = useCallback(() => {
    setFormError(null);
    resetForm();
  }, [resetForm]);
  return {
    ...form,
    formError,
    setFormError,
    // A new attempt starts without the last one's alert.
    onSubmit: (handle, onInvalid) => (event) => {
      setFormError(null);
      form.onSubmit(handle, onInvalid)(event);
    },
    reset,
  };
}

import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import {
  FIELD_LABELS,
  type FieldErrors,
  type FormField,
  inputId,
  type ReferralFormValues,
} from './form-values.ts';

/** What every section of the form receives. */
export type SectionProps = {
  values: ReferralFormValues;
  errors: FieldErrors;
  set: <K extends FormField>(field: K, value: ReferralFormValues[K]) => void;
  disabled: boolean;
};

type TextField = {
  [K in FormField]: ReferralFormValues[K] extends string ? K : never;
}[FormField];

/** The common props of a text input bound to one field: id, label, value, change, error. */
export function textProps(p: SectionProps, field: TextField) {
  return {
    id: inputId(field),
    label: FIELD_LABELS[field],
    value: p.values[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => p.set(field, e.currentTarget.value),
    error: p.errors[field],
    disabled: p.disabled,
  };
}

/** The props of a native select bound to one field, with an optional empty first choice. */
export function selectProps(p: SectionProps, field: TextField, options: readonly string[], empty?: string) {
  return {
    id: inputId(field),
    label: FIELD_LABELS[field],
    value: p.values[field],
    onChange: (e: ChangeEvent<HTMLSelectElement>) => p.set(field, e.currentTarget.value),
    error: p.errors[field],
    disabled: p.disabled,
    data: [...(empty === undefined ? [] : [{ value: '', label: empty }]), ...options],
  };
}

/** The red asterisk of a required field (000 §5.2), for labels Mantine does not mark itself. */
export function RequiredMark() {
  return (
    <Text component="span" c="red" aria-hidden>
      {' *'}
    </Text>
  );
}

/** One titled section of the form (000 §2.1 lists them). */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

import { Input, Loader, NativeSelect, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { FormField } from '@trust/domain';
import { lazy, memo, type ReactNode, Suspense, useCallback, useState } from 'react';
import { ChoiceGroup } from './choice-group.tsx';
import { FileField } from './file-field.tsx';
import { SignatureField } from './signature-field.tsx';

// TipTap is large: it travels in its own chunk, fetched only when a form has a formatted-text field.
const RichTextField = lazy(() => import('./rich-text-field.tsx').then((m) => ({ default: m.RichTextField })));

const NO_CHOICES: readonly string[] = [];

export type FieldChange = (fieldId: string, value: unknown) => void;

export interface FieldInputProps {
  field: FormField;
  value: unknown;
  error: string | undefined;
  readOnly: boolean;
  /** Stable across renders (the filler keeps it so): a field re-renders only when its own props change. */
  onChange: FieldChange;
  enrollmentId: number | null;
}

/** A typed number's answer: a number when it reads as one, nothing when blank, else the text (refused on submit). */
function numberAnswer(raw: string): number | string | null {
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
}

/**
 * A number as a text input with the numeric keyboard (inputmode), not type="number": that one turns the mouse
 * wheel into changes and hides what was typed when it is not a number. What is typed stays as typed ("1." on the
 * way to "1.5"); the answer is its number, and a text that is none is kept, so submitting says
 * "{label} must be a number" instead of dropping it.
 */
function NumberField({
  inputProps,
  placeholder,
  value,
  onValue,
}: {
  inputProps: Record<string, unknown>;
  placeholder: string | undefined;
  value: unknown;
  onValue: (value: unknown) => void;
}) {
  const [draft, setDraft] = useState(() => text(value));
  const [seen, setSeen] = useState(value);
  // An answer set from elsewhere (loaded, another person's save) replaces what is shown.
  if (!Object.is(value, seen)) {
    setSeen(value);
    if (!Object.is(numberAnswer(draft), value)) setDraft(text(value));
  }
  return (
    <TextInput
      {...inputProps}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      value={draft}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        setDraft(raw);
        onValue(numberAnswer(raw));
      }}
    />
  );
}

/** The field's description and help text under its label (both optional). */
function describe(field: FormField): ReactNode {
  if (!field.description && !field.help_text) return undefined;
  if (field.description && field.help_text) {
    return (
      <>
        {field.description}
        <br />
        {field.help_text}
      </>
    );
  }
  return field.description ?? field.help_text;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/**
 * One field of a form as an input of its type (002 §9). Memoized on its props: typing in one field of a 200-field
 * form re-renders that field only (issue #16: a keystroke updates in ≤ 16 ms).
 */
export const FieldInput = memo(function FieldInput({
  field,
  value,
  error,
  readOnly,
  onChange,
  enrollmentId,
}: FieldInputProps) {
  const id = field.field_id;
  const set = useCallback((next: unknown) => onChange(id, next), [onChange, id]);
  const common = {
    label: field.label,
    description: describe(field),
    error,
    withAsterisk: field.required,
    disabled: readOnly,
    'data-field-id': id,
  };
  // Mantine draws the asterisk hidden from assistive technology; this says "required" to it (on inputs only: a
  // group of radios or checkboxes is a plain element that may not carry it).
  const input = { ...common, 'aria-required': field.required || undefined };
  const rules = field.validation ?? {};

  switch (field.field_type) {
    case 'section_header':
      return (
        <Stack gap={2} pt="xs">
          <Title order={4}>{field.label}</Title>
          {describe(field) && <Input.Description component="div">{describe(field)}</Input.Description>}
        </Stack>
      );
    case 'text':
      return (
        <TextInput
          {...input}
          placeholder={field.placeholder}
          maxLength={rules.maxLength}
          value={text(value)}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...input}
          placeholder={field.placeholder}
          maxLength={rules.maxLength}
          // Fixed rows, resizable by the user: autosize measures each textarea with a forced layout, which on
          // a long form costs more than the rest of its first render.
          rows={3}
          resize="vertical"
          value={text(value)}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'number':
      return <NumberField inputProps={input} placeholder={field.placeholder} value={value} onValue={set} />;
    case 'date':
    case 'time':
    case 'datetime':
      return (
        <TextInput
          {...input}
          type={field.field_type === 'datetime' ? 'datetime-local' : field.field_type}
          min={field.field_type === 'time' ? undefined : rules.minDate}
          max={field.field_type === 'time' ? undefined : rules.maxDate}
          value={text(value)}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'select':
      return (
        <NativeSelect
          {...input}
          value={text(value)}
          data={[
            { value: '', label: field.placeholder || 'Select an option' },
            ...(field.options ?? []).map((o) => ({ value: o, label: o })),
          ]}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'radio':
      return (
        <ChoiceGroup
          kind="radio"
          label={field.label}
          description={describe(field)}
          error={error}
          required={field.required}
          disabled={readOnly}
          options={field.options ?? []}
          selected={text(value) ? [text(value)] : NO_CHOICES}
          onToggle={(option) => set(option)}
          fieldId={id}
        />
      );
    case 'checkbox': {
      const chosen = Array.isArray(value)
        ? (value as string[])
        : typeof value === 'string'
          ? [value]
          : NO_CHOICES;
      return (
        <ChoiceGroup
          kind="checkbox"
          label={field.label}
          description={describe(field)}
          error={error}
          required={field.required}
          disabled={readOnly}
          options={field.options ?? []}
          selected={chosen}
          // The options' order, whatever order they were ticked in.
          onToggle={(option, checked) =>
            set((field.options ?? []).filter((o) => (o === option ? checked : chosen.includes(o))))
          }
          fieldId={id}
        />
      );
    }
    case 'file':
      return (
        <FileField
          field={field}
          description={describe(field)}
          value={value}
          error={error}
          readOnly={readOnly}
          enrollmentId={enrollmentId}
          onChange={set}
        />
      );
    case 'signature':
      return (
        <SignatureField
          field={field}
          description={describe(field)}
          value={value}
          error={error}
          readOnly={readOnly}
          onChange={set}
        />
      );
    case 'rich_text':
      return (
        <Suspense fallback={<Loader size="sm" aria-label={`Loading ${field.label}`} />}>
          <RichTextField
            field={field}
            description={describe(field)}
            value={text(value)}
            error={error}
            readOnly={readOnly}
            onChange={set}
          />
        </Suspense>
      );
  }
});

import { NumberInput, Select, TextInput } from '@mantine/core';
import type { CustomField } from '@trust/domain';

/** The input of one custom field by its type (002 §5): the server checks the value by the same type again. */
export function CustomFieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: CustomField;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const common = { label: field.friendly_name, required: field.mandatory, error };
  switch (field.type) {
    case 'int':
      return (
        <NumberInput
          {...common}
          allowDecimal={false}
          value={value === '' ? '' : Number(value)}
          onChange={(v) => onChange(v === '' ? '' : String(v))}
        />
      );
    case 'bool':
      return (
        <Select
          {...common}
          data={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
          clearable={!field.mandatory}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
        />
      );
    case 'date':
      return (
        <TextInput {...common} type="date" value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'datetime':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'time':
      return (
        <TextInput {...common} type="time" value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'fixed_date':
      return (
        <TextInput
          {...common}
          placeholder="MM-DD"
          description="A day of the year, e.g. 07-01"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          maxLength={field.str_len ?? undefined}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

/** A stored value as the input holds it ('' when empty; datetime-local has no zone: local time, minutes). */
export function customInputValue(field: CustomField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'datetime' && typeof value === 'string') {
    const d = new Date(value);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }
  return String(value);
}

/** The input's text as sent: null for empty, and a datetime-local turned into an instant (the browser's zone). */
export function customWireValue(field: CustomField, value: string): string | null {
  if (value.trim() === '') return null;
  if (field.type === 'datetime') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? value : d.toISOString();
  }
  return value;
}

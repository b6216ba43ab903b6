import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  FORM_CONDITION_OPERATOR_LABELS,
  FORM_CONDITION_OPERATORS,
  FORM_OPTION_FIELD_TYPES,
  type FormCondition,
  type FormConditionOperator,
  type FormField,
} from '@trust/domain';

const OPERATOR_DATA = FORM_CONDITION_OPERATORS.map((o) => ({
  value: o,
  label: FORM_CONDITION_OPERATOR_LABELS[o],
}));

/** A number field's condition compares numbers (form-rules `conditionMet`); every other one compares text. */
function conditionValue(source: FormField | undefined, text: string): string | number {
  if (source?.field_type === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) {
    return Number(text);
  }
  return text;
}

/**
 * "Show this field only when [field] [operator] [value]" (issue #16 item 1): the field picker lists the other
 * inputs of the template, the value is hidden for "is filled", and a choice field offers its options as values.
 */
export function ConditionInput({
  subject,
  sources,
  value,
  onChange,
}: {
  subject: 'field' | 'section';
  sources: readonly FormField[];
  value: FormCondition | null | undefined;
  onChange: (next: FormCondition | null) => void;
}) {
  const source = value ? sources.find((f) => f.field_id === value.field_id) : undefined;
  const fieldData = [
    { value: '', label: `Always show this ${subject}` },
    ...sources.map((f) => ({ value: f.field_id, label: f.label.trim() || f.field_id })),
    // A condition on a field since deleted stays visible, so it can be changed (the save refuses it).
    ...(value && !source ? [{ value: value.field_id, label: `${value.field_id} (not in this form)` }] : []),
  ];
  const pick = (fieldId: string) => {
    if (!fieldId) return onChange(null);
    onChange({ field_id: fieldId, operator: value?.operator ?? 'equals', value: value?.value ?? '' });
  };
  const setOperator = (operator: FormConditionOperator) => {
    if (!value) return;
    if (operator === 'is_filled') onChange({ field_id: value.field_id, operator });
    else onChange({ ...value, operator, value: value.value ?? '' });
  };
  const setValue = (text: string) => {
    if (!value) return;
    onChange({ ...value, value: conditionValue(source, text) });
  };

  const options =
    source && FORM_OPTION_FIELD_TYPES.includes(source.field_type) ? (source.options ?? []) : null;
  const current = value?.value === undefined ? '' : String(value.value);

  return (
    <Stack gap="xs">
      <NativeSelect
        label={`Show this ${subject} only when`}
        data={fieldData}
        value={value?.field_id ?? ''}
        onChange={(e) => pick(e.currentTarget.value)}
      />
      {value && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Condition"
            data={OPERATOR_DATA}
            value={value.operator}
            onChange={(e) => setOperator(e.currentTarget.value as FormConditionOperator)}
          />
          {value.operator !== 'is_filled' &&
            (options ? (
              <NativeSelect
                label="Condition value"
                data={[
                  { value: '', label: 'Choose a value' },
                  ...options.map((o) => ({ value: o, label: o })),
                  ...(current && !options.includes(current) ? [{ value: current, label: current }] : []),
                ]}
                value={current}
                onChange={(e) => setValue(e.currentTarget.value)}
              />
            ) : (
              <TextInput
                label="Condition value"
                type={source?.field_type === 'number' ? 'number' : 'text'}
                value={current}
                onChange={(e) => setValue(e.currentTarget.value)}
              />
            ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

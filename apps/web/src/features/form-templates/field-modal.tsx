import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  compiledPattern,
  FORM_FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  FORM_MESSAGES,
  FORM_OPTION_FIELD_TYPES,
  type FormCondition,
  type FormField,
  type FormFieldType,
  type FormFieldValidation,
  optionsFromLines,
} from '@trust/domain';
import { type FormEvent, useState } from 'react';
import { ConditionInput } from './condition-input.tsx';

const TYPE_DATA = FORM_FIELD_TYPES.map((t) => ({ value: t, label: FORM_FIELD_TYPE_LABELS[t] }));

type NumberKey = 'min' | 'max' | 'step' | 'minLength' | 'maxLength';
type TextKey = 'pattern' | 'patternMessage' | 'minDate' | 'maxDate';
type ValidationKey = NumberKey | TextKey;

/** 002 §3, §5: the validation options each type answers to (the rest are not offered, and dropped on save). */
const VALIDATION_KEYS: Partial<Record<FormFieldType, readonly ValidationKey[]>> = {
  number: ['min', 'max', 'step'],
  text: ['minLength', 'maxLength', 'pattern', 'patternMessage'],
  textarea: ['minLength', 'maxLength', 'pattern', 'patternMessage'],
  date: ['minDate', 'maxDate'],
  datetime: ['minDate', 'maxDate'],
};

const NUMBER_KEYS: readonly NumberKey[] = ['min', 'max', 'step', 'minLength', 'maxLength'];

const VALIDATION_LABELS: Record<ValidationKey, string> = {
  min: 'Minimum',
  max: 'Maximum',
  step: 'Step',
  minLength: 'Minimum length (characters)',
  maxLength: 'Maximum length (characters)',
  pattern: 'Pattern (regular expression)',
  patternMessage: 'Message when the pattern does not match',
  minDate: 'Earliest date',
  maxDate: 'Latest date',
};

/** Types without a default answer: a file and a signature are given by the person filling, a header is none. */
const NO_DEFAULT: readonly FormFieldType[] = ['file', 'signature', 'section_header'];
/** Types whose input shows a placeholder. */
const WITH_PLACEHOLDER: readonly FormFieldType[] = ['text', 'textarea', 'number', 'select'];

type Rules = Record<ValidationKey, string | number>;

function rulesOf(validation: FormFieldValidation | undefined): Rules {
  const rules = {} as Rules;
  for (const key of Object.keys(VALIDATION_LABELS) as ValidationKey[]) rules[key] = validation?.[key] ?? '';
  return rules;
}

const present = (v: string | number): boolean => String(v).trim() !== '';

/** The rules that apply to `type`, with numbers as numbers and blanks left out. */
function validationOf(type: FormFieldType, rules: Rules): FormFieldValidation | undefined {
  const validation: Record<string, string | number> = {};
  for (const key of VALIDATION_KEYS[type] ?? []) {
    const value = rules[key];
    if (!present(value)) continue;
    validation[key] = NUMBER_KEYS.includes(key as NumberKey) ? Number(value) : String(value).trim();
  }
  return Object.keys(validation).length > 0 ? (validation as FormFieldValidation) : undefined;
}

function defaultText(value: FormField['default_value']): string {
  if (value === null || value === undefined || Array.isArray(value)) return '';
  return String(value);
}

type Errors = Partial<Record<'label' | 'options' | ValidationKey, string>>;

/**
 * The field modal of the template editor (002 §2, §3, §5, §9): the type (13 of them), label (required),
 * description, placeholder, help text, required; options one per line for the choice types (required there);
 * the validation options of the type; a default answer; and "Show this field only when" on another field.
 */
export function FieldModal({
  field,
  isNew,
  sources,
  onSave,
  onClose,
}: {
  /** The field edited, or a new one (its id already made by the editor). */
  field: FormField;
  isNew: boolean;
  /** The fields its condition can name: the other inputs of the template. */
  sources: readonly FormField[];
  onSave: (field: FormField) => void;
  onClose: () => void;
}) {
  const [type, setType] = useState<FormFieldType>(field.field_type);
  const [label, setLabel] = useState(field.label);
  const [description, setDescription] = useState(field.description ?? '');
  const [placeholder, setPlaceholder] = useState(field.placeholder ?? '');
  const [helpText, setHelpText] = useState(field.help_text ?? '');
  const [required, setRequired] = useState(field.required === true);
  const [optionsText, setOptionsText] = useState((field.options ?? []).join('\n'));
  const [rules, setRules] = useState<Rules>(() => rulesOf(field.validation));
  const [defaultValue, setDefaultValue] = useState(defaultText(field.default_value));
  const [defaultChoices, setDefaultChoices] = useState<string[]>(
    Array.isArray(field.default_value) ? field.default_value : [],
  );
  const [condition, setCondition] = useState<FormCondition | null>(field.conditional_logic ?? null);
  const [errors, setErrors] = useState<Errors>({});

  const hasOptions = FORM_OPTION_FIELD_TYPES.includes(type);
  const options = optionsFromLines(optionsText);
  const isInput = type !== 'section_header';
  const validationKeys = VALIDATION_KEYS[type] ?? [];

  const setRule = (key: ValidationKey, value: string | number) => {
    setRules((r) => ({ ...r, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const check = (): Errors => {
    const found: Errors = {};
    if (!label.trim()) found.label = FORM_MESSAGES.fieldLabelRequired;
    if (hasOptions && options.length === 0) found.options = FORM_MESSAGES.optionsRequired;
    const pattern = String(rules.pattern).trim();
    if (validationKeys.includes('pattern') && pattern && compiledPattern(pattern) === null) {
      found.pattern = FORM_MESSAGES.patternBroken(label.trim() || 'this field');
    }
    if (validationKeys.includes('step') && present(rules.step) && Number(rules.step) <= 0) {
      found.step = 'Step must be more than 0';
    }
    const pairs: [ValidationKey, ValidationKey, string][] = [
      ['min', 'max', 'The minimum must not be above the maximum'],
      ['minLength', 'maxLength', 'The minimum length must not be above the maximum length'],
      ['minDate', 'maxDate', 'The earliest date must not be after the latest date'],
    ];
    for (const [low, high, message] of pairs) {
      if (!validationKeys.includes(low) || !present(rules[low]) || !present(rules[high])) continue;
      const a = NUMBER_KEYS.includes(low as NumberKey) ? Number(rules[low]) : String(rules[low]);
      const b = NUMBER_KEYS.includes(high as NumberKey) ? Number(rules[high]) : String(rules[high]);
      if (a > b) found[high] = message;
    }
    return found;
  };

  const defaultAnswer = (): FormField['default_value'] => {
    if (NO_DEFAULT.includes(type)) return undefined;
    if (type === 'checkbox') {
      const chosen = defaultChoices.filter((c) => options.includes(c));
      return chosen.length > 0 ? chosen : undefined;
    }
    if (!defaultValue.trim()) return undefined;
    if (type === 'number') return Number.isFinite(Number(defaultValue)) ? Number(defaultValue) : undefined;
    if ((type === 'select' || type === 'radio') && !options.includes(defaultValue)) return undefined;
    return defaultValue;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const next: FormField = {
      field_id: field.field_id,
      field_type: type,
      label: label.trim(),
      required: isInput && required,
      conditional_logic: condition,
    };
    if (field.order !== undefined) next.order = field.order;
    if (description.trim()) next.description = description.trim();
    if (placeholder.trim() && WITH_PLACEHOLDER.includes(type)) next.placeholder = placeholder.trim();
    if (helpText.trim()) next.help_text = helpText.trim();
    if (hasOptions) next.options = options;
    const validation = validationOf(type, rules);
    if (validation) next.validation = validation;
    const answer = defaultAnswer();
    if (answer !== undefined) next.default_value = answer;
    onSave(next);
  };

  return (
    <Modal opened onClose={onClose} title={isNew ? 'Add Field' : 'Edit Field'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Field type"
              data={TYPE_DATA}
              value={type}
              onChange={(e) => setType(e.currentTarget.value as FormFieldType)}
            />
            <TextInput
              label="Label"
              withAsterisk
              aria-required
              value={label}
              error={errors.label}
              onChange={(e) => {
                setLabel(e.currentTarget.value);
                setErrors((er) => ({ ...er, label: undefined }));
              }}
              data-autofocus
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={1}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {WITH_PLACEHOLDER.includes(type) && (
              <TextInput
                label="Placeholder"
                value={placeholder}
                onChange={(e) => setPlaceholder(e.currentTarget.value)}
              />
            )}
            <TextInput
              label="Help text"
              value={helpText}
              onChange={(e) => setHelpText(e.currentTarget.value)}
            />
          </SimpleGrid>
          {isInput && (
            <Checkbox
              label="Required"
              checked={required}
              onChange={(e) => setRequired(e.currentTarget.checked)}
            />
          )}
          {hasOptions && (
            <Textarea
              label="Options"
              description="One option per line; blank lines are dropped."
              withAsterisk
              aria-required
              autosize
              minRows={3}
              value={optionsText}
              error={errors.options}
              onChange={(e) => {
                setOptionsText(e.currentTarget.value);
                setErrors((er) => ({ ...er, options: undefined }));
              }}
            />
          )}
          {validationKeys.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={500} component="h3" m={0}>
                Validation
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {validationKeys.map((key) =>
                  NUMBER_KEYS.includes(key as NumberKey) ? (
                    <NumberInput
                      key={key}
                      label={VALIDATION_LABELS[key]}
                      value={rules[key]}
                      error={errors[key]}
                      allowDecimal={key === 'min' || key === 'max' || key === 'step'}
                      allowNegative={key === 'min' || key === 'max'}
                      onChange={(v) => setRule(key, v)}
                    />
                  ) : (
                    <TextInput
                      key={key}
                      label={VALIDATION_LABELS[key]}
                      type={key === 'minDate' || key === 'maxDate' ? 'date' : 'text'}
                      value={String(rules[key])}
                      error={errors[key]}
                      onChange={(e) => setRule(key, e.currentTarget.value)}
                    />
                  ),
                )}
              </SimpleGrid>
            </Stack>
          )}
          <DefaultValueInput
            type={type}
            options={options}
            value={defaultValue}
            onChange={setDefaultValue}
            choices={defaultChoices}
            onChoicesChange={setDefaultChoices}
          />
          <ConditionInput subject="field" sources={sources} value={condition} onChange={setCondition} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Save Field</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The default answer, as the input of the type would take it. */
function DefaultValueInput({
  type,
  options,
  value,
  onChange,
  choices,
  onChoicesChange,
}: {
  type: FormFieldType;
  options: string[];
  value: string;
  onChange: (value: string) => void;
  choices: string[];
  onChoicesChange: (choices: string[]) => void;
}) {
  if (NO_DEFAULT.includes(type)) return null;
  const label = 'Default value';
  if (type === 'checkbox') {
    return (
      <MultiSelect
        label={label}
        data={options}
        value={choices.filter((c) => options.includes(c))}
        onChange={onChoicesChange}
        clearable
      />
    );
  }
  if (type === 'select' || type === 'radio') {
    return (
      <NativeSelect
        label={label}
        data={[{ value: '', label: 'No default' }, ...options.map((o) => ({ value: o, label: o }))]}
        value={options.includes(value) ? value : ''}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  if (type === 'textarea' || type === 'rich_text') {
    return (
      <Textarea
        label={label}
        autosize
        minRows={1}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  const inputType =
    type === 'number'
      ? 'number'
      : type === 'date'
        ? 'date'
        : type === 'time'
          ? 'time'
          : type === 'datetime'
            ? 'datetime-local'
            : 'text';
  return (
    <TextInput
      label={label}
      type={inputType}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

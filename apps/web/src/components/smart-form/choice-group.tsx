import { Input } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import classes from './smart-form.module.css';

/**
 * The options of a radio or checkbox field as native inputs in a labelled group. Native inputs rather than
 * Mantine's Radio and Checkbox: a long form has hundreds of options, and each Mantine one is several components,
 * which made them most of a 200-field form's first render (issue #16: ≤ 300 ms).
 */
export function ChoiceGroup({
  kind,
  label,
  description,
  error,
  required,
  disabled,
  options,
  selected,
  onToggle,
  fieldId,
}: {
  kind: 'radio' | 'checkbox';
  label: string;
  description: ReactNode;
  error: string | undefined;
  required: boolean;
  disabled: boolean;
  options: readonly string[];
  selected: readonly string[];
  onToggle: (option: string, checked: boolean) => void;
  fieldId: string;
}) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const choices = options.map((option) => (
    <label key={option} className={classes.choice} data-disabled={disabled || undefined}>
      <input
        type={kind}
        name={kind === 'radio' ? id : undefined}
        value={option}
        checked={selected.includes(option)}
        disabled={disabled}
        onChange={(e) => onToggle(option, e.currentTarget.checked)}
      />
      <span>{option}</span>
    </label>
  ));
  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      description={description}
      error={error}
      withAsterisk={required}
      data-field-id={fieldId}
    >
      {kind === 'radio' ? (
        <div
          role="radiogroup"
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy || undefined}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          className={classes.choices}
        >
          {choices}
        </div>
      ) : (
        <fieldset
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy || undefined}
          className={`${classes.fieldset} ${classes.choices}`}
        >
          {choices}
        </fieldset>
      )}
    </Input.Wrapper>
  );
}

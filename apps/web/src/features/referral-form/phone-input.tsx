import { TextInput, type TextInputProps } from '@mantine/core';
import { formatPhoneDigits } from '@trust/domain';

/**
 * 000 §5.3 phone input: digits only, formatted (xxx) xxx-xxxx as they are typed, at most 10 digits, input
 * length 14.
 */
export function PhoneInput({
  value,
  onValueChange,
  ...props
}: Omit<TextInputProps, 'onChange' | 'value'> & { value: string; onValueChange: (value: string) => void }) {
  return (
    <TextInput
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete={props.autoComplete ?? 'tel'}
      placeholder={props.placeholder ?? '(555) 555-5555'}
      maxLength={14}
      value={value}
      onChange={(e) =>
        onValueChange(formatPhoneDigits(e.currentTarget.value.replace(/\D/g, '').slice(0, 10)))
      }
    />
  );
}

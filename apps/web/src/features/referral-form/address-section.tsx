import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { COUNTRIES, US_STATES } from '@trust/domain';
import { FormSection, type SectionProps, selectProps, textProps } from './form-section.tsx';
import { FIELD_LABELS, inputId } from './form-values.ts';

/** 000 §9 Countries, with the label of USA spelled out. */
const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c, label: c === 'USA' ? 'United States' : c }));

/** 000 §2.1 Address Information: street, city, state (50 states and DC), ZIP (5 digits), country. */
export function AddressSection(props: SectionProps) {
  const { values, errors, set, disabled } = props;
  // A state an older referral stored that is not one of the list stays selectable, so editing does not lose it.
  const known = US_STATES.some((s) => s.code === values.state);
  const stateOptions = [
    { value: '', label: 'Select a state' },
    ...US_STATES.map((s) => ({ value: s.code, label: s.name })),
    ...(values.state && !known ? [{ value: values.state, label: values.state }] : []),
  ];
  return (
    <FormSection id="referral-section-address" title="Address Information">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...textProps(props, 'street_address')} autoComplete="off" maxLength={200} />
        <TextInput {...textProps(props, 'city')} autoComplete="off" maxLength={100} />
        <NativeSelect
          id={inputId('state')}
          label={FIELD_LABELS.state}
          value={values.state}
          onChange={(e) => set('state', e.currentTarget.value)}
          error={errors.state}
          disabled={disabled}
          data={stateOptions}
        />
        <TextInput
          {...textProps(props, 'zip_code')}
          onChange={(e) => set('zip_code', e.currentTarget.value.replace(/[^\d-]/g, '').slice(0, 10))}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          placeholder="5-digit ZIP"
          required
        />
        <NativeSelect
          {...selectProps(props, 'country', [])}
          data={[
            ...COUNTRY_OPTIONS,
            ...(COUNTRIES.some((c) => c === values.country) || !values.country
              ? []
              : [{ value: values.country, label: values.country }]),
          ]}
        />
      </SimpleGrid>
    </FormSection>
  );
}

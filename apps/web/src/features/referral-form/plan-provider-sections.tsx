import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { HEALTH_PLANS, PLAN_TYPES } from '@trust/domain';
import { FormSection, type SectionProps, selectProps, textProps } from './form-section.tsx';
import { FIELD_LABELS, inputId, optionsWith } from './form-values.ts';
import { PhoneInput } from './phone-input.tsx';

/** 000 §2.1 Health Plan Information: the plans of 000 §9, Managed Care or Fee-for-Service. */
export function HealthPlanSection(props: SectionProps) {
  const { values } = props;
  return (
    <FormSection id="referral-section-plan" title="Health Plan Information">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          {...selectProps(
            props,
            'health_plan',
            optionsWith(HEALTH_PLANS, values.health_plan),
            'Select a health plan',
          )}
          required
        />
        <NativeSelect
          {...selectProps(props, 'plan_type', optionsWith(PLAN_TYPES, values.plan_type))}
          required
        />
      </SimpleGrid>
    </FormSection>
  );
}

/** 000 §2.1 Referring Provider Information: name, NPI (10 digits), organization, phone. */
export function ProviderSection(props: SectionProps) {
  const { values, errors, set, disabled } = props;
  return (
    <FormSection id="referral-section-provider" title="Referring Provider Information">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...textProps(props, 'provider_name')} autoComplete="off" maxLength={200} required />
        <TextInput
          {...textProps(props, 'npi_number')}
          onChange={(e) => set('npi_number', e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
          placeholder="Enter 10-digit NPI"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          required
        />
        <TextInput {...textProps(props, 'organization')} autoComplete="off" maxLength={200} required />
        <PhoneInput
          id={inputId('provider_phone_number')}
          label={FIELD_LABELS.provider_phone_number}
          value={values.provider_phone_number}
          onValueChange={(v) => set('provider_phone_number', v)}
          error={errors.provider_phone_number}
          disabled={disabled}
          autoComplete="off"
          required
        />
      </SimpleGrid>
    </FormSection>
  );
}

import { NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { AVAILABILITY_OPTIONS, CLIENT_URGENCIES, type ClientUrgency } from '@trust/domain';
import { FormSection, type SectionProps, selectProps, textProps } from './form-section.tsx';
import { NeedsFieldset } from './needs-fieldset.tsx';

/**
 * 000 §2.1 Service Requirements: the needs, the primary diagnosis, urgency (Immediate, Within 24h, Within 1
 * Week, Routine), the member's availability and notes.
 */
export function ServiceSection(props: SectionProps) {
  const { set } = props;
  return (
    <FormSection id="referral-section-service" title="Service Requirements">
      <Stack gap="md">
        <NeedsFieldset {...props} />
        <TextInput {...textProps(props, 'primary_diagnosis')} maxLength={500} required />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            {...selectProps(props, 'urgency', CLIENT_URGENCIES)}
            onChange={(e) => set('urgency', e.currentTarget.value as ClientUrgency)}
            required
          />
          <NativeSelect
            {...selectProps(props, 'availability', AVAILABILITY_OPTIONS, 'Select availability')}
            required
          />
        </SimpleGrid>
        <Textarea {...textProps(props, 'additional_notes')} rows={4} resize="vertical" maxLength={5000} />
      </Stack>
    </FormSection>
  );
}

import { Checkbox, Radio, Stack } from '@mantine/core';
import { FormSection, RequiredMark, type SectionProps } from './form-section.tsx';
import { FIELD_LABELS, inputId } from './form-values.ts';

/**
 * 000 §2.1 Compliance & Authorization: member consent (required, 000 §5.1; its message shows in red under it and
 * goes once it is ticked) and prior authorization. HIPAA compliance is always on (000 §3.1).
 */
export function ComplianceSection({ values, errors, set, disabled }: SectionProps) {
  return (
    <FormSection id="referral-section-compliance" title="Compliance & Authorization">
      <Stack gap="sm">
        <Checkbox
          id={inputId('member_consent_obtained')}
          label={
            <>
              {FIELD_LABELS.member_consent_obtained}
              <RequiredMark />
            </>
          }
          description="The member agreed to this referral and to sharing their details with the provider."
          checked={values.member_consent_obtained}
          onChange={(e) => set('member_consent_obtained', e.currentTarget.checked)}
          error={errors.member_consent_obtained}
          disabled={disabled}
          required
        />
        <Checkbox
          id={inputId('prior_authorization_required')}
          label={FIELD_LABELS.prior_authorization_required}
          checked={values.prior_authorization_required}
          onChange={(e) => set('prior_authorization_required', e.currentTarget.checked)}
          error={errors.prior_authorization_required}
          disabled={disabled}
        />
        <Checkbox
          label={FIELD_LABELS.hipaa_compliant}
          description="Every referral is handled under HIPAA; this cannot be turned off."
          checked
          readOnly
          disabled
        />
      </Stack>
    </FormSection>
  );
}

/**
 * 000 §2.1 Referral Processing Method: the matching engine (default, 000 §3.4) or manual selection. After a
 * create the user goes to the queue or to the unpublished referrals accordingly (000 §2.1, 003 §2.1).
 */
export function ProcessingSection({ values, errors, set, disabled }: SectionProps) {
  return (
    <FormSection id="referral-section-processing" title="Referral Processing Method">
      <Radio.Group
        label="How should a provider be found?"
        value={values.use_matching_engine ? 'engine' : 'manual'}
        onChange={(v) => set('use_matching_engine', v === 'engine')}
        error={errors.use_matching_engine}
      >
        <Stack gap="sm" mt="xs">
          <Radio
            id={inputId('use_matching_engine')}
            value="engine"
            label="Matching engine"
            description="The best provider near the member is matched automatically; you go to the queue."
            disabled={disabled}
          />
          <Radio
            value="manual"
            label="Manual selection"
            description="You choose the provider yourself; you go to Unpublished Referrals."
            disabled={disabled}
          />
        </Stack>
      </Radio.Group>
    </FormSection>
  );
}

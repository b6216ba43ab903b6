import { Loader, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { LANGUAGES, MEMBER_LOOKUP_MESSAGES, MEMBER_LOOKUP_MIN_LENGTH } from '@trust/domain';
import { FormSection, type SectionProps, selectProps, textProps } from './form-section.tsx';
import { FIELD_LABELS, inputId, optionsWith } from './form-values.ts';
import { PhoneInput } from './phone-input.tsx';
import type { MemberLookupState } from './use-member-lookup.ts';

/** Today as YYYY-MM-DD in the browser's time zone: a date of birth is not in the future. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function LookupNotice({ lookup }: { lookup: MemberLookupState }) {
  if (lookup.status !== 'done' || !lookup.result.found || !lookup.result.source) return null;
  const count = lookup.result.referral_count;
  return (
    <Stack gap={0} role="status">
      <Text size="sm" c="teal.8">
        {MEMBER_LOOKUP_MESSAGES.found(lookup.result.source)}
      </Text>
      {count > 0 && (
        <Text size="xs" c="dimmed">
          {count === 1 ? '1 earlier referral' : `${count} earlier referrals`} in your organization.
        </Text>
      )}
    </Stack>
  );
}

/** 000 §2.1 Member Information, with the Medicaid ID lookup (create mode) or the locked ID (edit mode). */
export function MemberSection(props: SectionProps & { mode: 'create' | 'edit'; lookup: MemberLookupState }) {
  const { values, errors, set, disabled, mode, lookup } = props;
  const editing = mode === 'edit';
  return (
    <FormSection id="referral-section-member" title="Member Information">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...textProps(props, 'first_name')} required autoComplete="off" maxLength={100} />
        <TextInput {...textProps(props, 'last_name')} required autoComplete="off" maxLength={100} />
        <PhoneInput
          id={inputId('phone_number')}
          label={FIELD_LABELS.phone_number}
          value={values.phone_number}
          onValueChange={(v) => set('phone_number', v)}
          error={errors.phone_number}
          disabled={disabled}
          autoComplete="off"
          required
        />
        <TextInput
          {...textProps(props, 'email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={320}
          required
        />
        <TextInput {...textProps(props, 'date_of_birth')} type="date" max={today()} required />
        <NativeSelect
          {...selectProps(props, 'preferred_language', optionsWith(LANGUAGES, values.preferred_language))}
          required
        />
        <div>
          <TextInput
            {...textProps(props, 'medicaid_id')}
            required
            autoComplete="off"
            maxLength={50}
            disabled={disabled || editing}
            description={
              editing
                ? 'Cannot be changed'
                : `The member's details fill in once ${MEMBER_LOOKUP_MIN_LENGTH} or more characters are typed.`
            }
            rightSection={
              lookup.status === 'loading' ? <Loader size="xs" aria-label="Looking up the member" /> : null
            }
          />
          {!editing && <LookupNotice lookup={lookup} />}
        </div>
        <NumberInput
          id={inputId('risk_score')}
          label={FIELD_LABELS.risk_score}
          description="Optional, from 0 to 100"
          value={values.risk_score}
          onChange={(v) => set('risk_score', String(v))}
          error={errors.risk_score}
          disabled={disabled}
          min={0}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          hideControls
        />
      </SimpleGrid>
    </FormSection>
  );
}

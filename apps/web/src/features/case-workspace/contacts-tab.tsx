import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { type ClientReferral, formatPhoneDigits, referralContactSchema } from '@trust/domain';
import { useState } from 'react';
import { useUpdateReferralContact } from '../../api/referrals/update-referral-contact.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { WORKSPACE_MESSAGES } from './messages.ts';
import { memberAddress } from './workspace-format.ts';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value.trim() ? value : WORKSPACE_MESSAGES.noInformation}
      </Text>
    </div>
  );
}

/**
 * 000 §2.7 Contacts tab: the member's contact details and the emergency contact. Save Contact Information
 * stores it (PUT /api/referrals/{id}/contact); only the organization that created the referral may, so every
 * other reader sees the values read-only. The server's field messages land under the inputs.
 */
export function ContactsTab({ referral, canEdit }: { referral: ClientReferral; canEdit: boolean }) {
  const stored = {
    emergency_contact_name: referral.emergencyContactName,
    emergency_contact_phone: referral.emergencyContactPhone,
  };
  const form = useZodForm({
    schema: referralContactSchema,
    initialValues: stored,
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  // The inputs were filled from the stored values: a change by someone else (live refresh) refills inputs the
  // user has not changed, and never overwrites what they are typing.
  const filledFrom = form.getInitialValues();
  const refill = (values: typeof stored) => {
    form.setInitialValues(values);
    form.setValues(values);
  };
  if (
    (filledFrom.emergency_contact_name !== stored.emergency_contact_name ||
      filledFrom.emergency_contact_phone !== stored.emergency_contact_phone) &&
    !form.isDirty()
  ) {
    refill(stored);
  }
  const [result, setResult] = useState<{ ok: true } | { ok: false; message: string } | null>(null);
  const save = useUpdateReferralContact();

  // The values as typed, trimmed: the server formats them (the schema above checked them the same way).
  const submit = form.onSubmit(
    () => {
      setResult(null);
      const { emergency_contact_name: name, emergency_contact_phone: phone } = form.getValues();
      save.mutate(
        {
          id: Number(referral.id),
          contact: { emergency_contact_name: name.trim(), emergency_contact_phone: phone.trim() },
        },
        {
          onSuccess: (updated) => {
            // The server's form of the values (trimmed, phone formatted).
            refill({
              emergency_contact_name: updated.emergencyContactName,
              emergency_contact_phone: updated.emergencyContactPhone,
            });
            setResult({ ok: true });
          },
          onError: (error) => {
            const message = applyServerErrors(form, error, WORKSPACE_MESSAGES.contactFailed);
            if (message) setResult({ ok: false, message });
          },
        },
      );
    },
    () => setResult(null),
  );

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-label="Member Contact">
        <Stack gap="sm">
          <Title order={3}>Member Contact</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Detail label="Phone" value={referral.phoneNumber} />
            <Detail label="Email" value={referral.email} />
            <Detail label="Address" value={memberAddress(referral)} />
            <Detail label="Preferred Language" value={referral.preferredLanguage} />
            <Detail label="Availability" value={referral.availability} />
          </SimpleGrid>
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-label="Emergency Contact">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={3}>Emergency Contact</Title>
            {!canEdit && (
              <Text size="sm" c="dimmed">
                {WORKSPACE_MESSAGES.contactOwnerOnly}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Emergency Contact Name"
                {...form.getInputProps('emergency_contact_name')}
                onChange={(e) => {
                  form.setFieldValue('emergency_contact_name', e.currentTarget.value);
                  setResult(null);
                }}
                readOnly={!canEdit}
                maxLength={200}
                autoComplete="off"
              />
              <TextInput
                label="Emergency Phone"
                type="tel"
                inputMode="tel"
                placeholder="(555) 555-5555"
                {...form.getInputProps('emergency_contact_phone')}
                onChange={(e) => {
                  // 000 §5.3: digits only, formatted (xxx) xxx-xxxx as they are typed.
                  form.setFieldValue('emergency_contact_phone', formatPhoneDigits(e.currentTarget.value));
                  setResult(null);
                }}
                readOnly={!canEdit}
                maxLength={14}
                autoComplete="off"
              />
            </SimpleGrid>
            {result?.ok === true && (
              <Alert color="green" icon={<IconCheck size={18} />} role="status">
                {WORKSPACE_MESSAGES.contactSaved}
              </Alert>
            )}
            {result?.ok === false && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {result.message}
              </Alert>
            )}
            {canEdit && (
              <Group justify="flex-end">
                <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
                  Save Contact Information
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

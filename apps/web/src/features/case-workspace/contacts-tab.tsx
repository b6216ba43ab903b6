import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { type ClientReferral, formatPhoneDigits } from '@trust/domain';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText } from '../../api/errors.ts';
import { useUpdateReferralContact } from '../../api/referrals/update-referral-contact.ts';
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

type FieldErrors = { emergency_contact_name?: string; emergency_contact_phone?: string };

/**
 * 000 §2.7 Contacts tab: the member's contact details and the emergency contact. Save Contact Information
 * stores it (PUT /api/referrals/{id}/contact); only the organization that created the referral may, so every
 * other reader sees the values read-only. The server's field messages land under the inputs.
 */
export function ContactsTab({ referral, canEdit }: { referral: ClientReferral; canEdit: boolean }) {
  const [name, setName] = useState(referral.emergencyContactName);
  const [phone, setPhone] = useState(referral.emergencyContactPhone);
  const [dirty, setDirty] = useState(false);
  // The stored values the inputs were last filled from: a change by someone else (live refresh) refills
  // inputs the user has not touched, and never overwrites what they are typing.
  const stored = `${referral.emergencyContactName}\u0000${referral.emergencyContactPhone}`;
  const [filledFrom, setFilledFrom] = useState(stored);
  if (stored !== filledFrom && !dirty) {
    setFilledFrom(stored);
    setName(referral.emergencyContactName);
    setPhone(referral.emergencyContactPhone);
  }
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ ok: true } | { ok: false; message: string } | null>(null);
  const save = useUpdateReferralContact();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    setFieldErrors({});
    save.mutate(
      {
        id: Number(referral.id),
        contact: { emergency_contact_name: name.trim(), emergency_contact_phone: phone.trim() },
      },
      {
        onSuccess: (updated) => {
          // The server's form of the values (trimmed, phone formatted).
          setName(updated.emergencyContactName);
          setPhone(updated.emergencyContactPhone);
          setFilledFrom(`${updated.emergencyContactName}\u0000${updated.emergencyContactPhone}`);
          setDirty(false);
          setResult({ ok: true });
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
          setFieldErrors({
            emergency_contact_name: fields.emergency_contact_name,
            emergency_contact_phone: fields.emergency_contact_phone,
          });
          const onFields = Boolean(fields.emergency_contact_name || fields.emergency_contact_phone);
          if (!onFields)
            setResult({ ok: false, message: errorText(error, WORKSPACE_MESSAGES.contactFailed) });
        },
      },
    );
  };

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
                value={name}
                onChange={(e) => {
                  setName(e.currentTarget.value);
                  setDirty(true);
                  setResult(null);
                }}
                readOnly={!canEdit}
                maxLength={200}
                autoComplete="off"
                error={fieldErrors.emergency_contact_name}
              />
              <TextInput
                label="Emergency Phone"
                type="tel"
                inputMode="tel"
                placeholder="(555) 555-5555"
                value={phone}
                onChange={(e) => {
                  // 000 §5.3: digits only, formatted (xxx) xxx-xxxx as they are typed.
                  setPhone(formatPhoneDigits(e.currentTarget.value));
                  setDirty(true);
                  setResult(null);
                }}
                readOnly={!canEdit}
                maxLength={14}
                autoComplete="off"
                error={fieldErrors.emergency_contact_phone}
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

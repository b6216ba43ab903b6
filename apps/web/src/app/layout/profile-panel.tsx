import { Accordion, Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileCertificate, IconKey, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { type Me, roleLabel } from '@trust/domain';
import { type ReactNode, useState } from 'react';
import { formatDateTime, formatLongDate } from '../../components/format-date.ts';
import { ChangePasswordForm } from '../../features/account/change-password-form.tsx';
import { ConsentHistory } from '../../features/consent/consent-history.tsx';
import { TwoFactorSettings } from '../../features/two-factor/two-factor-settings.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * 003 §2.10 profile panel: who the user is, then the expandable sections (change password, two-factor
 * settings, consent and signature history) and Sign Out. Sections mount only when opened, so their calls run
 * only when the user looks.
 */
export function ProfilePanel({
  user,
  opened,
  onClose,
  onSignOut,
}: {
  user: Me;
  opened: boolean;
  onClose: () => void;
  onSignOut: () => void;
}) {
  const [section, setSection] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Profile" size="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label="Full name">{user.name}</Field>
          <Field label="Email">{user.email}</Field>
          {user.phone_number && <Field label="Phone">{user.phone_number}</Field>}
          <Field label="Role">{roleLabel(user.role)}</Field>
          {/* 003 §2.10: the account status always shows Active (a disabled account cannot sign in). */}
          <Field label="Account status">
            <Badge color="teal" variant="light">
              Active
            </Badge>
          </Field>
          {typeof user.email_verified === 'boolean' && (
            <Field label="Email verified">
              <Badge color={user.email_verified ? 'teal' : 'yellow'} variant="light">
                {user.email_verified ? 'Verified' : 'Pending'}
              </Badge>
            </Field>
          )}
          <Field label="Member since">{formatLongDate(user.created_at)}</Field>
          {user.last_login && <Field label="Last login">{formatDateTime(user.last_login)}</Field>}
        </SimpleGrid>
        <Accordion variant="separated" chevronPosition="right" value={section} onChange={setSection}>
          <Accordion.Item value="password">
            <Accordion.Control icon={<IconKey size={18} />}>Change Password</Accordion.Control>
            <Accordion.Panel>{section === 'password' && <ChangePasswordForm />}</Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="two-factor">
            <Accordion.Control icon={<IconShieldLock size={18} />}>
              Two-Factor Authentication
            </Accordion.Control>
            <Accordion.Panel>{section === 'two-factor' && <TwoFactorSettings />}</Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="consent">
            <Accordion.Control icon={<IconFileCertificate size={18} />}>
              Consent &amp; Signature History
            </Accordion.Control>
            <Accordion.Panel>{section === 'consent' && <ConsentHistory />}</Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <Group justify="flex-end">
          <Button color="red" variant="light" leftSection={<IconLogout size={16} />} onClick={onSignOut}>
            Sign Out
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

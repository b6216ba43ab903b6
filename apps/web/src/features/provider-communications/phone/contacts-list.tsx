import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { formatPhone, VOICE_MESSAGES } from '@trust/domain';
import { useProviderMethods } from '../../../api/communication-methods/get-provider-methods.ts';
import { buildPhoneContacts } from './phone-contacts.ts';

/** 001 §2.14 Contacts: Main Phone, Mobile and Alternative, each with a Call button. */
export function ContactsList({
  providerId,
  mainPhone,
  onCall,
  calling,
}: {
  providerId: number;
  mainPhone: string | null;
  onCall: (toNumber: string) => void;
  calling: boolean;
}) {
  const methods = useProviderMethods(providerId);
  // The main phone shows at once; the other numbers join when the provider's methods arrive (a failed read
  // leaves the main phone alone rather than hiding it).
  const contacts = buildPhoneContacts(mainPhone, methods.data ?? []);

  if (contacts.length === 0) {
    return methods.isPending ? (
      <Loader size="sm" aria-label="Loading contacts" />
    ) : (
      <Text c="dimmed" ta="center" py="xl">
        {VOICE_MESSAGES.noContacts}
      </Text>
    );
  }
  return (
    <Stack component="ul" aria-label="Saved contacts" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {contacts.map((contact) => (
        <Group
          component="li"
          key={contact.key}
          justify="space-between"
          wrap="nowrap"
          p="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <div>
            <Group gap={6}>
              <Text fw={600}>{contact.label}</Text>
              <Badge size="xs" variant="light" color="gray">
                {contact.type}
              </Badge>
            </Group>
            <Text size="sm">{formatPhone(contact.number)}</Text>
          </div>
          <Button
            size="xs"
            color="green"
            radius="xl"
            leftSection={<IconPhone size={14} />}
            aria-label={`Call ${contact.label} ${formatPhone(contact.number)}`}
            disabled={calling}
            onClick={() => onCall(contact.number)}
          >
            Call
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

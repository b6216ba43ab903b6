import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { DirectoryProvider } from '@trust/domain';

/** 001 §2.10: Back, and the provider's organization name and type, with how it is reached. */
export function ProviderHeader({
  provider,
  phone,
  email,
  onBack,
}: {
  provider: DirectoryProvider;
  phone: string | null;
  email: string | null;
  onBack: () => void;
}) {
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Back
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap" align="center">
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {provider.organization_name}
        </Title>
        <Badge variant="light">{provider.organization_type}</Badge>
      </Group>
      {(phone || email) && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[phone, email].filter(Boolean).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

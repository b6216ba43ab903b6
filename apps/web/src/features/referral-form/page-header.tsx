import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

/** Title of the form's screens, with the optional back button of 000 §2.1 and the edit subtitle. */
export function PageHeader({
  title,
  subtitle,
  onBack,
}: {
  title: string;
  subtitle?: string;
  onBack: () => void;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ActionIcon variant="subtle" size="lg" aria-label="Back" onClick={onBack} mt={2}>
        <IconArrowLeft size={20} />
      </ActionIcon>
      <Stack gap={2}>
        <Title order={2}>{title}</Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
    </Group>
  );
}

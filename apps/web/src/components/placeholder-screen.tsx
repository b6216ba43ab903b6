import { Paper, Stack, Text, Title } from '@mantine/core';

/** The one stand-in for screens whose features arrive in later issues: a title and an honest sentence. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Paper withBorder p="lg">
        <Text c="dimmed">This screen is not built yet.</Text>
      </Paper>
    </Stack>
  );
}

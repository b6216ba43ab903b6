import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { MESSAGES } from '@trust/domain';
import { reloadPage } from './reload-page.ts';

/** 003 §2.2, §8: shown when signed in but the server cannot be reached. Retry reloads the page. */
export function ConnectionErrorScreen() {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={440} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconPlugConnectedX size={30} />
          </ThemeIcon>
          <Title order={2}>Connection Error</Title>
          <Text>{MESSAGES.connectionError}</Text>
          <Button onClick={reloadPage}>Retry</Button>
        </Stack>
      </Paper>
    </Center>
  );
}

import { Paper, Stack, Text } from '@mantine/core';
import { IconPrinter, IconRecordMail } from '@tabler/icons-react';
import { COMMUNICATION_MESSAGES } from '@trust/domain';

/**
 * 001 §2.11: the Fax and Voice filters keep the spec's placeholders (issue #6: "Fax and Voice filters keep the
 * spec's 'Coming soon' placeholders"); calls and voicemails are on the Phone tab and the record list.
 */
export function ComingSoon({ channel }: { channel: 'fax' | 'voice' }) {
  const fax = channel === 'fax';
  const Glyph = fax ? IconPrinter : IconRecordMail;
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap={6} align="center" ta="center">
        <Glyph size={32} aria-hidden color="var(--mantine-color-gray-5)" />
        <Text fw={600}>
          {fax ? COMMUNICATION_MESSAGES.faxPlaceholderTitle : COMMUNICATION_MESSAGES.voicePlaceholderTitle}
        </Text>
        <Text size="sm" c="dimmed">
          {fax ? COMMUNICATION_MESSAGES.faxPlaceholderText : COMMUNICATION_MESSAGES.voicePlaceholderText}
        </Text>
      </Stack>
    </Paper>
  );
}

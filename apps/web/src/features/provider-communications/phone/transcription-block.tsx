import { Box, Text } from '@mantine/core';

/**
 * A recording's words under its voicemail or call (001 §2.16 "a transcription block when text exists"; issue #19
 * for calls): the text when there is some, 'Transcribing…' while the speech to text works on it, nothing when it
 * failed or none was asked.
 */
export function TranscriptionBlock({ text, status }: { text: string | null; status: string }) {
  const words = text?.trim();
  if (words) {
    return (
      <Box p="xs" bg="gray.0" style={{ borderRadius: 6 }}>
        <Text size="xs" fw={600} c="dimmed">
          Transcription
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {words}
        </Text>
      </Box>
    );
  }
  if (status === 'pending') {
    return (
      <Text size="xs" c="dimmed">
        Transcribing…
      </Text>
    );
  }
  return null;
}

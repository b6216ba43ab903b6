import { Alert, List } from '@mantine/core';
import { IconMicrophoneOff } from '@tabler/icons-react';
import { VOICE_INTAKE_MESSAGES } from '@trust/domain';

/** 000 §2.2, §4.4 the warning after three consecutive no-speech results. */
export function MicrophoneWarning() {
  return (
    <Alert
      color="yellow"
      icon={<IconMicrophoneOff size={18} />}
      title={VOICE_INTAKE_MESSAGES.noSpeechTitle}
      role="status"
    >
      <List size="sm" spacing={2}>
        {VOICE_INTAKE_MESSAGES.noSpeechChecks.map((check) => (
          <List.Item key={check}>{check}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

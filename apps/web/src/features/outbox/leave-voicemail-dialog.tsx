import { Alert, Button, Group, Input, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { formatPhone, VOICE_MESSAGES, type Voicemail } from '@trust/domain';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, errorText } from '../../api/errors.ts';
import { useSimulateInboundVoicemail } from '../../api/outbox/simulate-inbound-voicemail.ts';

type Errors = { from_phone?: string; audio?: string; transcription?: string };
const FIELDS = ['from_phone', 'audio', 'transcription'];

function resultText(voicemail: Voicemail): string {
  const base = `Voicemail left from ${formatPhone(voicemail.from_number)}.`;
  if (voicemail.provider_name) {
    return `${base} It is filed under ${voicemail.provider_name}: open the provider's Phone tab, Voicemail.`;
  }
  return `${base} No provider has this number, so it is stored unmatched.`;
}

/**
 * "Leave a voicemail" as a provider (issue 6, local voice driver): the caller's number, an audio file and an
 * optional transcription, posted as POST /api/outbox/inbound/voicemail; it takes the voice webhook's path.
 */
export function LeaveVoicemailDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [from, setFrom] = useState('');
  const [audio, setAudio] = useState<File | null>(null);
  const [transcription, setTranscription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [fileKey, setFileKey] = useState(0);
  const leave = useSimulateInboundVoicemail();
  const fileId = useId();

  const reset = () => {
    setFrom('');
    setAudio(null);
    setTranscription('');
    setErrors({});
    setFileKey((k) => k + 1);
    leave.reset();
  };

  const close = () => {
    reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (from.trim() === '') next.from_phone = 'Enter the number the voicemail comes from.';
    if (!audio) next.audio = VOICE_MESSAGES.audioRequired;
    else if (audio.type && !audio.type.startsWith('audio/')) next.audio = VOICE_MESSAGES.audioType;
    setErrors(next);
    if (Object.keys(next).length > 0 || !audio) return;
    leave.mutate(
      { from_phone: from.trim(), audio, transcription },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields as Errors);
        },
      },
    );
  };

  // Field errors sit on their inputs; anything else (the 422 when the real voice service is configured) above.
  const fieldKeys =
    leave.error instanceof ApiError && leave.error.fields ? Object.keys(leave.error.fields) : [];
  const onInputs = fieldKeys.length > 0 && fieldKeys.every((k) => FIELDS.includes(k));
  const serverError = leave.error && !onInputs ? leave.error : null;

  return (
    <Modal opened={opened} onClose={close} title="Leave a voicemail as a provider" size="lg">
      {leave.data ? (
        <Stack>
          <Alert color="teal" role="status" title="Voicemail left">
            {resultText(leave.data)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={reset}>
              Leave another
            </Button>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Plays the provider's part on a machine with the local voice driver: the voicemail arrives as if
              the provider had called from this number, and shows in that provider's Voicemail tab.
            </Text>
            <TextInput
              label="From number"
              description="The provider's phone number, e.g. (213) 555-0192"
              required
              inputMode="tel"
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              error={errors.from_phone}
            />
            <Input.Wrapper
              label="Audio file"
              description="WAV, MP3, OGG, WebM or M4A"
              required
              id={fileId}
              error={errors.audio}
            >
              <input
                key={fileKey}
                id={fileId}
                type="file"
                accept="audio/*"
                aria-invalid={errors.audio ? true : undefined}
                onChange={(e) => setAudio(e.currentTarget.files?.[0] ?? null)}
                style={{ display: 'block', marginTop: 4 }}
              />
            </Input.Wrapper>
            <Textarea
              label="Transcription (optional)"
              rows={2}
              maxLength={10_000}
              value={transcription}
              onChange={(e) => setTranscription(e.currentTarget.value)}
              error={errors.transcription}
            />
            {serverError && (
              <Alert color="red" role="alert" title="The voicemail was not left">
                {errorText(serverError, 'Failed to leave the voicemail')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={leave.isPending}>
                Leave voicemail
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

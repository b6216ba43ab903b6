import { Alert, Button, Group, Input, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { formatPhone, VOICE_MESSAGES, type Voicemail } from '@trust/domain';
import { useId, useState } from 'react';
import { useSimulateInboundVoicemail } from '../../api/outbox/simulate-inbound-voicemail.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';

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
  // The file stays out of the form's values (the form copies its values on each change, which a File does not
  // survive); `audio` there is its name, so the file's messages land on its input.
  const [audio, setAudio] = useState<File | null>(null);
  // A multipart upload of a development tool: no shared schema, the rules below.
  const form = useZodForm({
    initialValues: { from_phone: '', audio: '', transcription: '' },
    rules: ({ from_phone }) => {
      const next: Record<string, string> = {};
      if (from_phone.trim() === '') next.from_phone = 'Enter the number the voicemail comes from.';
      if (!audio) next.audio = VOICE_MESSAGES.audioRequired;
      else if (audio.type && !audio.type.startsWith('audio/')) next.audio = VOICE_MESSAGES.audioType;
      return next;
    },
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  const [fileKey, setFileKey] = useState(0);
  const leave = useSimulateInboundVoicemail();
  const fileId = useId();
  const errors = form.errors;

  const reset = () => {
    form.reset();
    setAudio(null);
    setFileKey((k) => k + 1);
    leave.reset();
  };

  const close = () => {
    reset();
    onClose();
  };

  const submit = form.onSubmit(({ from_phone, transcription }) => {
    if (!audio) return;
    leave.mutate(
      { from_phone: from_phone.trim(), audio, transcription },
      // Field errors sit on their inputs; anything else (the 422 when the real voice service is configured) above.
      { onError: (error) => applyServerErrors(form, error, 'Failed to leave the voicemail') },
    );
  });

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
              {...form.getInputProps('from_phone')}
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
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0] ?? null;
                  setAudio(file);
                  form.setFieldValue('audio', file?.name ?? '');
                }}
                style={{ display: 'block', marginTop: 4 }}
              />
            </Input.Wrapper>
            <Textarea
              label="Transcription (optional)"
              rows={2}
              maxLength={10_000}
              {...form.getInputProps('transcription')}
            />
            {form.formError && (
              <Alert color="red" role="alert" title="The voicemail was not left">
                {form.formError}
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

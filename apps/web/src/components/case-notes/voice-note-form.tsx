import { Alert, Button, Group, NativeSelect, Stack, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { CASE_NOTE_MAX_TEXT, CASE_NOTE_MESSAGES, SPEECH_LANGUAGES } from '@trust/domain';
import { useState } from 'react';
import { useAddVoiceNote } from '../../api/case-notes/add-voice-note.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { type SharesWith, ShareToggle } from './note-sharing.tsx';
import { type RecorderStatus, type Recording, VoiceRecorder } from './voice-recorder.tsx';

// The Voice Note tab (001 §2.17, §4, §5, §9; issue #19): the language spoken, the recorder, and what happens to the
// recording: sent to the server, transcribed and saved as a note; when the server cannot transcribe it (the engine
// down, or none for the language) the author types the note and it is saved with the same recording.

const LANGUAGE_OPTIONS = SPEECH_LANGUAGES.map(({ code, label }) => ({ value: code, label }));

/** Refusals the author can do nothing about by recording again: the text can be typed instead. */
const TYPE_INSTEAD_REASONS = new Set(['speech.engine_unavailable', 'speech.language_unavailable']);

function canTypeInstead(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 503 || (error.reason !== null && TYPE_INSTEAD_REASONS.has(error.reason));
}

type Failure = { message: string; recording: Recording | null };

/**
 * The voice-note form: the language (001 §9, en-US first; locked while a recording is under way), whom the note is
 * shared with (issue #12), the recorder, and the server's refusal when it did not save the note.
 */
export function VoiceNoteForm({
  referralId,
  sharesWith,
  onAdded,
}: {
  referralId: number;
  sharesWith: SharesWith;
  onAdded: () => void;
}) {
  const [language, setLanguage] = useState<string>('en-US');
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [shared, setShared] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [typed, setTyped] = useState('');
  /** A new recorder (idle) once a typed note is saved: the stopped recorder's recording went with it. */
  const [recorderKey, setRecorderKey] = useState(0);
  const add = useAddVoiceNote(referralId);
  const visibility = shared ? 'shared' : 'internal';

  const saved = () => {
    setFailure(null);
    setTyped('');
    setShared(false);
    onAdded();
  };

  const onRecorded = async (recording: Recording): Promise<boolean> => {
    setFailure(null);
    try {
      await add.mutateAsync({ audio: recording.blob, language, visibility });
      saved();
      return true;
    } catch (error) {
      setFailure({
        message: errorText(error, CASE_NOTE_MESSAGES.voiceSaveFailed),
        // Kept only when typing the text will get it saved; otherwise recording again is the way.
        recording: canTypeInstead(error) ? recording : null,
      });
      return false;
    }
  };

  const saveTyped = async (recording: Recording) => {
    try {
      await add.mutateAsync({ audio: recording.blob, language, visibility, content: typed });
      saved();
      setStatus('idle');
      setRecorderKey((k) => k + 1);
    } catch (error) {
      setFailure({ message: errorText(error, CASE_NOTE_MESSAGES.voiceSaveFailed), recording });
    }
  };

  const locked = status !== 'idle';
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label="Language"
          data={LANGUAGE_OPTIONS}
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value)}
          disabled={locked}
          w={220}
        />
        <ShareToggle sharesWith={sharesWith} checked={shared} onChange={setShared} disabled={locked} />
      </Group>
      <VoiceRecorder
        key={recorderKey}
        onRecorded={onRecorded}
        onStatusChange={setStatus}
        onDiscard={() => {
          setFailure(null);
          setTyped('');
        }}
      />
      {failure && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={CASE_NOTE_MESSAGES.voiceSaveFailed}
          role="alert"
        >
          {failure.message}
        </Alert>
      )}
      {failure?.recording && (
        <Stack gap="xs">
          <Textarea
            label={CASE_NOTE_MESSAGES.typeInstead}
            description="Your recording is kept and saved with the note."
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            rows={3}
            maxLength={CASE_NOTE_MAX_TEXT}
          />
          <Group justify="flex-end">
            <Button
              onClick={() => failure.recording && void saveTyped(failure.recording)}
              disabled={!typed.trim() || add.isPending}
              loading={add.isPending}
            >
              Save
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

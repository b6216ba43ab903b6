import { Badge, Button, Group, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerPlay } from '@tabler/icons-react';
import { type CaseNote, speechLanguageLabel } from '@trust/domain';
import { useEffect, useState } from 'react';
import { fetchNoteAudio } from '../../api/case-notes/add-voice-note.ts';
import { errorText } from '../../api/errors.ts';
import { formatElapsed } from './voice-recorder.tsx';

/** 001 §2.17: a voice note is marked as one, with the language it was spoken in (001 §9). */
export function VoiceNoteBadge({ note }: { note: CaseNote }) {
  if (!note.is_voice_note) return null;
  return (
    <Badge size="xs" variant="light" color="grape" leftSection={<IconMicrophone size={10} />}>
      Voice note · {speechLanguageLabel(note.language)}
    </Badge>
  );
}

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  | { kind: 'error'; text: string };

/**
 * A voice note's recording. It needs the session (and each play is audited), so it is fetched as a Blob when asked
 * for and played through an object URL, released when the note leaves the screen.
 */
export function NoteAudio({ note, author }: { note: CaseNote; author: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const objectUrl = state.kind === 'ready' ? state.url : null;
  useEffect(() => {
    if (!objectUrl) return;
    return () => URL.revokeObjectURL(objectUrl);
  }, [objectUrl]);

  if (!note.has_audio) return null;
  const label = `Voice note recording by ${author}`;
  if (state.kind === 'ready') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: the note's text under it is the transcript.
      <audio controls autoPlay src={state.url} aria-label={label} style={{ width: '100%', height: 36 }} />
    );
  }
  const duration =
    note.audio_duration_seconds === null ? '' : ` (${formatElapsed(note.audio_duration_seconds)})`;
  return (
    <Group gap="xs">
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlayerPlay size={14} />}
        loading={state.kind === 'loading'}
        aria-label={`Play recording${duration} of the voice note by ${author}`}
        onClick={async () => {
          setState({ kind: 'loading' });
          try {
            const blob = await fetchNoteAudio(note.id);
            setState({ kind: 'ready', url: URL.createObjectURL(blob) });
          } catch (error) {
            setState({ kind: 'error', text: errorText(error, 'The recording could not be loaded.') });
          }
        }}
      >
        Play recording{duration}
      </Button>
      {state.kind === 'error' && (
        <Text size="xs" c="red" role="alert">
          {state.text}
        </Text>
      )}
    </Group>
  );
}

import { Anchor, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorText } from '../../../api/errors.ts';
import { fetchRecordingBlob } from '../../../api/voice/fetch-recording.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  | { kind: 'error'; text: string };

/**
 * 001 §2.15 recording link. The recording needs the bearer token, so it is fetched as a Blob on demand and played
 * through an object URL (released when the row goes).
 */
export function CallRecording({ url, label }: { url: string; label: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const objectUrl = state.kind === 'ready' ? state.url : null;
  // Released when the row goes (or its tab hides it); the link shows again then.
  useEffect(() => {
    return () => {
      if (!objectUrl) return;
      URL.revokeObjectURL(objectUrl);
      setState({ kind: 'idle' });
    };
  }, [objectUrl]);

  if (state.kind === 'ready') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a phone call recording has no caption track.
      <audio controls autoPlay src={state.url} aria-label={label} style={{ width: '100%', height: 32 }} />
    );
  }
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="sm"
        aria-label={`Play recording of ${label}`}
        disabled={state.kind === 'loading'}
        onClick={async () => {
          setState({ kind: 'loading' });
          try {
            const blob = await fetchRecordingBlob(url);
            setState({ kind: 'ready', url: URL.createObjectURL(blob) });
          } catch (error) {
            setState({ kind: 'error', text: errorText(error, 'The recording could not be loaded.') });
          }
        }}
      >
        {state.kind === 'loading' ? 'Loading recording…' : 'Recording'}
      </Anchor>
      {state.kind === 'error' && (
        <Text size="xs" c="red" role="alert">
          {state.text}
        </Text>
      )}
    </>
  );
}

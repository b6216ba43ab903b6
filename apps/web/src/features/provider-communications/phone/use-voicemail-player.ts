import type { Voicemail } from '@trust/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../api/errors.ts';
import { fetchRecordingBlob } from '../../../api/voice/fetch-recording.ts';

export type PlayerState = {
  /** The voicemail loaded in the one audio element, if any. */
  currentId: number | null;
  playing: boolean;
  loadingId: number | null;
  /** Seconds into the current voicemail, and its length. */
  position: number;
  duration: number;
  error: { id: number; text: string } | null;
};

const IDLE: PlayerState = {
  currentId: null,
  playing: false,
  loadingId: null,
  position: 0,
  duration: 0,
  error: null,
};

/**
 * 001 §2.16, §4 voicemail playback through one shared <audio> element, so only one voicemail plays at a time:
 * starting another replaces the source and the first stops. The audio needs the bearer token, so each
 * voicemail's bytes are fetched once as a Blob and played through an object URL (released on unmount).
 * `onFirstPlay` runs when an unread voicemail starts playing (it is marked read).
 */
export function useVoicemailPlayer(onFirstPlay: (voicemail: Voicemail) => void) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const objectUrls = useRef(new Map<number, string>());
  // The voicemail asked for last: a slow fetch of an earlier one must not start over it.
  const wanted = useRef<number | null>(null);
  const [state, setState] = useState<PlayerState>(IDLE);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const firstPlay = useRef(onFirstPlay);
  firstPlay.current = onFirstPlay;

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume;
  }, [volume]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.muted = muted;
  }, [muted]);

  // Leaving (or the tab hiding the list) stops playback and releases the audio; coming back starts afresh.
  useEffect(() => {
    const urls = objectUrls.current;
    const audio = audioRef.current;
    return () => {
      wanted.current = null;
      if (audio && !audio.paused) audio.pause();
      audio?.removeAttribute('src');
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
      setState(IDLE);
    };
  }, []);

  const sourceOf = useCallback(async (voicemail: Voicemail): Promise<string> => {
    const cached = objectUrls.current.get(voicemail.id);
    if (cached) return cached;
    if (!voicemail.recording_url) throw new Error('The recording is not available yet.');
    const blob = await fetchRecordingBlob(voicemail.recording_url);
    const url = URL.createObjectURL(blob);
    objectUrls.current.set(voicemail.id, url);
    return url;
  }, []);

  /** Plays `voicemail` (from `startAt` seconds), pausing whichever was playing. */
  const start = useCallback(
    async (voicemail: Voicemail, startAt = 0) => {
      const audio = audioRef.current;
      if (!audio) return;
      wanted.current = voicemail.id;
      if (!audio.paused) audio.pause();
      setState((s) => ({
        ...s,
        currentId: voicemail.id,
        playing: false,
        loadingId: voicemail.id,
        position: startAt,
        duration: voicemail.duration_seconds ?? 0,
        error: null,
      }));
      try {
        const url = await sourceOf(voicemail);
        if (wanted.current !== voicemail.id) return;
        audio.src = url;
        audio.currentTime = startAt;
        await audio.play();
        if (wanted.current !== voicemail.id) return;
        setState((s) => ({ ...s, playing: true, loadingId: null }));
        if (!voicemail.is_read) firstPlay.current(voicemail);
      } catch (error) {
        if (wanted.current !== voicemail.id) return;
        setState((s) => ({
          ...s,
          playing: false,
          loadingId: null,
          error: {
            id: voicemail.id,
            text: errorText(error, error instanceof Error ? error.message : 'Playback failed'),
          },
        }));
      }
    },
    [sourceOf],
  );

  /** The play/pause button of one voicemail. */
  const toggle = useCallback(
    async (voicemail: Voicemail) => {
      const audio = audioRef.current;
      if (!audio) return;
      if (state.currentId !== voicemail.id || state.loadingId === voicemail.id) {
        if (state.loadingId !== voicemail.id) await start(voicemail);
        return;
      }
      if (state.playing) {
        audio.pause();
        setState((s) => ({ ...s, playing: false }));
        return;
      }
      try {
        await audio.play();
        setState((s) => ({ ...s, playing: true, error: null }));
      } catch (error) {
        setState((s) => ({
          ...s,
          error: { id: voicemail.id, text: error instanceof Error ? error.message : 'Playback failed' },
        }));
      }
    },
    [start, state.currentId, state.loadingId, state.playing],
  );

  /** The progress bar: jump to `fraction` (0..1) of the voicemail; another voicemail starts from there. */
  const seek = useCallback(
    (voicemail: Voicemail, fraction: number) => {
      const audio = audioRef.current;
      if (!audio) return;
      const f = Math.min(1, Math.max(0, fraction));
      if (state.currentId !== voicemail.id) {
        void start(voicemail, f * (voicemail.duration_seconds ?? 0));
        return;
      }
      const length = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : state.duration;
      audio.currentTime = f * length;
      setState((s) => ({ ...s, position: f * length }));
    },
    [start, state.currentId, state.duration],
  );

  /** Handlers of the shared <audio> element. */
  const audioProps = {
    ref: audioRef,
    onTimeUpdate: () => setState((s) => ({ ...s, position: audioRef.current?.currentTime ?? s.position })),
    onLoadedMetadata: () => {
      const d = audioRef.current?.duration;
      if (d !== undefined && Number.isFinite(d) && d > 0) setState((s) => ({ ...s, duration: d }));
    },
    onPause: () => setState((s) => ({ ...s, playing: false })),
    onEnded: () => setState((s) => ({ ...s, playing: false, position: 0 })),
  };

  return { state, toggle, seek, volume, setVolume, muted, setMuted, audioProps };
}

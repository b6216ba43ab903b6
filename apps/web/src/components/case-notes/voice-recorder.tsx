import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconMicrophone,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
} from '@tabler/icons-react';
import { CASE_NOTE_MESSAGES } from '@trust/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

// 001 §4 voice recorder: idle → recording ⇄ paused → stopped (issue #19). The browser records with MediaRecorder
// (WebM/Opus where it can, 001 §9 "Audio recorded as webm"; else its own default type); on Stop the recording is
// handed to `onRecorded`, which sends it to the server to be transcribed, and the recorder shows 'Transcribing…'
// until that answers. The microphone is released when recording ends and when the recorder goes away.

export type RecorderStatus = 'idle' | 'recording' | 'paused' | 'stopped';
export type Recording = { blob: Blob; seconds: number };

/** What MediaRecorder is asked for first (001 §9). */
export const PREFERRED_AUDIO_TYPE = 'audio/webm;codecs=opus';

/** 'm:ss'. */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function recorderOptions(): MediaRecorderOptions | undefined {
  const supported =
    typeof MediaRecorder.isTypeSupported === 'function' &&
    MediaRecorder.isTypeSupported(PREFERRED_AUDIO_TYPE);
  return supported ? { mimeType: PREFERRED_AUDIO_TYPE } : undefined;
}

type Clock = { before: number; since: number | null };

/** Milliseconds recorded: before the current stretch, plus the current stretch (none while paused). */
function recordedMsOf(clock: Clock): number {
  return clock.before + (clock.since === null ? 0 : Date.now() - clock.since);
}

/** A live input level (0..100) from the microphone, where the browser has Web Audio; null otherwise. */
function useInputLevel(stream: MediaStream | null, active: boolean): number | null {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    const Context =
      typeof window === 'undefined'
        ? undefined
        : (window.AudioContext ??
          (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
    if (!stream || !active || !Context) {
      setLevel(null);
      return;
    }
    let context: AudioContext;
    try {
      context = new Context();
    } catch {
      return;
    }
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const s of samples) peak = Math.max(peak, Math.abs(s - 128));
      setLevel(Math.min(100, Math.round((peak / 128) * 100)));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      void context.close().catch(() => {});
    };
  }, [stream, active]);
  return level;
}

/**
 * The recorder. `onRecorded` answers true when the recording was saved (the recorder goes back to idle), false
 * when it was not (it stays stopped, the recording kept by the caller, until "Record again"). `onStatusChange`
 * lets the form lock what must not change mid-recording (the language).
 */
export function VoiceRecorder({
  onRecorded,
  onStatusChange,
  onDiscard,
  disabled = false,
}: {
  onRecorded: (recording: Recording) => Promise<boolean>;
  onStatusChange?: (status: RecorderStatus) => void;
  onDiscard?: () => void;
  disabled?: boolean;
}) {
  const [status, setStatusState] = useState<RecorderStatus>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [sending, setSending] = useState(false);
  /** Asking for the microphone (the browser may be showing its permission prompt). */
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  /** Milliseconds recorded before the current stretch, and when the current stretch began (null when paused). */
  const clockRef = useRef<Clock>({ before: 0, since: null });
  const mountedRef = useRef(true);
  const onRecordedRef = useRef(onRecorded);
  onRecordedRef.current = onRecorded;
  const onStatusRef = useRef(onStatusChange);
  onStatusRef.current = onStatusChange;

  const setStatus = useCallback((next: RecorderStatus) => {
    setStatusState(next);
    onStatusRef.current?.(next);
  }, []);

  const recordedMs = () => recordedMsOf(clockRef.current);

  const releaseMicrophone = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setStream(null);
  }, []);

  // The elapsed time, while recording.
  useEffect(() => {
    if (status !== 'recording') return;
    const timer = setInterval(() => setElapsed(recordedMsOf(clockRef.current) / 1000), 250);
    return () => clearInterval(timer);
  }, [status]);

  // Going away mid-recording: the recording is dropped (not sent) and the microphone released.
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      const recorder = recorderRef.current;
      recorderRef.current = null;
      if (recorder && recorder.state !== 'inactive') {
        recorder.ondataavailable = null;
        recorder.onstop = null;
        try {
          recorder.stop();
        } catch {
          // Already stopped.
        }
      }
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
      streamRef.current = null;
    };
  }, []);

  const start = async () => {
    setError(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setError(CASE_NOTE_MESSAGES.recorderUnsupported);
      return;
    }
    let media: MediaStream;
    setStarting(true);
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      if (mountedRef.current) setError(CASE_NOTE_MESSAGES.microphoneDenied);
      return;
    } finally {
      if (mountedRef.current) setStarting(false);
    }
    if (!mountedRef.current) {
      for (const track of media.getTracks()) track.stop();
      return;
    }
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(media, recorderOptions());
    } catch {
      // The preferred type was refused after all: the browser's default.
      recorder = new MediaRecorder(media);
    }
    chunksRef.current = [];
    recorder.ondataavailable = (event) => {
      if (event.data && event.data.size > 0) chunksRef.current.push(event.data);
    };
    recorder.onstop = () => {
      const type = recorder.mimeType || chunksRef.current[0]?.type || 'audio/webm';
      const blob = new Blob(chunksRef.current, { type });
      chunksRef.current = [];
      recorderRef.current = null;
      releaseMicrophone();
      void send({ blob, seconds: Math.round(recordedMs() / 1000) });
    };
    streamRef.current = media;
    setStream(media);
    recorderRef.current = recorder;
    clockRef.current = { before: 0, since: Date.now() };
    setElapsed(0);
    recorder.start();
    setStatus('recording');
  };

  const send = async (recording: Recording) => {
    if (!mountedRef.current) return;
    setSending(true);
    let saved = false;
    try {
      saved = await onRecordedRef.current(recording);
    } finally {
      if (mountedRef.current) {
        setSending(false);
        if (saved) {
          setElapsed(0);
          setStatus('idle');
        }
      }
    }
  };

  const pause = () => {
    const recorder = recorderRef.current;
    if (recorder?.state !== 'recording') return;
    recorder.pause();
    clockRef.current = { before: recordedMs(), since: null };
    setElapsed(clockRef.current.before / 1000);
    setStatus('paused');
  };

  const resume = () => {
    const recorder = recorderRef.current;
    if (recorder?.state !== 'paused') return;
    recorder.resume();
    clockRef.current = { ...clockRef.current, since: Date.now() };
    setStatus('recording');
  };

  const stop = () => {
    const recorder = recorderRef.current;
    if (!recorder || recorder.state === 'inactive') return;
    clockRef.current = { before: recordedMs(), since: null };
    setElapsed(clockRef.current.before / 1000);
    setStatus('stopped');
    recorder.stop();
  };

  const again = () => {
    setElapsed(0);
    setError(null);
    setStatus('idle');
    onDiscard?.();
  };

  const level = useInputLevel(stream, status === 'recording');
  const live =
    status === 'recording'
      ? 'Recording…'
      : status === 'paused'
        ? 'Paused'
        : status === 'stopped' && sending
          ? CASE_NOTE_MESSAGES.transcribing
          : status === 'stopped'
            ? 'Recording stopped'
            : '';

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        {status === 'idle' && (
          <Button
            leftSection={<IconMicrophone size={16} />}
            onClick={() => void start()}
            disabled={disabled || starting}
            loading={starting}
            color="red"
            variant="light"
          >
            Start Recording
          </Button>
        )}
        {status === 'recording' && (
          <Button leftSection={<IconPlayerPause size={16} />} variant="default" onClick={pause}>
            Pause
          </Button>
        )}
        {status === 'paused' && (
          <Button leftSection={<IconPlayerPlay size={16} />} variant="default" onClick={resume}>
            Resume
          </Button>
        )}
        {(status === 'recording' || status === 'paused') && (
          <Button leftSection={<IconPlayerStop size={16} />} color="red" onClick={stop}>
            Stop
          </Button>
        )}
        {status === 'stopped' && !sending && (
          <Button leftSection={<IconRefresh size={16} />} variant="default" onClick={again}>
            Record again
          </Button>
        )}
        {status !== 'idle' && (
          <Text size="sm" ff="monospace" role="timer" aria-label={`Elapsed ${formatElapsed(elapsed)}`}>
            {formatElapsed(elapsed)}
          </Text>
        )}
        <Group gap={6} role="status" aria-live="polite">
          {status === 'stopped' && sending && <Loader size="xs" aria-hidden />}
          {live && (
            <Text size="sm" c={status === 'recording' ? 'red' : 'dimmed'}>
              {live}
            </Text>
          )}
        </Group>
      </Group>
      {status === 'recording' && level !== null && (
        <Progress value={level} size="sm" aria-label="Microphone level" transitionDuration={0} />
      )}
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

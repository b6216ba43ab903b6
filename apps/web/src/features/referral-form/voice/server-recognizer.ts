import { SPEECH_MESSAGES, type TranscriptionResult, VOICE_INTAKE_MESSAGES } from '@trust/domain';
import { errorText } from '../../../api/errors.ts';
import { transcribeAudio } from '../../../api/voice/transcribe-audio.ts';
import { type Recognizer, type RecognizerEvents, TRANSCRIBING } from './recognizer.ts';

// Speech to text on our server (issue #19), used when the organization turned the browser's recognition off or
// the browser has none: the microphone is recorded in segments, each sent to POST /api/speech/transcriptions.
// A segment ends after a pause in speech, at a length limit, or on Stop / Pause / a stage change; unless
// stopped or paused the next one starts at once (000 §4.4: recognition restarts unless stopped or paused).

export const SEGMENT_RULES = {
  /** RMS of the samples (−1…1) that counts as speech: about −34 dBFS, above room noise, below a voice. */
  speechLevel: 0.02,
  /** Below the level this long after speech ends the segment. */
  silenceMs: 1_200,
  /** No segment is longer (the server's limit is larger). */
  maxSegmentMs: 15_000,
  /** A segment with no speech this long is one no-speech result, and is not sent. */
  noSpeechMs: 8_000,
  /** How often the level is measured. */
  tickMs: 100,
} as const;
export type SegmentRules = { -readonly [K in keyof typeof SEGMENT_RULES]: number };

export const PREFERRED_AUDIO_TYPE = 'audio/webm;codecs=opus';

type Transcribe = (audio: Blob, language: string) => Promise<TranscriptionResult>;

function errorName(error: unknown): string {
  return error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
}
function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The RMS level of what the analyser hears now. */
function measure(analyser: AnalyserNode, buffer: Float32Array<ArrayBuffer>): number {
  analyser.getFloatTimeDomainData(buffer);
  let sum = 0;
  for (const sample of buffer) sum += sample * sample;
  return Math.sqrt(sum / buffer.length);
}

export function createServerRecognizer(
  events: RecognizerEvents,
  options: { transcribe?: Transcribe; rules?: Partial<SegmentRules>; maxSeconds?: number } = {},
): Recognizer {
  const transcribe = options.transcribe ?? transcribeAudio;
  const rules: SegmentRules = { ...SEGMENT_RULES, ...options.rules };
  if (options.maxSeconds && options.maxSeconds > 0) {
    rules.maxSegmentMs = Math.min(rules.maxSegmentMs, options.maxSeconds * 1000);
  }

  let language = '';
  let stream: MediaStream | null = null;
  let context: AudioContext | null = null;
  let analyser: AnalyserNode | null = null;
  let buffer: Float32Array<ArrayBuffer> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let recorder: MediaRecorder | null = null;
  let segment = { chunks: [] as Blob[], startedAt: 0, heard: false, lastLoudAt: 0, tag: 0 };
  let listening = false;
  /** Bumped by stop(): a start still waiting for the microphone then gives it back. */
  let session = 0;
  let uploads: Promise<void> = Promise.resolve();
  let pending = 0;

  const release = () => {
    if (timer) clearInterval(timer);
    timer = null;
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    void context?.close().catch(() => {});
    context = null;
    analyser = null;
  };

  const send = (audio: Blob, tag: number) => {
    pending += 1;
    events.onInterim(TRANSCRIBING);
    // One at a time, so the texts arrive in the order they were said.
    uploads = uploads.then(async () => {
      try {
        const result = await transcribe(audio, language);
        const text = result.text.trim();
        if (text) events.onText(text, tag);
        else events.onNoSpeech();
      } catch (error) {
        // 422 no engine for the language, 503 engine down or slow: say so and stop; what was heard stays.
        listening = false;
        void endSegment(false);
        release();
        events.onError(errorText(error, SPEECH_MESSAGES.engineUnavailable), true);
      } finally {
        pending -= 1;
        if (pending === 0) events.onInterim('');
      }
    });
  };

  const beginSegment = () => {
    if (!stream) return;
    const mimeType = MediaRecorder.isTypeSupported?.(PREFERRED_AUDIO_TYPE) ? PREFERRED_AUDIO_TYPE : undefined;
    const next = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const now = Date.now();
    // Without a level meter every segment is taken as speech, cut at the length limit.
    segment = { chunks: [], startedAt: now, heard: !analyser, lastLoudAt: now, tag: events.tag() };
    const chunks = segment.chunks;
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder = next;
    next.start();
  };

  /**
   * Ends the segment being recorded; its audio is sent when `upload` and speech was heard in it. Resolves once
   * the recorder has handed over its audio (or after a second, should it never).
   */
  const endSegment = (upload: boolean): Promise<void> => {
    const current = recorder;
    if (!current) return Promise.resolve();
    recorder = null;
    const { chunks, heard, tag } = segment;
    return new Promise<void>((resolve) => {
      const fallback = setTimeout(resolve, 1_000);
      const handOver = () => {
        clearTimeout(fallback);
        if (upload && heard && chunks.length > 0) {
          send(new Blob(chunks, { type: current.mimeType || 'audio/webm' }), tag);
        }
        resolve();
      };
      current.onstop = handOver;
      if (current.state !== 'inactive') current.stop();
      else handOver();
    });
  };

  const tick = () => {
    if (!recorder) return;
    const now = Date.now();
    if (analyser && buffer && measure(analyser, buffer) >= rules.speechLevel) {
      segment.heard = true;
      segment.lastLoudAt = now;
    }
    const elapsed = now - segment.startedAt;
    if ((segment.heard && now - segment.lastLoudAt >= rules.silenceMs) || elapsed >= rules.maxSegmentMs) {
      void endSegment(true);
      if (listening) beginSegment();
    } else if (!segment.heard && elapsed >= rules.noSpeechMs) {
      void endSegment(false);
      events.onNoSpeech();
      if (listening) beginSegment();
    }
  };

  const listen = () => {
    listening = true;
    beginSegment();
    timer ??= setInterval(tick, rules.tickMs);
  };

  return {
    async start(lang) {
      language = lang;
      const mine = ++session;
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
        events.onError(VOICE_INTAKE_MESSAGES.unsupported, true);
        return;
      }
      let media: MediaStream;
      try {
        media = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch (error) {
        const name = errorName(error);
        events.onError(
          name === 'NotAllowedError' || name === 'SecurityError'
            ? VOICE_INTAKE_MESSAGES.permission
            : VOICE_INTAKE_MESSAGES.startFailure(errorMessage(error)),
          true,
        );
        return;
      }
      if (mine !== session) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      stream = media;
      try {
        context = new AudioContext();
        const node = context.createAnalyser();
        node.fftSize = 2048;
        context.createMediaStreamSource(media).connect(node);
        analyser = node;
        buffer = new Float32Array(node.fftSize);
      } catch {
        analyser = null;
      }
      try {
        listen();
      } catch (error) {
        release();
        events.onError(VOICE_INTAKE_MESSAGES.startFailure(errorMessage(error)), true);
      }
    },
    flush() {
      if (!recorder) return;
      void endSegment(true);
      if (listening) beginSegment();
    },
    pause() {
      listening = false;
      void endSegment(true);
    },
    async resume() {
      if (!stream) return;
      listen();
    },
    async stop(options) {
      session += 1;
      listening = false;
      const ended = endSegment(!options?.discard);
      release();
      await ended;
      await uploads;
    },
  };
}

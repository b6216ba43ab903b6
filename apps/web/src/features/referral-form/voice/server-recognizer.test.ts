import { SPEECH_MESSAGES, type TranscriptionResult, VOICE_INTAKE_MESSAGES } from '@trust/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import { type FakeMedia, installFakeMedia, removeFakeMedia } from './fake-media.ts';
import type { RecognizerEvents } from './recognizer.ts';
import { createServerRecognizer, SEGMENT_RULES } from './server-recognizer.ts';

function setup(transcribe = vi.fn(async (): Promise<TranscriptionResult> => result('hello there'))) {
  const events = {
    onText: vi.fn(),
    onInterim: vi.fn(),
    onNoSpeech: vi.fn(),
    onError: vi.fn(),
    tag: vi.fn(() => 2),
  } satisfies RecognizerEvents;
  const recognizer = createServerRecognizer(events, { transcribe });
  return { events, recognizer, transcribe };
}
const result = (text: string): TranscriptionResult => ({
  text,
  language: 'es-ES',
  engine: 'whisper',
  duration_seconds: 2,
});

describe('server recognizer segments (issue #19)', () => {
  let media: FakeMedia;
  beforeEach(() => {
    vi.useFakeTimers();
    media = installFakeMedia();
  });
  afterEach(() => removeFakeMedia());

  it('records webm/opus and counts a segment without speech as one no-speech result, not sent', async () => {
    const { events, recognizer, transcribe } = setup();
    await recognizer.start('es-ES');
    expect(media.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(media.recorders[0]?.mimeType).toBe('audio/webm;codecs=opus');
    await vi.advanceTimersByTimeAsync(SEGMENT_RULES.noSpeechMs - 200);
    expect(events.onNoSpeech).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(events.onNoSpeech).toHaveBeenCalledTimes(1);
    expect(transcribe).not.toHaveBeenCalled();
    // The next segment started at once.
    expect(media.recorders).toHaveLength(2);
    expect(media.recorders[1]?.state).toBe('recording');
    await recognizer.stop();
  });

  it('ends a segment 1.2 s after speech and sends it with the language; the next starts at once', async () => {
    const { events, recognizer, transcribe } = setup();
    await recognizer.start('es-ES');
    media.level = 0.1;
    await vi.advanceTimersByTimeAsync(1_000);
    media.level = 0.001;
    await vi.advanceTimersByTimeAsync(SEGMENT_RULES.silenceMs - 200);
    expect(transcribe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(transcribe).toHaveBeenCalledTimes(1);
    const [audio, language] = transcribe.mock.calls[0] as unknown as [Blob, string];
    expect(audio.type).toBe('audio/webm;codecs=opus');
    expect(language).toBe('es-ES');
    expect(events.onText).toHaveBeenCalledWith('hello there', 2);
    expect(media.recorders).toHaveLength(2);
    await recognizer.stop();
  });

  it('cuts continuous speech at 15 s', async () => {
    const { recognizer, transcribe } = setup();
    await recognizer.start('en-US');
    media.level = 0.2;
    await vi.advanceTimersByTimeAsync(SEGMENT_RULES.maxSegmentMs - 200);
    expect(transcribe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(transcribe).toHaveBeenCalledTimes(1);
    await recognizer.stop();
  });

  it('Stop sends what was said, waits for its text, and releases the microphone', async () => {
    const { events, recognizer, transcribe } = setup();
    await recognizer.start('en-US');
    media.level = 0.1;
    await vi.advanceTimersByTimeAsync(300);
    await recognizer.stop();
    expect(transcribe).toHaveBeenCalledTimes(1);
    expect(events.onText).toHaveBeenCalledWith('hello there', 2);
    expect(media.tracksStopped).toBe(1);
    expect(media.contextsClosed).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(media.recorders).toHaveLength(1);
  });

  it('Pause sends the segment and records nothing until Resume', async () => {
    const { recognizer, transcribe } = setup();
    await recognizer.start('en-US');
    media.level = 0.1;
    await vi.advanceTimersByTimeAsync(300);
    recognizer.pause();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(transcribe).toHaveBeenCalledTimes(1);
    expect(media.recorders).toHaveLength(1);
    await recognizer.resume();
    expect(media.recorders).toHaveLength(2);
    await recognizer.stop({ discard: true });
    expect(transcribe).toHaveBeenCalledTimes(1);
  });

  it('a denied microphone says so', async () => {
    removeFakeMedia();
    installFakeMedia({ deny: true });
    const { events, recognizer } = setup();
    await recognizer.start('en-US');
    expect(events.onError).toHaveBeenCalledWith(VOICE_INTAKE_MESSAGES.permission, true);
  });

  it("an engine that is down stops recording with the server's message", async () => {
    const transcribe = vi.fn(async (): Promise<TranscriptionResult> => {
      throw new ApiError({
        status: 503,
        message: SPEECH_MESSAGES.engineUnavailable,
        detail: SPEECH_MESSAGES.engineUnavailable,
      });
    });
    const { events, recognizer } = setup(transcribe);
    await recognizer.start('en-US');
    media.level = 0.1;
    await vi.advanceTimersByTimeAsync(300);
    recognizer.flush();
    await vi.advanceTimersByTimeAsync(10);
    expect(events.onError).toHaveBeenCalledWith(SPEECH_MESSAGES.engineUnavailable, true);
    expect(media.tracksStopped).toBe(1);
  });
});

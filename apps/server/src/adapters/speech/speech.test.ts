import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { speak, startFakeWhisper, toWebmOpus, wordErrorRate } from '../../../test/speech-support.ts';
import { loadConfig } from '../../config.ts';
import { decodeToPcmWav } from './decode.ts';
import {
  AudioDecodeError,
  AudioTooLongError,
  createSpeechToText,
  SpeechEngineError,
  SpeechLanguageUnavailableError,
} from './index.ts';

// The speech adapter against real peers: ffmpeg, Debian's pocketsphinx with its US English model, and a
// Whisper-compatible endpoint on loopback.

const configWith = (env: Record<string, string> = {}) => loadConfig({ ...env });
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('decodeToPcmWav', () => {
  const options = { ffmpegPath: 'ffmpeg', maxSeconds: 30, signal: AbortSignal.timeout(30_000) };

  it('turns the browser’s WebM/Opus into 16 kHz mono 16-bit PCM WAV with its duration', async () => {
    const { wav, durationSeconds } = await decodeToPcmWav(toWebmOpus(speak('one two three four')), options);
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
    expect(durationSeconds).toBeGreaterThan(1);
    expect(durationSeconds).toBeLessThan(5);
  });

  it('refuses bytes that are not audio', async () => {
    await expect(decodeToPcmWav(Buffer.from('%PDF-1.7 not a recording'), options)).rejects.toBeInstanceOf(
      AudioDecodeError,
    );
  });

  it('refuses a recording longer than the limit, after decoding at most a second past it', async () => {
    const long = speak(
      'this sentence is spoken slowly enough to take longer than two seconds',
      undefined,
      90,
    );
    await expect(decodeToPcmWav(long, { ...options, maxSeconds: 2 })).rejects.toBeInstanceOf(
      AudioTooLongError,
    );
  });

  it('says the decoder is missing when it is', async () => {
    await expect(
      decodeToPcmWav(speak('hello'), { ...options, ffmpegPath: '/nonexistent/ffmpeg' }),
    ).rejects.toBeInstanceOf(SpeechEngineError);
  });
});

describe('the built-in English engine (Debian pocketsphinx)', () => {
  it('transcribes espeak-ng English with a word error rate it reports', async () => {
    const stt = createSpeechToText(configWith());
    expect(stt.engineFor('en-US')?.name).toBe('pocketsphinx');
    const sentences = [
      'my name is maria garcia and i need help with food and housing',
      'the member needs a ride to the doctor next week',
      'please call me back at the office tomorrow morning',
    ];
    let errors = 0;
    let words = 0;
    for (const sentence of sentences) {
      const { text, engine, durationSeconds } = await stt.transcribe({
        audio: toWebmOpus(speak(sentence)),
        language: 'en-US',
      });
      expect(engine).toBe('pocketsphinx');
      expect(durationSeconds).toBeGreaterThan(1);
      const n = sentence.split(' ').length;
      errors += wordErrorRate(sentence, text) * n;
      words += n;
    }
    const wer = errors / words;
    console.info(
      `pocketsphinx en-US word error rate on espeak-ng speech: ${(wer * 100).toFixed(1)} % of ${words} words`,
    );
    // A broken pipeline (wrong sample rate, no model, empty output) scores 100 %.
    expect(wer).toBeLessThan(0.5);
  }, 120_000);

  it('has no engine for the other languages unless one is configured', () => {
    const stt = createSpeechToText(configWith());
    expect(stt.engineFor('es-ES')).toBeNull();
    return expect(stt.transcribe({ audio: speak('hola'), language: 'es-ES' })).rejects.toBeInstanceOf(
      SpeechLanguageUnavailableError,
    );
  });

  it('says no English either when the model is not installed', () => {
    const stt = createSpeechToText(configWith({ STT_BUILTIN_MODEL_DIR: '/nonexistent/model/en-us' }));
    expect(stt.engineFor('en-US')).toBeNull();
  });
});

describe('pocketsphinx model folders (STT_MODEL_DIR)', () => {
  it('serves each language that has a usable folder, by full tag or base language, and skips the others', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-stt-models-'));
    // Debian's US English model stands in for a downloaded one: the folder layout is what is under test.
    fs.symlinkSync('/usr/share/pocketsphinx/model/en-us', path.join(root, 'es-MX'));
    fs.symlinkSync('/usr/share/pocketsphinx/model/en-us', path.join(root, 'fr'));
    fs.mkdirSync(path.join(root, 'de-DE'));
    fs.writeFileSync(path.join(root, 'de-DE', 'notes.txt'), 'not a model');
    const stt = createSpeechToText(configWith({ STT_MODEL_DIR: root }));
    expect(stt.engineFor('es-MX')?.name).toBe('pocketsphinx');
    expect(stt.engineFor('fr-FR')?.name).toBe('pocketsphinx');
    expect(stt.engineFor('de-DE')).toBeNull();
    expect(stt.engineFor('es-ES')).toBeNull();
    const { text } = await stt.transcribe({ audio: speak('one two three four five'), language: 'es-MX' });
    expect(text.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('a Whisper-compatible endpoint (STT_URL)', () => {
  it('gets the request the real endpoint expects, in Spanish, and its text is the transcription', async () => {
    const whisper = await startFakeWhisper(() => ({ text: ' Hola, me llamo María García. ' }));
    closers.push(whisper.close);
    const stt = createSpeechToText(
      configWith({ STT_URL: whisper.url, STT_API_KEY: 'sk-test-123', STT_MODEL: 'large-v3' }),
    );
    const result = await stt.transcribe({
      audio: toWebmOpus(speak('Hola, me llamo María García', 'es+klatt')),
      language: 'es-ES',
    });
    expect(result).toMatchObject({ text: 'Hola, me llamo María García.', engine: 'whisper-http' });
    const [request] = whisper.requests;
    expect(request?.path).toBe('/v1/audio/transcriptions');
    expect(request?.headers.authorization).toBe('Bearer sk-test-123');
    expect(request?.fields).toEqual({
      model: 'large-v3',
      language: 'es',
      response_format: 'json',
      temperature: '0',
    });
    expect(request?.file?.name).toBe('audio.wav');
    expect(request?.file?.type).toBe('audio/wav');
    expect(request?.file?.bytes.readUInt32LE(24)).toBe(16_000);
  });

  it('comes before the built-in engine, English included', async () => {
    const whisper = await startFakeWhisper(() => ({ text: 'hello' }));
    closers.push(whisper.close);
    const stt = createSpeechToText(configWith({ STT_URL: whisper.url }));
    expect(stt.engineFor('en-US')?.name).toBe('whisper-http');
    expect(stt.engineFor('vi-VN')?.name).toBe('whisper-http');
  });

  it('an endpoint that fails or is too slow is a SpeechEngineError', async () => {
    const failing = await startFakeWhisper(() => ({ status: 503 }));
    closers.push(failing.close);
    const down = createSpeechToText(configWith({ STT_URL: failing.url }));
    await expect(down.transcribe({ audio: speak('hello'), language: 'en-US' })).rejects.toBeInstanceOf(
      SpeechEngineError,
    );
    const slow = await startFakeWhisper(() => ({ delayMs: 3000, text: 'late' }));
    closers.push(slow.close);
    const impatient = createSpeechToText(configWith({ STT_URL: slow.url, STT_TIMEOUT_MS: '1000' }));
    await expect(impatient.transcribe({ audio: speak('hello'), language: 'en-US' })).rejects.toBeInstanceOf(
      SpeechEngineError,
    );
  });
});

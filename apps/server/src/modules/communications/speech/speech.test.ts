import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPEECH_MESSAGES, type SpeechSettings, type TranscriptionResult } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, one, type TestApp } from '../../../../test/helpers.ts';
import { multipart } from '../../../../test/multipart.ts';
import {
  SPANISH_VOICE,
  speak,
  startFakeWhisper,
  toWebmOpus,
  wordErrorRate,
} from '../../../../test/speech-support.ts';

// GET /api/speech/settings and POST /api/speech/transcriptions (issue #19) on the real app: English through the
// built-in engine (Debian pocketsphinx), English and Spanish through a Whisper-compatible peer on loopback, and
// every refusal.

let t: TestApp;
let withWhisper: TestApp;
let whisper: Awaited<ReturnType<typeof startFakeWhisper>>;
let whisperAnswer: { text: string } | { status: number } | { delayMs: number; text: string } = { text: '' };
let coordinator: string;
let viewer: string;
let orgadmin: string;

const ENGLISH = 'my name is maria garcia and i need help with food and housing';

function upload(parts: { audio?: Buffer; language?: string; type?: string }) {
  return multipart([
    ...(parts.language === undefined ? [] : [{ name: 'language', data: parts.language }]),
    ...(parts.audio
      ? [{ name: 'audio', filename: 'recording.webm', type: parts.type ?? 'audio/webm', data: parts.audio }]
      : []),
  ]);
}

async function transcribe(app: TestApp, token: string, parts: Parameters<typeof upload>[0]) {
  const body = upload(parts);
  return app.app.inject({
    method: 'POST',
    url: '/api/speech/transcriptions',
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

beforeAll(async () => {
  whisper = await startFakeWhisper(() => whisperAnswer);
  t = await buildTestApp({ env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tm-speech-')) } });
  withWhisper = await buildTestApp({
    env: {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tm-speech-w-')),
      STT_URL: whisper.url,
      STT_TIMEOUT_MS: '3000',
      STT_MAX_SECONDS: '6',
      STT_MAX_BYTES: '400000',
    },
  });
  coordinator = await login(t.app, 'coordinator@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  orgadmin = await login(t.app, 'orgadmin@trust.demo');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await withWhisper?.close();
  await whisper?.close();
});

describe('GET /api/speech/settings', () => {
  it("says the browser's recognition is off until the organization's admin turns it on", async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/speech/settings',
      headers: bearer(coordinator),
    });
    expect(before.statusCode).toBe(200);
    const settings = before.json() as SpeechSettings;
    expect(settings.browser_recognition).toBe(false);
    expect(settings.languages.find((l) => l.code === 'en-US')?.server_engine).toBe('pocketsphinx');
    expect(settings.languages.find((l) => l.code === 'es-ES')?.server_engine).toBeNull();
    expect(settings.languages).toHaveLength(14);
    expect(settings).toMatchObject({ max_seconds: 300, max_bytes: 10 * 1024 * 1024 });

    const orgId = (
      await one<{ id: number }>(
        t,
        `SELECT organization_id AS id FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE u.email = 'orgadmin@trust.demo' AND m.is_primary`,
      )
    ).id;
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/cbos/${orgId}`,
      headers: bearer(orgadmin),
      payload: { settings: { browser_speech_recognition: 'yes' } },
    });
    expectEnvelope(bad, 400);
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/cbos/${orgId}`,
      headers: bearer(orgadmin),
      payload: { settings: { browser_speech_recognition: true } },
    });
    expect(on.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/speech/settings',
      headers: bearer(orgadmin),
    });
    expect((after.json() as SpeechSettings).browser_recognition).toBe(true);
  });

  it('needs a session', async () => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/speech/settings' }), 401);
  });

  it('names the Whisper endpoint as the engine of every language when STT_URL is set', async () => {
    const token = await login(withWhisper.app, 'coordinator@trust.demo');
    const res = await withWhisper.app.inject({
      method: 'GET',
      url: '/api/speech/settings',
      headers: bearer(token),
    });
    const settings = res.json() as SpeechSettings;
    expect(settings.languages.every((l) => l.server_engine === 'whisper-http')).toBe(true);
  });
});

describe('POST /api/speech/transcriptions', () => {
  it('transcribes English from the browser (WebM/Opus) with the built-in engine, audited without the words', async () => {
    const res = await transcribe(t, coordinator, { audio: toWebmOpus(speak(ENGLISH)), language: 'en-US' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as TranscriptionResult;
    expect(body).toMatchObject({ language: 'en-US', engine: 'pocketsphinx' });
    expect(body.duration_seconds).toBeGreaterThan(2);
    const wer = wordErrorRate(ENGLISH, body.text);
    console.info(
      `POST /api/speech/transcriptions, built-in engine: word error rate ${(wer * 100).toFixed(1)} %`,
    );
    expect(wer).toBeLessThan(0.5);
    const row = await one<{ action: string; details: Record<string, unknown> }>(
      t,
      `SELECT action, details FROM audit_log WHERE action = 'speech.transcribed' ORDER BY id DESC LIMIT 1`,
    );
    expect(row.details).toMatchObject({
      purpose: 'voice_referral',
      language: 'en-US',
      engine: 'pocketsphinx',
    });
    expect(JSON.stringify(row.details)).not.toMatch(/maria|garcia|housing/i);
  }, 60_000);

  it('sends Spanish to the Whisper-compatible endpoint as 16 kHz WAV with language es', async () => {
    whisperAnswer = { text: 'Hola, me llamo María García y necesito ayuda con comida.' };
    const token = await login(withWhisper.app, 'coordinator@trust.demo');
    const audio = toWebmOpus(speak('Hola, me llamo María García y necesito ayuda con comida', SPANISH_VOICE));
    const res = await transcribe(withWhisper, token, { audio, language: 'es-ES' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      text: 'Hola, me llamo María García y necesito ayuda con comida.',
      language: 'es-ES',
      engine: 'whisper-http',
    });
    const request = whisper.requests.at(-1)!;
    expect(request.fields).toMatchObject({ language: 'es', response_format: 'json' });
    expect(request.file?.bytes.toString('latin1', 8, 12)).toBe('WAVE');
    expect(request.file?.bytes.readUInt32LE(24)).toBe(16_000);
    // 16-bit mono at 16 kHz: the duration the app reports is the WAV the peer got.
    const seconds = (request.file!.bytes.length - 44) / 32_000;
    expect(Math.abs(seconds - (res.json() as TranscriptionResult).duration_seconds)).toBeLessThan(0.2);
  });

  it('tells the person when the engine is down or too slow (503), and they may type instead', async () => {
    const token = await login(withWhisper.app, 'coordinator@trust.demo');
    whisperAnswer = { status: 500 };
    const down = await transcribe(withWhisper, token, { audio: speak('hello there'), language: 'en-US' });
    expect(expectEnvelope(down, 503).detail).toBe(SPEECH_MESSAGES.engineUnavailable);
    whisperAnswer = { delayMs: 6000, text: 'too late' };
    const slow = await transcribe(withWhisper, token, { audio: speak('hello there'), language: 'en-US' });
    expect(expectEnvelope(slow, 503).detail).toBe(SPEECH_MESSAGES.engineUnavailable);
  });

  it('says which languages need an engine configured (422)', async () => {
    const res = await transcribe(t, coordinator, { audio: speak('hola', SPANISH_VOICE), language: 'es-ES' });
    expect(expectEnvelope(res, 422).detail).toBe(SPEECH_MESSAGES.languageUnavailable('es-ES'));
  });

  it('refuses what is not a recording, too long or too large, and unknown languages', async () => {
    const token = await login(withWhisper.app, 'coordinator@trust.demo');
    whisperAnswer = { text: 'unused' };
    expectEnvelope(await transcribe(t, coordinator, { language: 'en-US' }), 400);
    expectEnvelope(
      await transcribe(t, coordinator, { audio: Buffer.from('%PDF-1.7 a document'), language: 'en-US' }),
      415,
    );
    // Bytes that look like WebM but are not audio the decoder can read.
    const fake = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 7)]);
    expect(
      expectEnvelope(await transcribe(t, coordinator, { audio: fake, language: 'en-US' }), 415).detail,
    ).toBe(SPEECH_MESSAGES.audioUnreadable);
    const long = toWebmOpus(
      speak('this sentence is spoken slowly so that it lasts longer than six seconds in all', undefined, 80),
    );
    expect(
      expectEnvelope(await transcribe(withWhisper, token, { audio: long, language: 'en-US' }), 413).detail,
    ).toBe(SPEECH_MESSAGES.tooLong(6));
    const large = Buffer.concat([speak('hello'), Buffer.alloc(500_000)]);
    expectEnvelope(await transcribe(withWhisper, token, { audio: large, language: 'en-US' }), 413);
    expectEnvelope(await transcribe(t, coordinator, { audio: speak('hello'), language: 'xx-XX' }), 400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/speech/transcriptions',
      headers: bearer(coordinator),
      payload: { language: 'en-US' },
    });
    expect([400, 415]).toContain(json.statusCode);
  });

  it('is for the organization roles that write: a viewer is refused, no session is 401', async () => {
    expectEnvelope(await transcribe(t, viewer, { audio: speak('hello'), language: 'en-US' }), 403);
    const body = upload({ audio: speak('hello'), language: 'en-US' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/speech/transcriptions',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expectEnvelope(anonymous, 401);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Call, Voicemail } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, eventually, login, type TestApp } from '../../../../test/helpers.ts';
import { ENGLISH_VOICE, speak, startFakeWhisper, wordErrorRate } from '../../../../test/speech-support.ts';
import { multipart, one, orgIdOf, providerWithPhone, referralOf } from '../../../../test/voice-support.ts';
import { configureVoiceDriver } from './driver-of.ts';
import { TRANSCRIBE_RECORDING_JOB } from './transcription-job.ts';

// Issue #19 item 6: voicemails and call recordings that arrive without words are transcribed by the server's
// speech to text as a job (transcription-job.ts), and the words show in the voicemail list and the call history
// (001 §2.15, §2.16), sealed at rest. The app runs its job queue here.

/** What the provider says: the sentence the speech tests measure pocketsphinx with, at 160 words a minute. */
// Lower case without punctuation: espeak-ng's intonation at a full stop costs pocketsphinx words.
const SAID = 'my name is maria garcia and i need help with food and housing';
const said = () => speak(SAID, ENGLISH_VOICE, 160);
/** Debian's pocketsphinx on espeak-ng's voice gets most words; a broken pipeline scores 1 (no words right). */
const MAX_WORD_ERROR_RATE = 0.5;

type Setup = { t: TestApp; dataDir: string; plan: number; admin: string; coordinator: string };

/** An app with jobs on; the plan has an SMS thread with (213) 555-0171, so its voicemails are the plan's. */
async function setUp(env: Record<string, string> = {}): Promise<Setup> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-voice-stt-'));
  const t = await buildTestApp({ jobs: true, env: { DATA_DIR: dataDir, ...env } });
  const plan = await orgIdOf(t.database, 'Golden Valley Health Plan');
  const harbor = await orgIdOf(t.database, 'Harbor Community Services');
  const provider = await providerWithPhone(t.database, '(213) 555-0171');
  await t.database.query(
    `INSERT INTO conversations (organization_id, provider_id, referral_id, channel, counterpart, last_message_at)
     VALUES ($1, $2, $3, 'sms', '+12135550171', now())`,
    [plan, provider, await referralOf(t.database, plan, harbor)],
  );
  return {
    t,
    dataDir,
    plan,
    admin: await login(t.app, 'admin@trust.demo'),
    coordinator: await login(t.app, 'coordinator@trust.demo'),
  };
}

async function tearDown(s: Setup | undefined) {
  await s?.t.close();
  if (s) fs.rmSync(s.dataDir, { recursive: true, force: true });
}

/** The outbox's "Leave a voicemail" as the platform operator, with or without a typed transcription. */
async function leave(s: Setup, audio: Buffer, transcription?: string): Promise<Voicemail> {
  const { body, contentType } = multipart([
    { name: 'from_phone', data: '(213) 555-0171' },
    { name: 'audio', filename: 'message.wav', type: 'audio/wav', data: audio },
    ...(transcription ? [{ name: 'transcription', data: transcription }] : []),
  ]);
  const res = await s.t.app.inject({
    method: 'POST',
    url: '/api/outbox/inbound/voicemail',
    headers: { ...bearer(s.admin), 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Voicemail;
}

async function listed(s: Setup, id: number): Promise<Voicemail> {
  const res = await s.t.app.inject({
    method: 'GET',
    url: '/api/voicemails',
    headers: bearer(s.coordinator, s.plan),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { voicemails: Voicemail[] }).voicemails.find((v) => v.id === id)!;
}

const settled = (s: Setup, id: number, ms: number) =>
  eventually(
    async () => {
      const vm = await listed(s, id);
      return vm.transcription_status === 'pending' ? undefined : vm;
    },
    ms,
    'the transcription job',
  );

const jobsOf = (s: Setup, kind: string, id: number) =>
  s.t.database.query<{ state: string; retry_count: number }>(
    `SELECT state, retry_count FROM pgboss.job WHERE name = $1 AND data->>'kind' = $2 AND (data->>'id')::int = $3`,
    [TRANSCRIBE_RECORDING_JOB, kind, id],
  );

describe('the built-in engine (Debian pocketsphinx)', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
    configureVoiceDriver(s.t.app.deps, {
      timings: { ringingMs: 100, answeredMs: 200, completedMs: 600 },
      recordingSeconds: 2,
    });
  });
  afterAll(() => tearDown(s));

  it('transcribes a voicemail left with no transcription; the list shows the words, sealed at rest', async () => {
    const left = await leave(s, said());
    expect(left).toMatchObject({ transcription_text: null, transcription_status: 'pending' });

    const vm = await settled(s, left.id, 60_000);
    expect(vm.transcription_status).toBe('completed');
    const wer = wordErrorRate(SAID, vm.transcription_text ?? '');
    console.info(`voicemail transcription (pocketsphinx): WER ${wer.toFixed(2)}: "${vm.transcription_text}"`);
    expect(wer).toBeLessThanOrEqual(MAX_WORD_ERROR_RATE);

    const row = await one<{
      transcription_text: string;
      body_text: string;
      metadata: Record<string, unknown>;
    }>(
      s.t.database,
      `SELECT v.transcription_text, c.body_text, c.metadata FROM voicemails v
         JOIN communications c ON c.id = v.communication_id WHERE v.id = $1`,
      [left.id],
    );
    for (const sealed of [row.transcription_text, row.body_text]) {
      expect(sealed).toBeTruthy();
      expect(sealed.toLowerCase()).not.toContain('housing');
      expect(sealed).not.toContain(vm.transcription_text);
    }
    expect(row.metadata).toMatchObject({ voicemail_id: left.id, transcription_status: 'completed' });
    // Audited without the words: who (the job), what kind of recording, which engine.
    const audit = await one<{ details: Record<string, unknown> }>(
      s.t.database,
      `SELECT details FROM audit_log WHERE action = 'speech.transcribed' AND entity_type = 'voicemail'
          AND entity_id = $1`,
      [String(left.id)],
    );
    expect(audit.details).toMatchObject({ purpose: 'voicemail', language: 'en-US', engine: 'pocketsphinx' });
    expect(JSON.stringify(audit.details)).not.toContain('housing');
  }, 90_000);

  it('keeps a typed transcription: no job is queued and the words stay', async () => {
    const typed = 'Calling back about Rosalind: we have a bed for her.';
    const left = await leave(s, said(), typed);
    expect(left).toMatchObject({ transcription_text: typed, transcription_status: 'completed' });
    expect((await jobsOf(s, 'voicemail', left.id)).length).toBe(0);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await listed(s, left.id)).toMatchObject({
      transcription_text: typed,
      transcription_status: 'completed',
    });
  });

  it("transcribes a local call's recording: its tone has no words, so the transcription fails", async () => {
    const provider = await providerWithPhone(s.t.database, '(213) 555-0172');
    const res = await s.t.app.inject({
      method: 'POST',
      url: `/api/providers/${provider}/communications/phone`,
      headers: bearer(s.coordinator, s.plan),
      payload: { to_number: '(213) 555-0172', record: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json() as { call: Record<string, unknown> };
    // The answer of placing a call carries no transcription (and no PHI): there is no recording yet.
    expect(placed.call).not.toHaveProperty('transcription_text');
    expect(placed.call.transcription_status).toBe('none');
    const id = placed.call.id as number;

    const history = async () => {
      const list = await s.t.app.inject({
        method: 'GET',
        url: `/api/call-history?provider_id=${provider}`,
        headers: bearer(s.coordinator, s.plan),
      });
      expect(list.statusCode, list.body).toBe(200);
      return (list.json() as { calls: Call[] }).calls.find((c) => c.id === id)!;
    };
    const call = await eventually(
      async () => {
        const c = await history();
        return c.recording_url && ['completed', 'failed'].includes(c.transcription_status) ? c : undefined;
      },
      60_000,
      'the call recording to be transcribed',
    );
    // The local driver's recording is a quiet 440 Hz tone: pocketsphinx hears no words in it.
    expect(call).toMatchObject({ transcription_status: 'failed', transcription_text: null });
    const jobs = await jobsOf(s, 'call', id);
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
    const audit = await one<{ details: Record<string, unknown> }>(
      s.t.database,
      `SELECT details FROM audit_log WHERE action = 'speech.transcribed' AND entity_type = 'call'
          AND entity_id = $1`,
      [String(id)],
    );
    expect(audit.details).toMatchObject({ purpose: 'call_recording', characters: 0 });
    // Reading the history with transcriptions is audited, naming the calls it returned.
    const read = await one<{ n: number }>(
      s.t.database,
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'call.list_read' AND details->'ids' @> $1::jsonb`,
      [JSON.stringify([id])],
    );
    expect(read.n).toBeGreaterThan(0);
  }, 90_000);
});

describe('a transcription service that is down for a while (STT_URL)', () => {
  let s: Setup;
  let up = false;
  let whisper: Awaited<ReturnType<typeof startFakeWhisper>>;
  beforeAll(async () => {
    whisper = await startFakeWhisper(() => (up ? { text: ' We can take her on Monday. ' } : { status: 503 }));
    s = await setUp({ STT_URL: whisper.url });
  });
  afterAll(async () => {
    await tearDown(s);
    await whisper?.close();
  });

  it('retries with backoff while it answers 503, pending meanwhile, and saves the words once it answers', async () => {
    const left = await leave(s, said());
    await eventually(
      async () => (whisper.requests.length >= 2 ? true : undefined),
      30_000,
      'two attempts at the transcription service',
    );
    expect(await listed(s, left.id)).toMatchObject({
      transcription_text: null,
      transcription_status: 'pending',
    });
    const [job] = await jobsOf(s, 'voicemail', left.id);
    expect(job!.retry_count).toBeGreaterThanOrEqual(1);
    expect(whisper.requests[0]!.fields).toMatchObject({ language: 'en' });

    up = true;
    const vm = await settled(s, left.id, 60_000);
    expect(vm).toMatchObject({
      transcription_text: 'We can take her on Monday.',
      transcription_status: 'completed',
    });
  }, 120_000);
});

describe('no engine for the language', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({ STT_BUILTIN_MODEL_DIR: '/nonexistent/pocketsphinx/en-us' });
  });
  afterAll(() => tearDown(s));

  it('fails the transcription at once, without retrying', async () => {
    const left = await leave(s, said());
    const vm = await settled(s, left.id, 30_000);
    expect(vm).toMatchObject({ transcription_text: null, transcription_status: 'failed' });
    const jobs = await jobsOf(s, 'voicemail', left.id);
    expect(jobs.map((j) => [j.state, j.retry_count])).toEqual([['completed', 0]]);
  }, 60_000);
});

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Call, COMMUNICATION_MESSAGES, type Voicemail } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { multipart, one, orgIdOf, providerWithPhone, referralOf } from '../../../../test/voice-support.ts';
import { twilioSignature } from '../../../adapters/twilio/signature.ts';
import { toneWav } from '../../../adapters/voice/wav.ts';
import { systemContext } from '../../../platform/context.ts';
import { WEBHOOK_PATHS } from '../../../platform/webhook-urls.ts';
import { FETCH_RECORDING_JOB, runFetchRecordingJob } from './recordings.ts';
import { VOICEMAIL_GREETING } from './twiml.ts';

// Calls and voicemails through the Twilio-compatible driver, against a Twilio-shaped server on loopback
// (DESIGN.md "Adapters"): the REST request's parameters, signed status, recording, incoming-call and
// transcription webhooks, and the refusal of unsigned ones.

const PUBLIC_URL = 'https://trust.example';
const AUTH_TOKEN = 'tok-voice';
const FROM = '+15550001111';
const CALL_AUDIO = Buffer.concat([Buffer.from('ID3\u0004\u0000\u0000', 'latin1'), Buffer.alloc(2048, 0x55)]);
const VOICEMAIL_AUDIO = Buffer.concat([
  Buffer.from('ID3\u0004\u0000\u0000', 'latin1'),
  Buffer.alloc(4096, 0x66),
]);

type Seen = { method: string; url: string; auth: string; form: URLSearchParams };
const seen: Seen[] = [];
let server: http.Server;
let baseUrl: string;
let t: TestApp;
let dataDir: string;
let plan: number;
let harbor: number;
let provider: number;
let planReferral: number;
let coordinator: string;
let cbo: string;
let admin: string;
let sids = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization ?? '',
        form,
      });
      if (req.headers.authorization !== `Basic ${Buffer.from(`ACvoice:${AUTH_TOKEN}`).toString('base64')}`) {
        res.statusCode = 401;
        return res.end('{"code":20003,"message":"Authenticate"}');
      }
      if (req.method === 'GET') {
        const audio = req.url?.endsWith('/Recordings/REcall.mp3')
          ? CALL_AUDIO
          : req.url?.endsWith('/Recordings/REvm.mp3')
            ? VOICEMAIL_AUDIO
            : null;
        if (!audio) {
          res.statusCode = 404;
          return res.end('{"code":20404,"message":"The requested resource was not found"}');
        }
        res.setHeader('content-type', 'audio/mpeg');
        return res.end(audio);
      }
      res.setHeader('content-type', 'application/json');
      if (form.get('To') === '+12135559999') {
        res.statusCode = 400;
        return res.end(
          JSON.stringify({
            code: 21215,
            message: 'Account not authorized to call +12135559999.',
            status: 400,
          }),
        );
      }
      sids += 1;
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `CA${String(sids).padStart(32, '0')}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-voice-twilio-'));
  t = await buildTestApp({
    env: {
      DATA_DIR: dataDir,
      PUBLIC_URL,
      TWILIO_ACCOUNT_SID: 'ACvoice',
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: FROM,
      TWILIO_BASE_URL: baseUrl,
    },
  });
  plan = await orgIdOf(t.database, 'Golden Valley Health Plan');
  harbor = await orgIdOf(t.database, 'Harbor Community Services');
  provider = await providerWithPhone(t.database, '(213) 555-0142');
  planReferral = await referralOf(t.database, plan, harbor);
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A webhook call as Twilio makes it: form-encoded, signed over PUBLIC_URL + path with the auth token. */
function twilioPost(pathAndQuery: string, params: Record<string, string>, token: string | null = AUTH_TOKEN) {
  return t.app.inject({
    method: 'POST',
    url: pathAndQuery,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token
        ? { 'x-twilio-signature': twilioSignature(token, `${PUBLIC_URL}${pathAndQuery}`, params) }
        : {}),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const place = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/providers/${provider}/communications/phone`,
    headers: bearer(coordinator, plan),
    payload: body,
  });

async function callOf(id: number): Promise<Call> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/call-history',
    headers: bearer(coordinator, plan),
  });
  return (res.json().calls as Call[]).find((c) => c.id === id)!;
}

const status = (
  callSid: string,
  CallStatus: string,
  extra: Record<string, string> = {},
  token?: string | null,
) =>
  twilioPost(
    WEBHOOK_PATHS.voiceStatus,
    { AccountSid: 'ACvoice', CallSid: callSid, CallStatus, ...extra },
    token,
  );

let placed: { call: Call; call_sid: string };

describe('placing a call through Twilio', () => {
  it('posts To, From, the TwiML Url, the status callback with every event and recording to Calls.json', async () => {
    const res = await place({
      to_number: '213-555-0142',
      referral_id: planReferral,
      call_type: 'referral',
      context_message: 'About the referral for Rosalind & her son.',
    });
    expect(res.statusCode, res.body).toBe(200);
    placed = res.json();
    expect(res.json()).toMatchObject({ success: true, error: null });
    expect(placed.call_sid).toMatch(/^CA\d{32}$/);
    expect(placed.call).toMatchObject({ status: 'initiating', from_number: FROM, to_number: '+12135550142' });
    const req = seen.filter((s) => s.method === 'POST').at(-1)!;
    expect(req.url).toBe('/2010-04-01/Accounts/ACvoice/Calls.json');
    expect(req.form.get('To')).toBe('+12135550142');
    expect(req.form.get('From')).toBe(FROM);
    expect(req.form.get('Url')).toMatch(
      new RegExp(
        `^${PUBLIC_URL}/api/webhooks/twilio/voice/calls/${placed.call.id}/twiml\\?token=[\\w-]{43}$`,
      ),
    );
    expect(req.form.get('StatusCallback')).toBe(`${PUBLIC_URL}${WEBHOOK_PATHS.voiceStatus}`);
    expect(req.form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    expect(req.form.get('Record')).toBe('true');
    expect(req.form.get('RecordingStatusCallback')).toBe(`${PUBLIC_URL}${WEBHOOK_PATHS.voiceRecording}`);
  });

  it('answers the signed TwiML request with the context message and the coordinator, and refuses an unsigned one', async () => {
    const url = seen
      .filter((s) => s.method === 'POST')
      .at(-1)!
      .form.get('Url')!;
    const pathAndQuery = url.slice(PUBLIC_URL.length);
    const params = { AccountSid: 'ACvoice', CallSid: placed.call_sid, CallStatus: 'in-progress' };
    const res = await twilioPost(pathAndQuery, params);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('<Say>About the referral for Rosalind &amp; her son.</Say>');
    expect(res.body).toContain(`<Dial callerId="${FROM}"><Number>+12135550102</Number></Dial>`);
    expectEnvelope(await twilioPost(pathAndQuery, params, null), 403, 'forbidden');
    expectEnvelope(await twilioPost(pathAndQuery, params, 'another-token'), 403, 'forbidden');
  });

  it('moves the call with signed status callbacks, only forward; a bad signature changes nothing', async () => {
    const sid = placed.call_sid;
    expect((await status(sid, 'initiated')).statusCode).toBe(200);
    expect((await callOf(placed.call.id)).status).toBe('initiating');
    expect((await status(sid, 'ringing')).statusCode).toBe(200);
    expect((await callOf(placed.call.id)).status).toBe('ringing');

    const forged = await status(sid, 'completed', { CallDuration: '999' }, 'not-the-token');
    expect(expectEnvelope(forged, 403, 'forbidden').message).toBe(COMMUNICATION_MESSAGES.badSignature);
    expectEnvelope(await status(sid, 'completed', { CallDuration: '999' }, null), 403);
    expect((await callOf(placed.call.id)).status).toBe('ringing');

    await status(sid, 'in-progress');
    const answered = await callOf(placed.call.id);
    expect(answered.status).toBe('in_progress');
    expect(answered.answered_at).not.toBeNull();
    await status(sid, 'completed', { CallDuration: '42' });
    // Late and repeated callbacks after the end change nothing.
    await status(sid, 'ringing');
    await status(sid, 'in-progress');
    await status(sid, 'failed');
    const ended = await callOf(placed.call.id);
    expect(ended).toMatchObject({ status: 'completed', duration_seconds: 42, error_message: null });
    expect(ended.ended_at).not.toBeNull();
    const record = await one<{ status: string; external_id: string }>(
      t.database,
      'SELECT status, external_id FROM communications WHERE id = $1',
      [ended.communication_id],
    );
    expect(record).toEqual({ status: 'completed', external_id: sid });
    const ends = await one<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM referral_events WHERE referral_id = $1 AND type = 'call_ended'`,
      [planReferral],
    );
    expect(ends.n).toBe(1);
  });

  it('answers 200 and changes nothing for an unknown sid or status; 400 without a sid', async () => {
    const before = await one<{ n: number }>(t.database, 'SELECT count(*)::int AS n FROM calls');
    expect((await status('CA00000000000000000000000000000404', 'completed')).statusCode).toBe(200);
    expect((await status(placed.call_sid, 'teleported')).statusCode).toBe(200);
    expectEnvelope(await twilioPost(WEBHOOK_PATHS.voiceStatus, { CallStatus: 'ringing' }), 400);
    expect((await one<{ n: number }>(t.database, 'SELECT count(*)::int AS n FROM calls')).n).toBe(before.n);
  });

  it("fetches the recording the callback announces into encrypted storage, with the account's credentials", async () => {
    const res = await twilioPost(WEBHOOK_PATHS.voiceRecording, {
      AccountSid: 'ACvoice',
      CallSid: placed.call_sid,
      RecordingSid: 'REcall',
      RecordingUrl: `${baseUrl}/2010-04-01/Accounts/ACvoice/Recordings/REcall`,
      RecordingDuration: '41',
      RecordingStatus: 'completed',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fetch = seen.filter((s) => s.method === 'GET').at(-1)!;
    expect(fetch.url).toBe('/2010-04-01/Accounts/ACvoice/Recordings/REcall.mp3');
    const call = await callOf(placed.call.id);
    expect(call.recording_url).toBe(`/api/calls/${call.id}/recording`);
    expect(call.recording_duration_seconds).toBe(41);
    const audio = await t.app.inject({
      method: 'GET',
      url: call.recording_url!,
      headers: bearer(coordinator, plan),
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.equals(CALL_AUDIO)).toBe(true);
    // At rest it is encrypted: the stored file does not hold the bytes.
    const row = await one<{ key: string; remote: string | null }>(
      t.database,
      'SELECT recording_storage_key AS key, recording_remote_url AS remote FROM calls WHERE id = $1',
      [call.id],
    );
    expect(row.remote).toBeNull();
    const stored = fs.readFileSync(path.join(dataDir, 'documents', row.key.slice(0, 2), row.key));
    expect(stored.includes(CALL_AUDIO.subarray(6, 200))).toBe(false);
    // A second announcement of the same recording fetches nothing more.
    const fetches = seen.filter((s) => s.method === 'GET').length;
    await twilioPost(WEBHOOK_PATHS.voiceRecording, {
      CallSid: placed.call_sid,
      RecordingUrl: `${baseUrl}/2010-04-01/Accounts/ACvoice/Recordings/REcall`,
      RecordingStatus: 'completed',
    });
    expect(seen.filter((s) => s.method === 'GET').length).toBe(fetches);
  });

  it("queues the fetch as the 'voice.fetch-recording' job when jobs run; the job retries what may pass later", async () => {
    const res = (await place({ to_number: '2135550142' })).json() as { call: Call; call_sid: string };
    const sent: { name: string; data: unknown }[] = [];
    const deps = t.app.deps as { jobs: unknown };
    deps.jobs = {
      send: async (name: string, data: unknown) => {
        sent.push({ name, data });
        return 'job-1';
      },
    };
    try {
      await twilioPost(WEBHOOK_PATHS.voiceRecording, {
        CallSid: res.call_sid,
        RecordingSid: 'RElate',
        RecordingUrl: `${baseUrl}/2010-04-01/Accounts/ACvoice/Recordings/RElate`,
        RecordingStatus: 'completed',
      });
    } finally {
      deps.jobs = null;
    }
    expect(sent).toEqual([{ name: FETCH_RECORDING_JOB, data: { kind: 'call', id: res.call.id } }]);
    // Not there yet (404): the job throws, so the queue tries again later.
    await expect(
      runFetchRecordingJob(systemContext(t.app.deps, 'test'), { kind: 'call', id: res.call.id }),
    ).rejects.toThrow('Twilio answered 404 for the recording');
    expect((await callOf(res.call.id)).recording_url).toBeNull();
    // A recording elsewhere than the service's address is never fetched: the job ends without a retry.
    await t.database.query('UPDATE calls SET recording_remote_url = $2 WHERE id = $1', [
      res.call.id,
      'http://169.254.169.254/latest/meta-data',
    ]);
    await expect(
      runFetchRecordingJob(systemContext(t.app.deps, 'test'), { kind: 'call', id: res.call.id }),
    ).resolves.toBeUndefined();
    expect((await callOf(res.call.id)).recording_url).toBeNull();
  });

  it('records busy as no_answer with the reason', async () => {
    const res = (await place({ to_number: '2135550142', record: false })).json() as {
      call: Call;
      call_sid: string;
    };
    await status(res.call_sid, 'busy', { CallDuration: '0' });
    expect(await callOf(res.call.id)).toMatchObject({
      status: 'no_answer',
      duration_seconds: 0,
      error_message: 'The line was busy.',
    });
  });

  it("answers success false with 'Failed to initiate call: …' and keeps the failed call when Twilio refuses it", async () => {
    const res = await place({ to_number: '(213) 555-9999', referral_id: planReferral });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: boolean; call_sid: null; error: string; call: Call };
    expect(body.success).toBe(false);
    expect(body.call_sid).toBeNull();
    expect(body.error).toBe(
      'Failed to initiate call: Twilio answered 400: Account not authorized to call +12135559999. (code 21215)',
    );
    const call = await callOf(body.call.id);
    expect(call).toMatchObject({
      status: 'failed',
      error_message: 'Twilio answered 400: Account not authorized to call +12135559999. (code 21215)',
    });
    const record = await one<{ status: string; error_message: string }>(
      t.database,
      'SELECT status, error_message FROM communications WHERE id = $1',
      [call.communication_id],
    );
    expect(record.status).toBe('failed');
    expect(record.error_message).toContain('21215');
  });
});

describe("voicemails left on the product's number", () => {
  const incoming = (params: Record<string, string>, token?: string | null, query = '') =>
    twilioPost(
      `${WEBHOOK_PATHS.voiceIncoming}${query}`,
      { AccountSid: 'ACvoice', To: FROM, ...params },
      token,
    );

  it('greets and records, with a transcription, placing the voicemail by its number', async () => {
    const res = await incoming({ CallSid: 'CAvm1', From: '+12135550142' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(res.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        `<Say>${VOICEMAIL_GREETING}</Say>` +
        '<Record maxLength="120" playBeep="true" transcribe="true"' +
        ` transcribeCallback="${PUBLIC_URL}/api/webhooks/twilio/voice/transcription"` +
        ` recordingStatusCallback="${PUBLIC_URL}/api/webhooks/twilio/voice/recording"` +
        ` action="${PUBLIC_URL}/api/webhooks/twilio/voice?step=recorded"/>` +
        '<Say>We did not receive a message. Goodbye.</Say><Hangup/></Response>',
    );
    // Asked twice (Twilio retries), it is one voicemail.
    expect((await incoming({ CallSid: 'CAvm1', From: '+12135550142' })).statusCode).toBe(200);
    const rows = await t.database.query<Record<string, unknown>>(
      'SELECT organization_id, provider_id, referral_id, from_number, to_number, transcription_status FROM voicemails WHERE call_sid = $1',
      ['CAvm1'],
    );
    // The number's newest contact is the health plan's 'busy' call above (no referral linked): its organization.
    expect(rows).toEqual([
      {
        organization_id: plan,
        provider_id: provider,
        referral_id: null,
        from_number: '+12135550142',
        to_number: FROM,
        transcription_status: 'pending',
      },
    ]);
    const done = await incoming({ CallSid: 'CAvm1', From: '+12135550142' }, undefined, '?step=recorded');
    expect(done.body).toContain('<Hangup/>');
  });

  it('fills the recording and the sealed transcription from their callbacks; lists, serves and marks it read', async () => {
    await twilioPost(WEBHOOK_PATHS.voiceRecording, {
      CallSid: 'CAvm1',
      RecordingSid: 'REvm',
      RecordingUrl: `${baseUrl}/2010-04-01/Accounts/ACvoice/Recordings/REvm`,
      RecordingDuration: '17',
      RecordingStatus: 'completed',
    });
    await twilioPost(WEBHOOK_PATHS.voiceTranscription, {
      CallSid: 'CAvm1',
      RecordingSid: 'REvm',
      TranscriptionText: 'Hi, this is the pantry about Rosalind, we can take her Monday.',
      TranscriptionStatus: 'completed',
    });
    const sealed = await one<{ transcription_text: string }>(
      t.database,
      'SELECT transcription_text FROM voicemails WHERE call_sid = $1',
      ['CAvm1'],
    );
    expect(sealed.transcription_text).not.toContain('Rosalind');

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/voicemails',
      headers: bearer(coordinator, plan),
    });
    expect(res.statusCode, res.body).toBe(200);
    const voicemail = (res.json().voicemails as Voicemail[]).find((v) => v.from_number === '+12135550142')!;
    expect(voicemail).toMatchObject({
      duration_seconds: 17,
      recording_url: `/api/voicemails/${voicemail.id}/audio`,
      recording_content_type: 'audio/mpeg',
      transcription_text: 'Hi, this is the pantry about Rosalind, we can take her Monday.',
      transcription_status: 'completed',
      is_read: false,
      provider_id: provider,
      referral_id: null,
    });
    const audio = await t.app.inject({
      method: 'GET',
      url: voicemail.recording_url!,
      headers: bearer(coordinator, plan),
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.equals(VOICEMAIL_AUDIO)).toBe(true);

    const record = await one<Record<string, unknown>>(
      t.database,
      'SELECT channel, direction, category, status, organization_id, phi FROM communications WHERE id = $1',
      [voicemail.communication_id],
    );
    expect(record).toEqual({
      channel: 'voice',
      direction: 'inbound',
      category: 'voicemail',
      status: 'received',
      organization_id: plan,
      phi: true,
    });
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/voicemails/${voicemail.id}/mark-read`,
      headers: bearer(coordinator, plan),
    });
    expect(read.json()).toMatchObject({ success: true, voicemail: { id: voicemail.id, is_read: true } });
  });

  it('refuses an unsigned incoming call (403) and stores nothing', async () => {
    expectEnvelope(await incoming({ CallSid: 'CAvm-forged', From: '+12135550142' }, null), 403, 'forbidden');
    expectEnvelope(
      await twilioPost(
        WEBHOOK_PATHS.voiceTranscription,
        { CallSid: 'CAvm1', TranscriptionText: 'forged' },
        'x',
      ),
      403,
    );
    const n = await one<{ n: number }>(
      t.database,
      'SELECT count(*)::int AS n FROM voicemails WHERE call_sid = $1',
      ['CAvm-forged'],
    );
    expect(n.n).toBe(0);
  });

  it("keeps a voicemail from an unknown number unmatched: platform operators see it, no organization's people do", async () => {
    await incoming({ CallSid: 'CAvm2', From: '+13105550123' });
    const row = await one<{ id: number; organization_id: number | null; provider_id: number | null }>(
      t.database,
      'SELECT id, organization_id, provider_id FROM voicemails WHERE call_sid = $1',
      ['CAvm2'],
    );
    expect(row).toMatchObject({ organization_id: null, provider_id: null });
    const listed = async (token: string, org: number) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/voicemails', headers: bearer(token, org) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().voicemails as Voicemail[]).some((v) => v.id === row.id);
    };
    // admin@trust.demo is a platform operator (a super_admin membership), whichever organization it acts for.
    expect(await listed(admin, plan)).toBe(true);
    expect(await listed(admin, harbor)).toBe(true);
    // Issue #12: not the coordinators of an organization, nor any other organization's people.
    expect(await listed(coordinator, plan)).toBe(false);
    expect(await listed(cbo, harbor)).toBe(false);
  });

  it('refuses the simulated voicemail of the outbox while Twilio is configured (422)', async () => {
    const { body, contentType } = multipart([
      { name: 'from_phone', data: '2135550142' },
      { name: 'audio', filename: 'vm.wav', type: 'audio/wav', data: toneWav(1) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/outbox/inbound/voicemail',
      headers: { ...bearer(admin), 'content-type': contentType },
      payload: body,
    });
    expect(expectEnvelope(res, 422, 'rule_broken').message).toBe(COMMUNICATION_MESSAGES.localDriverOnly);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMMUNICATION_MESSAGES, OUTBOX_MESSAGES, VOICE_MESSAGES, type Voicemail } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import {
  multipart,
  one,
  orgIdOf,
  providerWithPhone,
  referralHiddenFrom,
  referralOf,
} from '../../../../test/voice-support.ts';
import { toneWav } from '../../../adapters/voice/wav.ts';
import { systemContext } from '../../../platform/context.ts';
import { WEBHOOK_PATHS } from '../../../platform/webhook-urls.ts';
import { receiveIncomingCall } from './voicemail-service.ts';

// Voicemails with the local voice driver: left from the outbox page (an audio file) through the same path as
// the webhook's, placed by number, listed, played and marked read (001 §2.16, §4, §7).

let t: TestApp;
let dataDir: string;
let plan: number;
let harbor: number;
let threadProvider: number;
let directoryProvider: number;
let planReferral: number;
let admin: string;
let coordinator: string;
let viewer: string;
let cbo: string;
let orgadmin: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-voice-vm-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  plan = await orgIdOf(t.database, 'Golden Valley Health Plan');
  harbor = await orgIdOf(t.database, 'Harbor Community Services');
  threadProvider = await providerWithPhone(t.database, '(213) 555-0161');
  directoryProvider = await providerWithPhone(t.database, '213.555.0162');
  planReferral = await referralOf(t.database, plan, harbor);
  // The health plan texted (213) 555-0161 about a referral: an SMS thread with that number.
  await t.database.query(
    `INSERT INTO conversations (organization_id, provider_id, referral_id, channel, counterpart, last_message_at)
     VALUES ($1, $2, $3, 'sms', '+12135550161', now())`,
    [plan, threadProvider, planReferral],
  );
  admin = await login(t.app, 'admin@trust.demo');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  orgadmin = await login(t.app, 'orgadmin@trust.demo');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Part = Parameters<typeof multipart>[0][number];

function simulate(parts: Part[], token: string | null = admin) {
  const { body, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/outbox/inbound/voicemail',
    headers: { ...(token ? bearer(token) : {}), 'content-type': contentType },
    payload: body,
  });
}

const wav = (seconds: number): Part => ({
  name: 'audio',
  filename: 'message.wav',
  type: 'audio/wav',
  data: toneWav(seconds),
});

async function list(query = '', token = coordinator, org = plan) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/voicemails${query}`,
    headers: bearer(token, org),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { voicemails: Voicemail[]; unread: number; total: number };
}

const markRead = (id: number, token = coordinator, org = plan) =>
  t.app.inject({ method: 'POST', url: `/api/voicemails/${id}/mark-read`, headers: bearer(token, org) });

let threaded: Voicemail;

describe('POST /api/outbox/inbound/voicemail (local driver)', () => {
  it("leaves a voicemail on the thread's organization, provider and referral, with the WAV's duration", async () => {
    const res = await simulate([
      { name: 'from_phone', data: '(213) 555-0161' },
      wav(4),
      { name: 'transcription', data: 'Calling back about Rosalind: we have a bed for her.' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    threaded = res.json() as Voicemail;
    expect(threaded).toMatchObject({
      from_number: '+12135550161',
      duration_seconds: 4,
      recording_url: `/api/voicemails/${threaded.id}/audio`,
      recording_content_type: 'audio/wav',
      transcription_text: 'Calling back about Rosalind: we have a bed for her.',
      transcription_status: 'completed',
      is_read: false,
      provider_id: threadProvider,
      referral_id: planReferral,
    });
    const row = await one<Record<string, unknown>>(
      t.database,
      'SELECT organization_id, to_number, transcription_text FROM voicemails WHERE id = $1',
      [threaded.id],
    );
    expect(row.organization_id).toBe(plan);
    expect(row.to_number).toBe('+12135550100');
    expect(row.transcription_text).not.toContain('Rosalind');
    const record = await one<Record<string, unknown>>(
      t.database,
      'SELECT channel, direction, category, status, referral_id, body_text, phi FROM communications WHERE id = $1',
      [threaded.communication_id],
    );
    expect(record).toMatchObject({
      channel: 'voice',
      direction: 'inbound',
      category: 'voicemail',
      status: 'received',
      referral_id: planReferral,
      phi: true,
    });
    expect(record.body_text).not.toContain('Rosalind');
    const timeline = await one<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM referral_events WHERE referral_id = $1 AND type = 'voicemail_received'
          AND details->>'voicemail_id' = $2`,
      [planReferral, String(threaded.id)],
    );
    expect(timeline.n).toBe(1);
  });

  it('places a number known only from the directory on its provider, and an unknown one nowhere', async () => {
    const known = (await simulate([{ name: 'from_phone', data: '2135550162' }, wav(1)])).json() as Voicemail;
    expect(known).toMatchObject({
      provider_id: directoryProvider,
      referral_id: null,
      transcription_status: 'none',
    });
    const unknown = (
      await simulate([{ name: 'from_phone', data: '13105550999' }, wav(1)])
    ).json() as Voicemail;
    expect(unknown).toMatchObject({ from_number: '+13105550999', provider_id: null, referral_id: null });
    const orgs = await t.database.query<{ organization_id: number | null }>(
      'SELECT organization_id FROM voicemails WHERE id = ANY($1::int[]) ORDER BY id',
      [[known.id, unknown.id]],
    );
    expect(orgs).toEqual([{ organization_id: null }, { organization_id: null }]);
  });

  it('accepts MP3, OGG, WebM and M4A by their content, and reads no duration from them', async () => {
    const files: [string, Buffer, string][] = [
      ['a.mp3', Buffer.concat([Buffer.from('ID3\u0004\u0000', 'latin1'), Buffer.alloc(64)]), 'audio/mpeg'],
      ['b.mp3', Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(64)]), 'audio/mpeg'],
      ['c.ogg', Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(64)]), 'audio/ogg'],
      ['d.webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64)]), 'audio/webm'],
      [
        'e.m4a',
        Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A ', 'latin1'), Buffer.alloc(64)]),
        'audio/mp4',
      ],
    ];
    for (const [filename, data, type] of files) {
      const res = await simulate([
        { name: 'from_phone', data: '3105550999' },
        { name: 'file', filename, data },
      ]);
      expect(res.statusCode, `${filename}: ${res.body}`).toBe(201);
      expect(res.json()).toMatchObject({ recording_content_type: type, duration_seconds: null });
    }
  });

  it('refuses a missing or bad number (400), no audio (400), a file that is not audio (415), over 10 MB (413)', async () => {
    const before = (await one<{ n: number }>(t.database, 'SELECT count(*)::int AS n FROM voicemails')).n;
    const badPhone = expectEnvelope(await simulate([{ name: 'from_phone', data: '555-01' }, wav(1)]), 400);
    expect(badPhone.message).toBe(COMMUNICATION_MESSAGES.invalidPhone);
    expectEnvelope(await simulate([wav(1)]), 400);
    const noAudio = expectEnvelope(await simulate([{ name: 'from_phone', data: '2135550161' }]), 400);
    expect(noAudio.message).toBe(VOICE_MESSAGES.audioRequired);
    const notAudio = expectEnvelope(
      await simulate([
        { name: 'from_phone', data: '2135550161' },
        { name: 'audio', filename: 'voicemail.wav', type: 'audio/wav', data: '%PDF-1.7 not audio at all' },
      ]),
      415,
    );
    expect(notAudio.message).toBe(VOICE_MESSAGES.audioType);
    const big = Buffer.concat([toneWav(1), Buffer.alloc(10 * 1024 * 1024)]);
    expectEnvelope(
      await simulate([
        { name: 'from_phone', data: '2135550161' },
        { name: 'audio', filename: 'big.wav', data: big },
      ]),
      413,
    );
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/outbox/inbound/voicemail',
      headers: bearer(admin),
      payload: { from_phone: '2135550161' },
    });
    expectEnvelope(notMultipart, 415);
    expect((await one<{ n: number }>(t.database, 'SELECT count(*)::int AS n FROM voicemails')).n).toBe(
      before,
    );
  });

  it('is for the outbox readers only: 403 for a coordinator and an organization admin, 401 without a session', async () => {
    const refused = expectEnvelope(
      await simulate([{ name: 'from_phone', data: '2135550161' }, wav(1)], coordinator),
      403,
    );
    expect(refused.message).toBe(OUTBOX_MESSAGES.forbidden);
    expectEnvelope(await simulate([{ name: 'from_phone', data: '2135550161' }, wav(1)], null), 401);
    // The product role admin (an organization's admin) is not a platform operator (issue #12).
    const orgAdminRefused = expectEnvelope(
      await simulate([{ name: 'from_phone', data: '3105550999' }, wav(1)], orgadmin),
      403,
    );
    expect(orgAdminRefused.message).toBe(OUTBOX_MESSAGES.forbidden);
  });
});

describe('GET /api/voicemails, mark-read and the audio', () => {
  it("lists the organization's voicemails and, for a platform operator, the unmatched ones, newest first, with the unread count", async () => {
    // admin@trust.demo is a platform operator (a super_admin membership), here acting for the health plan.
    const all = await list('', admin, plan);
    expect(all.voicemails[0]!.received_at >= all.voicemails.at(-1)!.received_at).toBe(true);
    expect(all.voicemails.some((v) => v.id === threaded.id)).toBe(true);
    expect(all.voicemails.some((v) => v.from_number === '+13105550999')).toBe(true);
    expect(all.unread).toBe(all.voicemails.filter((v) => !v.is_read).length);
    expect(all.total).toBe(all.voicemails.length);

    const byReferral = await list(`?referral_id=${planReferral}`);
    expect(byReferral.voicemails.map((v) => v.id)).toEqual([threaded.id]);
    const byProvider = await list(`?provider_id=${directoryProvider}`, admin, plan);
    expect(byProvider.voicemails.every((v) => v.provider_id === directoryProvider)).toBe(true);
    expect(byProvider.total).toBe(1);

    // Everyone else sees the organization's own only, coordinators and organization admins included (issue #12):
    // no unmatched voicemail in the list nor in its unread count; Harbor sees none of them.
    const own = await one<{ n: number; unread: number }>(
      t.database,
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT is_read)::int AS unread FROM voicemails WHERE organization_id = $1',
      [plan],
    );
    for (const token of [coordinator, viewer, orgadmin]) {
      const viewed = await list('', token, plan);
      expect(viewed.voicemails.map((v) => v.id)).toEqual([threaded.id]);
      expect(viewed).toMatchObject({ total: own.n, unread: own.unread });
      expect((await list(`?provider_id=${directoryProvider}`, token, plan)).total).toBe(0);
    }
    expect((await list('', cbo, harbor)).voicemails).toEqual([]);
    const audited = await one<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'voicemail.list_read'`,
    );
    expect(audited.n).toBeGreaterThan(0);
  });

  it('serves the audio (audited) and marks it read on the first play only', async () => {
    const audio = await t.app.inject({
      method: 'GET',
      url: threaded.recording_url!,
      headers: bearer(coordinator, plan),
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.equals(toneWav(4))).toBe(true);
    const audited = await one<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'voicemail.audio_read' AND entity_id = $1`,
      [String(threaded.id)],
    );
    expect(audited.n).toBe(1);

    const unreadBefore = (await list()).unread;
    const first = await markRead(threaded.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, voicemail: { id: threaded.id, is_read: true } });
    expect((await list()).unread).toBe(unreadBefore - 1);
    const readAt = await one<{ read_at: Date; read_by: number }>(
      t.database,
      'SELECT read_at, read_by FROM voicemails WHERE id = $1',
      [threaded.id],
    );
    const again = await markRead(threaded.id, viewer);
    expect(again.json()).toMatchObject({ success: true, voicemail: { is_read: true } });
    const after = await one<{ read_at: Date; read_by: number }>(
      t.database,
      'SELECT read_at, read_by FROM voicemails WHERE id = $1',
      [threaded.id],
    );
    expect(after).toEqual(readAt);
    // Marking it again changes nothing, yet answers the transcription: audited as the read it is (issue #12).
    const reread = await one<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'voicemail.read' AND entity_id = $1`,
      [String(threaded.id)],
    );
    expect(reread.n).toBe(1);
    expect((await list()).unread).toBe(unreadBefore - 1);
  });

  it("answers 404 for another organization's voicemail or audio, and for an unmatched one to anyone but a platform operator", async () => {
    const notFound = expectEnvelope(await markRead(threaded.id, cbo, harbor), 404, 'not_found');
    expect(notFound.message).toBe(VOICE_MESSAGES.voicemailNotFound);
    expectEnvelope(
      await t.app.inject({ method: 'GET', url: threaded.recording_url!, headers: bearer(cbo, harbor) }),
      404,
    );
    const unmatched = (await list('', admin, plan)).voicemails.find(
      (v) => v.provider_id === null && !v.is_read,
    )!;
    for (const [token, org] of [
      [viewer, plan],
      [coordinator, plan],
      [orgadmin, plan],
      [cbo, harbor],
    ] as const) {
      expectEnvelope(await markRead(unmatched.id, token, org), 404);
      expectEnvelope(
        await t.app.inject({ method: 'GET', url: unmatched.recording_url!, headers: bearer(token, org) }),
        404,
      );
    }
    expectEnvelope(await markRead(999_999), 404);
    const audio = await t.app.inject({
      method: 'GET',
      url: unmatched.recording_url!,
      headers: bearer(admin, plan),
    });
    expect(audio.statusCode).toBe(200);
    expect((await markRead(unmatched.id, admin, harbor)).statusCode).toBe(200);
  });

  it('answers 404 for a voicemail whose audio is not there yet, 404 for a hidden referral, 400 and 401', async () => {
    // A provider's call as the incoming-call webhook records it, before its recording arrives.
    await receiveIncomingCall(systemContext(t.app.deps, 'test'), {
      CallSid: 'CAlocalvm1',
      From: '+12135550161',
      To: '+12135550100',
    });
    const row = await one<{ id: number }>(t.database, 'SELECT id FROM voicemails WHERE call_sid = $1', [
      'CAlocalvm1',
    ]);
    const listed = (await list()).voicemails.find((v) => v.id === row.id)!;
    expect(listed).toMatchObject({ recording_url: null, transcription_status: 'pending' });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/voicemails/${row.id}/audio`,
      headers: bearer(coordinator, plan),
    });
    expect(expectEnvelope(missing, 404).message).toBe(VOICE_MESSAGES.recordingNotFound);
    // With the local driver no recording callback is taken, so nobody can make the server fetch anything.
    const callback = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATHS.voiceRecording,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'CallSid=CAlocalvm1&RecordingUrl=http%3A%2F%2F169.254.169.254%2Flatest&RecordingStatus=completed',
    });
    expectEnvelope(callback, 403);
    expect((await list()).voicemails.find((v) => v.id === row.id)!.recording_url).toBeNull();

    const hidden = await referralHiddenFrom(t.database, plan);
    expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url: `/api/voicemails?referral_id=${hidden}`,
        headers: bearer(coordinator, plan),
      }),
      404,
    );
    expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url: '/api/voicemails?page_size=0',
        headers: bearer(coordinator, plan),
      }),
      400,
    );
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/voicemails' }), 401);
    expectEnvelope(
      await t.app.inject({ method: 'POST', url: `/api/voicemails/${threaded.id}/mark-read` }),
      401,
    );
  });
});

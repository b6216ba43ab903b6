import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Call, COMMUNICATION_MESSAGES, VOICE_MESSAGES } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import {
  eventually,
  one,
  orgIdOf,
  providerWithPhone,
  referralHiddenFrom,
  referralOf,
} from '../../../../test/voice-support.ts';
import { TWILIO_NOT_CONFIGURED } from '../../../adapters/twilio/webhook.ts';
import { LOCAL_VOICE_NUMBER } from '../../../adapters/voice/local.ts';
import { configureVoiceDriver } from './driver-of.ts';
import { callTwimlToken } from './twiml.ts';

// Calls with the local voice driver (DESIGN.md "Adapters"): the simulation reports ringing, in progress and
// completed through the status webhook's path, and leaves a short WAV as the recording.

let t: TestApp;
let dataDir: string;
let plan: number;
let harbor: number;
let provider: number;
let planReferral: number;
let hiddenReferral: number;
let coordinator: string;
let manager: string;
let viewer: string;
let cbo: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-voice-calls-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  // Ringing after 600 ms (the answer of the request still says initiating), the rest quickly.
  configureVoiceDriver(t.app.deps, {
    timings: { ringingMs: 600, answeredMs: 700, completedMs: 1700 },
    recordingSeconds: 1,
  });
  plan = await orgIdOf(t.database, 'Golden Valley Health Plan');
  harbor = await orgIdOf(t.database, 'Harbor Community Services');
  provider = await providerWithPhone(t.database, '(213) 555-0142');
  planReferral = await referralOf(t.database, plan, harbor);
  hiddenReferral = await referralHiddenFrom(t.database, plan);
  coordinator = await login(t.app, 'coordinator@trust.demo');
  manager = await login(t.app, 'manager@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const place = (
  providerId: number,
  body: Record<string, unknown>,
  token: string | null = coordinator,
  org = plan,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/providers/${providerId}/communications/phone`,
    headers: token ? bearer(token, org) : {},
    payload: body,
  });

const history = async (query = '', token = coordinator, org = plan) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/call-history${query}`,
    headers: bearer(token, org),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { calls: Call[]; total: number; page: number; page_size: number };
};

describe('POST /api/providers/{providerId}/communications/phone with the local driver', () => {
  it('places the call: initiating at once, then completed with its duration and a playable recording', async () => {
    const res = await place(provider, {
      to_number: '(213) 555-0142',
      referral_id: planReferral,
      provider_id: provider,
      call_type: 'referral',
      context_message: 'Calling about the referral for Rosalind.',
      record: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json() as { success: boolean; call_sid: string; error: null; call: Call };
    expect(placed.success).toBe(true);
    expect(placed.error).toBeNull();
    expect(placed.call_sid).toMatch(/^CAlocal/);
    expect(placed.call).toMatchObject({
      call_sid: placed.call_sid,
      direction: 'outbound',
      to_number: '+12135550142',
      from_number: LOCAL_VOICE_NUMBER,
      status: 'initiating',
      record: true,
      call_type: 'referral',
      referral_id: planReferral,
      provider_id: provider,
      placed_by_name: 'Casey Coordinator',
      recording_url: null,
    });

    const listed = (await history(`?referral_id=${planReferral}`)).calls;
    expect(listed[0]).toMatchObject({ id: placed.call.id, status: 'initiating' });

    const done = await eventually(
      async () => {
        const call = (await history()).calls.find((c) => c.id === placed.call.id);
        return call?.status === 'completed' && call.recording_url ? call : undefined;
      },
      5000,
      'the simulated call to complete with its recording',
    );
    expect(done.duration_seconds).toBe(1);
    expect(done.answered_at).not.toBeNull();
    expect(done.ended_at).not.toBeNull();
    expect(done.recording_url).toBe(`/api/calls/${done.id}/recording`);
    expect(done.recording_duration_seconds).toBe(1);

    const audio = await t.app.inject({
      method: 'GET',
      url: done.recording_url!,
      headers: bearer(coordinator, plan),
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(audio.rawPayload.length).toBe(44 + 8000 * 2);
    const audited = await one<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'call.recording_read' AND entity_id = $1`,
      [String(done.id)],
    );
    expect(audited.n).toBe(1);

    // Its communication record (channel voice) followed it; the context message is sealed at rest.
    const record = await one<Record<string, unknown>>(
      t.database,
      'SELECT channel, direction, category, status, external_id, body_text, phi, conversation_id, organization_id FROM communications WHERE id = $1',
      [done.communication_id],
    );
    expect(record).toMatchObject({
      channel: 'voice',
      direction: 'outbound',
      category: 'call',
      status: 'completed',
      external_id: placed.call_sid,
      phi: true,
      conversation_id: null,
      organization_id: plan,
    });
    expect(record.body_text).not.toContain('Rosalind');
    const sealed = await one<{ context_message: string }>(
      t.database,
      'SELECT context_message FROM calls WHERE id = $1',
      [done.id],
    );
    expect(sealed.context_message).not.toContain('Rosalind');

    // The referral's timeline: placed, then ended with its status and duration.
    const events = await t.database.query<{ type: string; details: Record<string, unknown> }>(
      `SELECT type, details FROM referral_events WHERE referral_id = $1 AND type IN ('call_placed', 'call_ended') ORDER BY id`,
      [planReferral],
    );
    expect(events.map((e) => e.type)).toEqual(['call_placed', 'call_ended']);
    expect(events[1]!.details).toMatchObject({ call_id: done.id, status: 'completed', duration_seconds: 1 });
  });

  it('records nothing when recording is off, and accepts 11 digits with the leading 1', async () => {
    const res = await place(provider, { to_number: '1-213-555-0142', record: false }, manager);
    expect(res.statusCode, res.body).toBe(200);
    const { call } = res.json() as { call: Call };
    expect(call).toMatchObject({
      to_number: '+12135550142',
      record: false,
      call_type: 'general',
      referral_id: null,
    });
    const done = await eventually(async () => {
      const c = (await history(`?provider_id=${provider}`)).calls.find((x) => x.id === call.id);
      return c?.status === 'completed' ? c : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const again = (await history(`?provider_id=${provider}`)).calls.find((x) => x.id === done.id)!;
    expect(again.recording_url).toBeNull();
    expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url: `/api/calls/${done.id}/recording`,
        headers: bearer(coordinator, plan),
      }),
      404,
      'not_found',
    );
    const body = (
      await t.app.inject({
        method: 'GET',
        url: `/api/calls/${done.id}/recording`,
        headers: bearer(coordinator, plan),
      })
    ).json();
    expect(body.message).toBe(VOICE_MESSAGES.recordingNotFound);
  });

  it('refuses a number that is not 10 digits (optionally with a leading 1)', async () => {
    for (const to_number of ['555-0142', '213555014299', '2-213-555-0142', 'call me']) {
      const body = expectEnvelope(await place(provider, { to_number }), 400, 'validation_failed');
      expect(body.message).toBe(COMMUNICATION_MESSAGES.invalidPhone);
      expect((body as unknown as { fields: Record<string, string> }).fields.to_number).toBe(
        COMMUNICATION_MESSAGES.invalidPhone,
      );
    }
    expectEnvelope(await place(provider, {}), 400);
    expectEnvelope(await place(provider, { to_number: '2135550142', provider_id: provider + 1 }), 400);
  });

  it("refuses an unknown provider, another organization's referral, a viewer and a caller without a session", async () => {
    const before = (await history()).total;
    const unknown = expectEnvelope(await place(999_999, { to_number: '2135550142' }), 404, 'not_found');
    expect(unknown.message).toBe(COMMUNICATION_MESSAGES.providerNotFound);
    expectEnvelope(
      await place(provider, { to_number: '2135550142', referral_id: hiddenReferral }),
      404,
      'not_found',
    );
    expectEnvelope(await place(provider, { to_number: '2135550142' }, viewer), 403, 'forbidden');
    expectEnvelope(await place(provider, { to_number: '2135550142' }, null), 401);
    expect((await history()).total).toBe(before);
  });
});

describe('GET /api/call-history and GET /api/calls/{id}/recording', () => {
  it("lists only the organization's calls, newest first, paged, filtered by referral and provider", async () => {
    const other = await providerWithPhone(t.database, '(213) 555-0177');
    const first = (await place(other, { to_number: '2135550177', record: false })).json().call as Call;
    const second = (await place(other, { to_number: '2135550177', record: false })).json().call as Call;
    const page = await history(`?provider_id=${other}`);
    expect(page.calls.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(page.total).toBe(2);
    const paged = await history(`?provider_id=${other}&page=2&page_size=1`);
    expect(paged.calls.map((c) => c.id)).toEqual([first.id]);
    expect(paged).toMatchObject({ page: 2, page_size: 1, total: 2 });
    // Harbor sees none of the health plan's calls; a viewer of the plan reads them.
    expect((await history(`?provider_id=${other}`, cbo, harbor)).calls).toEqual([]);
    expect((await history(`?provider_id=${other}`, viewer, plan)).total).toBe(2);
  });

  it("answers 404 for another organization's referral or call, 400 for bad filters, 401 without a session", async () => {
    expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url: `/api/call-history?referral_id=${hiddenReferral}`,
        headers: bearer(coordinator, plan),
      }),
      404,
    );
    expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url: '/api/call-history?page=0',
        headers: bearer(coordinator, plan),
      }),
      400,
    );
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/call-history' }), 401);
    const call = (await history()).calls.find((c) => c.recording_url)!;
    const res = await t.app.inject({ method: 'GET', url: call.recording_url!, headers: bearer(cbo, harbor) });
    expect(expectEnvelope(res, 404).message).toBe(VOICE_MESSAGES.callNotFound);
    expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url: '/api/calls/999999/recording',
        headers: bearer(coordinator, plan),
      }),
      404,
    );
    expectEnvelope(await t.app.inject({ method: 'GET', url: call.recording_url! }), 401);
  });
});

describe("Twilio's voice webhooks without Twilio configured", () => {
  it('refuse every call (403): nothing can sign them, and the local driver calls the services itself', async () => {
    const call = (await history()).calls.find((c) => c.referral_id === planReferral)!;
    const token = callTwimlToken(t.app.deps.config, call.id);
    for (const url of [
      `/api/webhooks/twilio/voice/calls/${call.id}/twiml?token=${token}`,
      '/api/webhooks/twilio/voice',
      '/api/webhooks/twilio/voice/status',
      '/api/webhooks/twilio/voice/recording',
      '/api/webhooks/twilio/voice/transcription',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `CallSid=${call.call_sid}&CallStatus=completed&From=%2B12135550161`,
      });
      expect(expectEnvelope(res, 403).message).toBe(TWILIO_NOT_CONFIGURED);
    }
  });
});

describe('the API document', () => {
  it('lists the phone and voicemail calls and the voice webhooks', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, object>);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/providers/{providerId}/communications/phone',
        '/api/call-history',
        '/api/calls/{id}/recording',
        '/api/voicemails',
        '/api/voicemails/{id}/mark-read',
        '/api/voicemails/{id}/audio',
        '/api/outbox/inbound/voicemail',
        '/api/webhooks/twilio/voice',
        '/api/webhooks/twilio/voice/status',
        '/api/webhooks/twilio/voice/recording',
        '/api/webhooks/twilio/voice/transcription',
        '/api/webhooks/twilio/voice/calls/{id}/twiml',
      ]),
    );
  });
});

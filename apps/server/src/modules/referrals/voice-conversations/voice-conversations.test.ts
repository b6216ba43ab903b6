import type { VoiceConversation } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import { api, buildTestApp, expectEnvelope, login, one, type TestApp } from '../../../../test/helpers.ts';
import { orgIdOf } from '../../../../test/voice-support.ts';

// POST /api/voice-conversations (000 §7: create, update, save_field) and GET /api/voice-conversations/{id}
// (issue #19): per organization, sealed at rest, audited, linked to the referral made from it.

let t: TestApp;
let call: ReturnType<typeof api>;
let plan: number;
let harbor: number;
let coordinator: string;
let manager: string;
let viewer: string;
let cbo: string;

const create = (token: string, org: number, session: string, language = 'es-ES') =>
  call('POST', '/api/voice-conversations', token, org, { action: 'create', session_id: session, language });

beforeAll(async () => {
  t = await buildTestApp();
  call = api(t);
  plan = await orgIdOf(t.database, 'Golden Valley Health Plan');
  harbor = await orgIdOf(t.database, 'Harbor Community Services');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  manager = await login(t.app, 'manager@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/voice-conversations', () => {
  it('creates, updates and saves fields; the conversation reads back whole, sealed in the database', async () => {
    const created = await create(coordinator, plan, 'session-abc-0001');
    expect(created.statusCode).toBe(200);
    const { conversation_id: id } = created.json() as { conversation_id: number };
    expect(id).toBeGreaterThan(0);
    // A retried create of the same session is the same conversation.
    expect((await create(coordinator, plan, 'session-abc-0001').then((r) => r.json())).conversation_id).toBe(
      id,
    );

    const update = await call('POST', '/api/voice-conversations', coordinator, plan, {
      action: 'update',
      conversation_id: id,
      transcript: 'Se llama María García. Necesita ayuda con comida.',
      extracted_data: { first_name: 'María', last_name: 'García', sdoh_needs: ['Food Assistance'] },
      conversation_messages: [
        {
          type: 'assistant',
          content: 'Dígame el nombre del miembro.',
          timestamp: '2026-11-29T10:00:00.000Z',
        },
        { type: 'user', content: 'Se llama María García.', timestamp: '2026-11-29T10:00:05.000Z' },
      ],
    });
    expect(update.json()).toEqual({ success: true });
    for (const [field, value, confidence] of [
      ['first_name', 'María', 'high'],
      ['sdoh_needs', ['Food Assistance'], 'medium'],
    ] as const) {
      const saved = await call('POST', '/api/voice-conversations', coordinator, plan, {
        action: 'save_field',
        conversation_id: id,
        field_name: field,
        extracted_value: value,
        original_text: 'Se llama María García. Necesita ayuda con comida.',
        confidence,
      });
      expect(saved.json()).toEqual({ success: true });
    }

    const read = await call('GET', `/api/voice-conversations/${id}`, manager, plan);
    expect(read.statusCode).toBe(200);
    const conversation = read.json() as VoiceConversation;
    expect(conversation).toMatchObject({
      id,
      session_id: 'session-abc-0001',
      language: 'es-ES',
      transcript: 'Se llama María García. Necesita ayuda con comida.',
      extracted_data: { first_name: 'María', sdoh_needs: ['Food Assistance'] },
      referral_id: null,
    });
    expect(conversation.messages).toHaveLength(2);
    expect(conversation.fields.map((f) => [f.field, f.value, f.confidence])).toEqual([
      ['first_name', 'María', 'high'],
      ['sdoh_needs', ['Food Assistance'], 'medium'],
    ]);

    const stored = await one<{ row: string }>(
      t,
      `SELECT row_to_json(c)::text AS row FROM voice_conversations c WHERE id = $1`,
      [id],
    );
    expect(stored.row).not.toMatch(/Mar[ií]a|Garc[ií]a|comida/);
    const fields = await one<{ rows: string }>(
      t,
      `SELECT json_agg(f)::text AS rows FROM voice_conversation_fields f WHERE conversation_id = $1`,
      [id],
    );
    expect(fields.rows).not.toMatch(/Mar[ií]a|Food/);
    const audited = await one<{ n: number }>(
      t,
      `SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'voice_conversation' AND entity_id = $1
         AND action IN ('voice_conversation.created', 'voice_conversation.updated',
                        'voice_conversation.field_saved', 'voice_conversation.read')`,
      [String(id)],
    );
    expect(audited.n).toBe(5);
  });

  it("answers 404 for another organization's conversation, and to every action on it", async () => {
    const { conversation_id: id } = (await create(coordinator, plan, 'session-private-01')).json();
    expectEnvelope(await call('GET', `/api/voice-conversations/${id}`, cbo, harbor), 404);
    expectEnvelope(
      await call('POST', '/api/voice-conversations', cbo, harbor, {
        action: 'update',
        conversation_id: id,
        transcript: 'overwritten',
        extracted_data: {},
        conversation_messages: [],
      }),
      404,
    );
    expectEnvelope(
      await call('POST', '/api/voice-conversations', cbo, harbor, {
        action: 'save_field',
        conversation_id: id,
        field_name: 'first_name',
        extracted_value: 'X',
        original_text: 'X',
        confidence: 'high',
      }),
      404,
    );
    // The same session id in another organization is that organization's own conversation.
    const theirs = await create(cbo, harbor, 'session-private-01');
    expect(theirs.json().conversation_id).not.toBe(id);
  });

  it("refuses another user's session id of the organization (409)", async () => {
    await create(coordinator, plan, 'session-shared-01');
    expectEnvelope(await create(manager, plan, 'session-shared-01'), 409);
  });

  it('refuses bad bodies with 400: unknown action, language, field, confidence, session id, extra keys', async () => {
    const { conversation_id: id } = (await create(coordinator, plan, 'session-bad-0001')).json();
    const bad = [
      { action: 'delete', conversation_id: id },
      { action: 'create', session_id: 'session-bad-0002', language: 'xx-XX' },
      { action: 'create', session_id: 'short', language: 'en-US' },
      { action: 'create', session_id: 'has spaces in it', language: 'en-US' },
      { action: 'create', session_id: 'session-bad-0003', language: 'en-US', extra: true },
      {
        action: 'save_field',
        conversation_id: id,
        field_name: 'password',
        extracted_value: 'x',
        original_text: '',
        confidence: 'high',
      },
      {
        action: 'save_field',
        conversation_id: id,
        field_name: 'first_name',
        extracted_value: 'x',
        original_text: '',
        confidence: 'low',
      },
      {
        action: 'update',
        conversation_id: id,
        transcript: 'x'.repeat(50_001),
        extracted_data: {},
        conversation_messages: [],
      },
      {
        action: 'update',
        conversation_id: id,
        transcript: '',
        extracted_data: { ssn: '123' },
        conversation_messages: [],
      },
    ];
    for (const body of bad) {
      expectEnvelope(await call('POST', '/api/voice-conversations', coordinator, plan, body), 400);
    }
  });

  it('is for the roles that create referrals: viewer 403, no session 401', async () => {
    expectEnvelope(await create(viewer, plan, 'session-viewer-01'), 403);
    expectEnvelope(await create('', plan, 'session-anon-0001').catch(() => null as never), 401);
  });
});

describe('a referral created from a voice conversation', () => {
  it('links to it; the conversation is then closed to changes and to a second referral', async () => {
    const { conversation_id: id } = (await create(coordinator, plan, 'session-referral-1', 'en-US')).json();
    const referral = await createReferral(t, { token: coordinator, orgId: plan, voice_conversation_id: id });
    const conversation = (await call('GET', `/api/voice-conversations/${id}`, coordinator, plan)).json();
    expect(conversation.referral_id).toBe(referral.id);
    const event = await one<{ details: Record<string, unknown> }>(
      t,
      `SELECT details FROM referral_events WHERE referral_id = $1 AND type = 'created'`,
      [referral.id],
    );
    expect(event.details).toMatchObject({ voice_conversation_id: id });
    expectEnvelope(
      await call('POST', '/api/voice-conversations', coordinator, plan, {
        action: 'update',
        conversation_id: id,
        transcript: 'later',
        extracted_data: {},
        conversation_messages: [],
      }),
      409,
    );
    await expect(
      createReferral(t, { token: coordinator, orgId: plan, voice_conversation_id: id }),
    ).rejects.toThrow(/409/);
  });

  it("refuses another organization's conversation (404) and creates no referral", async () => {
    const { conversation_id: id } = (await create(cbo, harbor, 'session-referral-2', 'en-US')).json();
    const before = await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM referrals');
    await expect(
      createReferral(t, { token: coordinator, orgId: plan, voice_conversation_id: id }),
    ).rejects.toThrow(/404/);
    const after = await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM referrals');
    expect(after.n).toBe(before.n);
  });
});

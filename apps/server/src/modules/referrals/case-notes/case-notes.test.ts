import type { AddressInfo } from 'node:net';
import { CASE_NOTE_MESSAGES, type CaseNote, type CaseNoteList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  expectEnvelope,
  login,
  openEventStream,
  type TestApp,
} from '../../../../test/helpers.ts';

let t: TestApp;
let plan: number;
let harbor: number;
let coordinator: string;
let manager: string;
let orgadmin: string;
let viewer: string;
let cbo: string;
let admin: string;
let coordinatorId: number;
/** A referral of the plan that Harbor does not see. */
let planReferral: number;
/** A referral of the plan matched to Harbor's provider listing: both organizations see it. */
let sharedReferral: number;

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(sql, params);
  return row!;
}

beforeAll(async () => {
  t = await buildTestApp();
  plan = (await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'"))
    .id;
  harbor = (
    await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Harbor Community Services'")
  ).id;
  coordinatorId = (await one<{ id: number }>("SELECT id FROM users WHERE email = 'coordinator@trust.demo'"))
    .id;
  planReferral = (
    await one<{ id: number }>(
      `SELECT r.id FROM referrals r LEFT JOIN providers p ON p.id = r.matched_provider_id
        WHERE r.organization_id = $1 AND p.organization_id IS DISTINCT FROM $2 ORDER BY r.id LIMIT 1`,
      [plan, harbor],
    )
  ).id;
  sharedReferral = (
    await one<{ id: number }>(
      `SELECT r.id FROM referrals r JOIN providers p ON p.id = r.matched_provider_id
        WHERE r.organization_id = $1 AND p.organization_id = $2 ORDER BY r.id LIMIT 1`,
      [plan, harbor],
    )
  ).id;
  coordinator = await login(t.app, 'coordinator@trust.demo');
  manager = await login(t.app, 'manager@trust.demo');
  orgadmin = await login(t.app, 'orgadmin@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
});
afterAll(async () => t?.close());

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
  org?: number,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token, org) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function addNote(
  body: Record<string, unknown> = {},
  token = coordinator,
  org = plan,
  referralId = planReferral,
): Promise<CaseNote> {
  const res = await api(
    'POST',
    '/api/case-notes',
    token,
    {
      referral_id: referralId,
      content: 'Called the member.',
      content_html: '<p>Called the member.</p>',
      ...body,
    },
    org,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CaseNote;
}

async function listNotes(referralId = planReferral, token = coordinator, org = plan): Promise<CaseNoteList> {
  const res = await api('GET', `/api/case-notes?referral_id=${referralId}`, token, undefined, org);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CaseNoteList;
}

async function eventsOf(noteId: number) {
  return t.database.query<{ type: string; details: Record<string, unknown>; actor_user_id: number }>(
    `SELECT type, details, actor_user_id FROM referral_events WHERE details->>'note_id' = $1 ORDER BY id`,
    [String(noteId)],
  );
}

async function auditOf(action: string, entityId: number) {
  return t.database.query<{
    actor_user_id: number;
    organization_id: number;
    details: Record<string, unknown>;
  }>('SELECT actor_user_id, organization_id, details FROM audit_log WHERE action = $1 AND entity_id = $2', [
    action,
    String(entityId),
  ]);
}

describe('POST /api/case-notes', () => {
  it('adds a note by the signed-in user (user_id sent is ignored), with its timeline event and audit row', async () => {
    const note = await addNote({
      user_id: 1,
      content: '  Member prefers afternoons.  ',
      content_html: '<p>Member prefers <strong>afternoons</strong>.</p>',
      language: 'es-MX',
    });
    expect(note).toMatchObject({
      referral_id: planReferral,
      user_id: coordinatorId,
      organization_id: plan,
      author_name: 'Casey Coordinator',
      content: 'Member prefers afternoons.',
      content_html: '<p>Member prefers <strong>afternoons</strong>.</p>',
      is_voice_note: false,
      language: 'es-MX',
      visibility: 'internal',
      can_edit: true,
    });
    expect(note.created_at).toBe(note.updated_at);

    // The timeline carries the note's id only: its text is PHI.
    const events = await eventsOf(note.id);
    expect(events).toEqual([
      {
        type: 'note_added',
        details: { note_id: note.id, organization_id: plan, visibility: 'internal' },
        actor_user_id: coordinatorId,
      },
    ]);
    expect(JSON.stringify(events)).not.toContain('afternoons');
    expect(await auditOf('case_note.created', note.id)).toEqual([
      {
        actor_user_id: coordinatorId,
        organization_id: plan,
        details: { referral_id: planReferral, visibility: 'internal' },
      },
    ]);
  });

  it('sanitises the rich text on the server and derives the plain text when none is sent', async () => {
    const note = await addNote({
      content: undefined,
      content_html:
        '<h3 style="text-align: center" onclick="x()">Plan</h3><script>alert(1)</script><img src=x onerror=alert(1)>' +
        '<ul><li><p>Call <a href="javascript:alert(1)">the clinic</a></p></li></ul>',
    });
    expect(note.content_html).toBe(
      '<h3 style="text-align:center">Plan</h3><ul><li><p>Call the clinic</p></li></ul>',
    );
    expect(note.content).toBe('Plan\nCall the clinic');
    const [stored] = await t.database.query<{ content_html: string }>(
      'SELECT content_html FROM case_notes WHERE id = $1',
      [note.id],
    );
    expect(stored!.content_html).not.toMatch(/script|onerror|onclick|javascript/i);
  });

  it('stores plain text as paragraphs when no rich text is sent', async () => {
    const note = await addNote({ content: 'Line <one>\nLine two', content_html: null });
    expect(note.content_html).toBe('<p>Line &lt;one&gt;</p><p>Line two</p>');
  });

  it('refuses blank text with a content message (001 §5), even when the markup is only a script', async () => {
    for (const body of [
      { content: '   ', content_html: '<p> </p>' },
      { content: '', content_html: '<script>alert("hello")</script>' },
      { content: undefined, content_html: undefined },
    ]) {
      const res = await api(
        'POST',
        '/api/case-notes',
        coordinator,
        { referral_id: planReferral, ...body },
        plan,
      );
      const err = expectEnvelope(res, 400, 'validation_failed') as unknown as {
        fields: Record<string, string>;
      };
      expect(err.fields).toEqual({ content: 'Please enter a note.' });
    }
  });

  it('refuses a missing referral, a too-long note, a bad language and unknown fields, field by field', async () => {
    const missing = await api('POST', '/api/case-notes', coordinator, { content: 'x' }, plan);
    expect((expectEnvelope(missing, 400) as unknown as { fields: object }).fields).toMatchObject({
      referral_id: 'referral_id must be the id of a referral.',
    });
    const long = await api(
      'POST',
      '/api/case-notes',
      coordinator,
      { referral_id: planReferral, content: 'x'.repeat(10_001) },
      plan,
    );
    expect((expectEnvelope(long, 400) as unknown as { fields: object }).fields).toEqual({
      content: 'A note can be at most 10000 characters.',
    });
    // Derived text is held to the same limit.
    const longHtml = await api(
      'POST',
      '/api/case-notes',
      coordinator,
      { referral_id: planReferral, content_html: `<p>${'y'.repeat(10_001)}</p>` },
      plan,
    );
    expect((expectEnvelope(longHtml, 400) as unknown as { fields: object }).fields).toEqual({
      content: 'A note can be at most 10000 characters.',
    });
    const bad = await api(
      'POST',
      '/api/case-notes',
      coordinator,
      { referral_id: planReferral, content: 'x', language: 'english please', author_name: 'Someone Else' },
      plan,
    );
    expect((expectEnvelope(bad, 400) as unknown as { fields: object }).fields).toEqual({
      language: 'Language must be a language code such as en or es-MX.',
      author_name: 'Unknown field.',
    });
  });

  it('refuses a voice note without its recording (422: POST /api/case-notes/voice takes it)', async () => {
    const res = await api(
      'POST',
      '/api/case-notes',
      coordinator,
      { referral_id: planReferral, content: 'Transcribed text', is_voice_note: true },
      plan,
    );
    expect(expectEnvelope(res, 422, 'rule_broken').message).toBe(CASE_NOTE_MESSAGES.voiceNotSupported);
  });

  it('needs a session (401) and a writer role (403 for a viewer)', async () => {
    expectEnvelope(
      await api('POST', '/api/case-notes', null, { referral_id: planReferral, content: 'x' }),
      401,
    );
    expectEnvelope(
      await api('POST', '/api/case-notes', viewer, { referral_id: planReferral, content: 'x' }, plan),
      403,
    );
  });

  it("answers 404 for another organization's referral and for an unknown one", async () => {
    const before = await one<{ n: number }>('SELECT count(*)::int AS n FROM case_notes');
    const other = await api(
      'POST',
      '/api/case-notes',
      cbo,
      { referral_id: planReferral, content: 'x' },
      harbor,
    );
    expect(expectEnvelope(other, 404).message).toBe('Referral not found');
    expectEnvelope(
      await api('POST', '/api/case-notes', coordinator, { referral_id: 99_999_999, content: 'x' }, plan),
      404,
    );
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM case_notes')).n).toBe(before.n);
  });
});

describe('GET /api/case-notes', () => {
  it('lists the notes newest first with can_edit for the caller, and audits the read', async () => {
    const first = await addNote({ content: 'First', content_html: '<p>First</p>' });
    const second = await addNote({ content: 'Second', content_html: '<p>Second</p>' }, manager);
    const list = await listNotes();
    expect(list.total).toBe(list.notes.length);
    const ids = list.notes.map((n) => n.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const created = list.notes.map((n) => n.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const byId = (l: CaseNoteList, id: number) => l.notes.find((n) => n.id === id)!;
    expect(byId(list, first.id).can_edit).toBe(true);
    expect(byId(list, second.id)).toMatchObject({ can_edit: false, author_name: 'Morgan Manager' });
    // An org_admin of the note's organization may change anyone's note; a viewer reads only.
    expect(byId(await listNotes(planReferral, orgadmin), second.id).can_edit).toBe(true);
    expect(list.can_add).toBe(true);
    const viewed = await listNotes(planReferral, viewer);
    expect(viewed.notes.every((n) => !n.can_edit)).toBe(true);
    expect(viewed.can_add).toBe(false);

    // Each read names the notes it showed (issue #12), and the referral they belong to.
    const reads = await t.database.query<{ entity_type: string; details: { ids: number[] } }>(
      "SELECT entity_type, details FROM audit_log WHERE action = 'case_note.list_read' AND details->>'referral_id' = $1 ORDER BY id",
      [String(planReferral)],
    );
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(reads.every((r) => r.entity_type === 'case_note')).toBe(true);
    expect(reads.at(-1)!.details.ids).toEqual(viewed.notes.map((n) => n.id));
  });

  it('pages on the server', async () => {
    const all = await listNotes();
    expect(all.total).toBeGreaterThan(2);
    const res = await api(
      'GET',
      `/api/case-notes?referral_id=${planReferral}&page=2&page_size=2`,
      coordinator,
      undefined,
      plan,
    );
    const page = res.json() as CaseNoteList;
    expect(page).toMatchObject({ page: 2, page_size: 2, total: all.total });
    expect(page.notes.map((n) => n.id)).toEqual(all.notes.slice(2, 4).map((n) => n.id));
  });

  it('needs a referral id (400), a session (401), and a referral the organization sees (404)', async () => {
    const res = await api('GET', '/api/case-notes', coordinator, undefined, plan);
    expect((expectEnvelope(res, 400) as unknown as { fields: object }).fields).toHaveProperty('referral_id');
    expectEnvelope(await api('GET', '/api/case-notes?referral_id=abc', coordinator, undefined, plan), 400);
    expectEnvelope(await api('GET', `/api/case-notes?referral_id=${planReferral}`, null), 401);
    expectEnvelope(
      await api('GET', `/api/case-notes?referral_id=${planReferral}`, cbo, undefined, harbor),
      404,
    );
  });
});

describe("the matched provider's organization and note visibility (issue #12)", () => {
  const timeline = async (token: string, org: number) => {
    const res = await api('GET', `/api/referrals/${sharedReferral}/events`, token, undefined, org);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { events: { type: string; details: { note_id?: number } }[] }).events;
  };
  const noteIdsOn = async (token: string, org: number) =>
    (await timeline(token, org)).filter((e) => e.type.startsWith('note_')).map((e) => e.details.note_id);

  it("does not read the referring organization's internal notes: not listed, not counted, 404 by id, not on the timeline", async () => {
    const before = await listNotes(sharedReferral, cbo, harbor);
    const internal = await addNote(
      { content: 'Member disclosed a relapse; internal only' },
      coordinator,
      plan,
      sharedReferral,
    );
    expect(internal.visibility).toBe('internal');

    const seen = await listNotes(sharedReferral, cbo, harbor);
    expect(seen.notes.some((n) => n.id === internal.id)).toBe(false);
    expect(seen.total).toBe(before.total);
    expect(JSON.stringify(seen)).not.toContain('relapse');
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await api(method, `/api/case-notes/${internal.id}`, cbo, { content: 'x' }, harbor);
      expect(expectEnvelope(res, 404).message).toBe('Note not found');
    }
    expect(await noteIdsOn(cbo, harbor)).not.toContain(internal.id);
    // The referring organization reads it, on the list and the timeline.
    expect((await listNotes(sharedReferral)).notes.some((n) => n.id === internal.id)).toBe(true);
    expect(await noteIdsOn(coordinator, plan)).toContain(internal.id);
    const [stored] = await t.database.query<{ content: string }>(
      'SELECT content FROM case_notes WHERE id = $1',
      [internal.id],
    );
    expect(stored!.content).toBe('Member disclosed a relapse; internal only');
  });

  it('reads a note the referring organization shared with it, and names whom its own notes would reach', async () => {
    const shared = await addNote(
      { content: 'Member prefers afternoons', visibility: 'shared' },
      coordinator,
      plan,
      sharedReferral,
    );
    expect(shared.visibility).toBe('shared');
    const seen = await listNotes(sharedReferral, cbo, harbor);
    expect(seen.notes.find((n) => n.id === shared.id)).toMatchObject({
      content: 'Member prefers afternoons',
      visibility: 'shared',
      organization_id: plan,
      can_edit: false,
    });
    expect(seen).toMatchObject({ shares_with: 'referrer', referring_organization_id: plan });
    expect(await listNotes(sharedReferral)).toMatchObject({
      shares_with: 'provider',
      referring_organization_id: plan,
    });
    expect(await noteIdsOn(cbo, harbor)).toContain(shared.id);
    // Read, never changed, by the provider.
    const put = await api('PUT', `/api/case-notes/${shared.id}`, cbo, { content: 'changed' }, harbor);
    expect(expectEnvelope(put, 403).message).toBe('Only the author can change this note.');
    expect(put.json().reason).toBe('case_note.author_only');
  });

  it('adds its own notes: internal to it unless shared with the referring organization', async () => {
    const own = await addNote({ content: 'Intake booked' }, cbo, harbor, sharedReferral);
    expect(own).toMatchObject({
      organization_id: harbor,
      author_name: 'Corey Community',
      visibility: 'internal',
      can_edit: true,
    });
    expect((await listNotes(sharedReferral)).notes.some((n) => n.id === own.id)).toBe(false);
    expect((await listNotes(sharedReferral, cbo, harbor)).notes.some((n) => n.id === own.id)).toBe(true);

    const harborNote = await addNote(
      { content: 'Intake on Monday 10am', visibility: 'shared' },
      cbo,
      harbor,
      sharedReferral,
    );
    // The plan sees it; its org_admin does not administer Harbor's notes.
    const fromPlan = await listNotes(sharedReferral, orgadmin);
    expect(fromPlan.notes.find((n) => n.id === harborNote.id)).toMatchObject({
      visibility: 'shared',
      can_edit: false,
    });
    const put = await api('PUT', `/api/case-notes/${harborNote.id}`, orgadmin, { content: 'changed' }, plan);
    expect(expectEnvelope(put, 403).message).toBe('Only the author can change this note.');
  });

  it('the author shares an internal note later, and stops sharing it (audited)', async () => {
    const note = await addNote({ content: 'Transport arranged' }, coordinator, plan, sharedReferral);
    const share = await api(
      'PUT',
      `/api/case-notes/${note.id}`,
      coordinator,
      { content: 'Transport arranged', visibility: 'shared' },
      plan,
    );
    expect(share.statusCode, share.body).toBe(200);
    expect(share.json()).toMatchObject({ visibility: 'shared', content: 'Transport arranged' });
    expect((await listNotes(sharedReferral, cbo, harbor)).notes.some((n) => n.id === note.id)).toBe(true);
    expect(await auditOf('case_note.updated', note.id)).toEqual([
      expect.objectContaining({
        details: { referral_id: sharedReferral, visibility: 'shared', visibility_from: 'internal' },
      }),
    ]);
    // An edit that leaves visibility out keeps it.
    const edit = await api(
      'PUT',
      `/api/case-notes/${note.id}`,
      coordinator,
      { content: 'Transport booked' },
      plan,
    );
    expect(edit.json()).toMatchObject({ visibility: 'shared', content: 'Transport booked' });
    const unshare = await api(
      'PUT',
      `/api/case-notes/${note.id}`,
      coordinator,
      { content: 'Transport booked', visibility: 'internal' },
      plan,
    );
    expect(unshare.json().visibility).toBe('internal');
    expect((await listNotes(sharedReferral, cbo, harbor)).notes.some((n) => n.id === note.id)).toBe(false);
    expectEnvelope(await api('DELETE', `/api/case-notes/${note.id}`, cbo, undefined, harbor), 404);
  });

  it('refuses a visibility that is not internal or shared (400), writing nothing', async () => {
    const count = async () =>
      (
        await one<{ n: number }>('SELECT count(*)::int AS n FROM case_notes WHERE referral_id = $1', [
          sharedReferral,
        ])
      ).n;
    const before = await count();
    for (const visibility of ['public', 'SHARED', '', 1, null, ['shared']]) {
      const res = await api(
        'POST',
        '/api/case-notes',
        coordinator,
        { referral_id: sharedReferral, content: 'x', visibility },
        plan,
      );
      const body = expectEnvelope(res, 400, 'validation_failed') as unknown as {
        fields: Record<string, string>;
      };
      expect(body.fields.visibility).toBe("Visibility must be 'internal' or 'shared'.");
    }
    expect(await count()).toBe(before);
    const note = await addNote({}, coordinator, plan, sharedReferral);
    const put = await api(
      'PUT',
      `/api/case-notes/${note.id}`,
      coordinator,
      { content: 'x', visibility: 'everyone' },
      plan,
    );
    expect(
      (expectEnvelope(put, 400) as unknown as { fields: Record<string, string> }).fields.visibility,
    ).toBe("Visibility must be 'internal' or 'shared'.");
    expect(
      (await one<{ visibility: string }>('SELECT visibility FROM case_notes WHERE id = $1', [note.id]))
        .visibility,
    ).toBe('internal');
  });
});

describe('live updates', () => {
  it("tells the organizations that may read the note that the referral changed, with ids only (never the note's text)", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {});
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const provider = await openEventStream(base, cbo);
    const owner = await openEventStream(base, coordinator, plan);
    try {
      const noteAdded = (stream: typeof provider, count: number) => () =>
        stream.events.filter(
          (e) =>
            e.type === 'referral.changed' &&
            (e.data as { id: number; change: string }).id === sharedReferral &&
            (e.data as { change: string }).change === 'note_added',
        ).length >= count;
      // An internal note: the referring organization hears of it, the matched provider not even that it exists.
      await addNote({ content: 'Secret detail about the member' }, coordinator, plan, sharedReferral);
      expect(await owner.waitFor(noteAdded(owner, 1), 5000)).toBe(true);
      // A shared one reaches both; the internal one was announced before it, so the provider got only this.
      await addNote(
        { content: 'Prefers afternoons', visibility: 'shared' },
        coordinator,
        plan,
        sharedReferral,
      );
      expect(await owner.waitFor(noteAdded(owner, 2), 5000)).toBe(true);
      expect(await provider.waitFor(noteAdded(provider, 1), 5000)).toBe(true);
      expect(noteAdded(provider, 2)()).toBe(false);
      expect(JSON.stringify(provider.events)).not.toContain('Secret detail');
      expect(JSON.stringify(provider.events)).not.toContain('Prefers afternoons');
    } finally {
      provider.close();
      owner.close();
    }
  });
});

describe('PUT /api/case-notes/{id}', () => {
  it('lets the author edit: new text, updated_at moves, a timeline event and an audit row', async () => {
    const note = await addNote();
    await t.database.query(
      "UPDATE case_notes SET created_at = now() - interval '1 hour', updated_at = now() - interval '1 hour' WHERE id = $1",
      [note.id],
    );
    const res = await api(
      'PUT',
      `/api/case-notes/${note.id}`,
      coordinator,
      { content: 'Edited text', content_html: '<p><u>Edited</u> text</p><iframe src="x"></iframe>' },
      plan,
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as CaseNote;
    expect(edited).toMatchObject({
      id: note.id,
      content: 'Edited text',
      content_html: '<p><u>Edited</u> text</p>',
    });
    expect(new Date(edited.updated_at).getTime()).toBeGreaterThan(new Date(edited.created_at).getTime());
    expect((await eventsOf(note.id)).map((e) => e.type)).toEqual(['note_added', 'note_updated']);
    expect(await auditOf('case_note.updated', note.id)).toHaveLength(1);
  });

  it('an org_admin of the organization and a super_admin may edit anyone’s note', async () => {
    const note = await addNote();
    const byAdmin = await api(
      'PUT',
      `/api/case-notes/${note.id}`,
      orgadmin,
      { content: 'By the org admin' },
      plan,
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const bySuper = await api(
      'PUT',
      `/api/case-notes/${note.id}`,
      admin,
      { content: 'By the super admin' },
      plan,
    );
    expect(bySuper.statusCode, bySuper.body).toBe(200);
    expect((bySuper.json() as CaseNote).content).toBe('By the super admin');
  });

  it('refuses blank text (400), no session (401), viewers and non-authors (403), unknown or unseen notes (404)', async () => {
    const note = await addNote();
    const blank = await api(
      'PUT',
      `/api/case-notes/${note.id}`,
      coordinator,
      { content: ' ', content_html: '<p></p>' },
      plan,
    );
    expect((expectEnvelope(blank, 400) as unknown as { fields: object }).fields).toEqual({
      content: 'Please enter a note.',
    });
    const unknownField = await api(
      'PUT',
      `/api/case-notes/${note.id}`,
      coordinator,
      { content: 'x', referral_id: 3 },
      plan,
    );
    expect((expectEnvelope(unknownField, 400) as unknown as { fields: object }).fields).toEqual({
      referral_id: 'Unknown field.',
    });
    expectEnvelope(await api('PUT', `/api/case-notes/${note.id}`, null, { content: 'x' }), 401);
    expectEnvelope(await api('PUT', `/api/case-notes/${note.id}`, viewer, { content: 'x' }, plan), 403);
    const other = await api('PUT', `/api/case-notes/${note.id}`, manager, { content: 'x' }, plan);
    expect(expectEnvelope(other, 403).message).toBe('Only the author can change this note.');
    expect(
      expectEnvelope(await api('PUT', '/api/case-notes/99999999', coordinator, { content: 'x' }, plan), 404)
        .message,
    ).toBe('Note not found');
    expect(
      expectEnvelope(await api('PUT', `/api/case-notes/${note.id}`, cbo, { content: 'x' }, harbor), 404)
        .message,
    ).toBe('Note not found');
    const [stored] = await t.database.query<{ content: string }>(
      'SELECT content FROM case_notes WHERE id = $1',
      [note.id],
    );
    expect(stored!.content).toBe('Called the member.');
  });
});

describe('DELETE /api/case-notes/{id}', () => {
  it('lets the author delete, with a timeline event and an audit row', async () => {
    const note = await addNote();
    const res = await api('DELETE', `/api/case-notes/${note.id}`, coordinator, undefined, plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Note deleted', id: note.id });
    expect((await listNotes()).notes.some((n) => n.id === note.id)).toBe(false);
    expect((await eventsOf(note.id)).map((e) => e.type)).toEqual(['note_added', 'note_deleted']);
    expect(await auditOf('case_note.deleted', note.id)).toHaveLength(1);
    expectEnvelope(await api('DELETE', `/api/case-notes/${note.id}`, coordinator, undefined, plan), 404);
  });

  it('refuses no session (401), viewers and non-authors (403), and notes the organization does not see (404)', async () => {
    const note = await addNote();
    expectEnvelope(await api('DELETE', `/api/case-notes/${note.id}`, null), 401);
    expectEnvelope(await api('DELETE', `/api/case-notes/${note.id}`, viewer, undefined, plan), 403);
    const other = await api('DELETE', `/api/case-notes/${note.id}`, manager, undefined, plan);
    expect(expectEnvelope(other, 403).message).toBe('Only the author can change this note.');
    expectEnvelope(await api('DELETE', `/api/case-notes/${note.id}`, cbo, undefined, harbor), 404);
    expectEnvelope(await api('DELETE', '/api/case-notes/abc', coordinator, undefined, plan), 400);
    const [still] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM case_notes WHERE id = $1',
      [note.id],
    );
    expect(still!.n).toBe(1);
  });

  it('an org_admin of the organization deletes a staff note', async () => {
    const note = await addNote({}, manager);
    const res = await api('DELETE', `/api/case-notes/${note.id}`, orgadmin, undefined, plan);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the API document', () => {
  it('describes the case-notes endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/case-notes'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/api/case-notes/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['put', 'delete']),
    );
  });
});

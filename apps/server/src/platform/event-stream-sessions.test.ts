import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../test/factories.ts';
import {
  bearer,
  buildTestApp,
  forgetCachedSessions,
  login,
  openEventStream,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/helpers.ts';
import { hashToken } from './crypto.ts';
import { announceSessionChange } from './sessions.ts';

// Issue #12 "PHI after the session ends": an open /api/events stream belongs to its session. It is closed
// within 5 s of the session ending for any reason, and filtered by the session's current rights.

let t: TestApp;
let base: string;
let plan: number;
let riverbend: number;
/** A coordinator session of the health plan that creates the referrals (never ended here). */
let creator: string;

const CLOSE_MS = 5000;

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(text, params);
  return row as T;
}
const orgId = async (name: string) =>
  (await one<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [name])).id;
const userId = async (email: string) =>
  (await one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).id;
const sessionIdOf = async (token: string) =>
  (await one<{ id: number }>('SELECT id FROM sessions WHERE token_hash = $1', [hashToken(token)])).id;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  plan = await orgId('Golden Valley Health Plan');
  riverbend = await orgId('Riverbend Family Clinic');
  creator = await login(t.app, 'coordinator@trust.demo');
});
afterAll(async () => t?.close());

/** A new Pending referral of the health plan: it goes out on the live feed of every open stream. */
const newReferral = (overrides: { last_name?: string } = {}) =>
  createReferral(t, { token: creator, orgId: plan, ...overrides });

type Stream = Awaited<ReturnType<typeof openEventStream>>;
const mentions = (stream: Stream, id: number) =>
  stream.events.some((e) => (e.data as { id?: unknown } | null)?.id === id);

/**
 * After a stream was closed: a referral created now reaches a signed-out control stream (so it was
 * published) and never the closed one; the closed session's token is refused.
 */
async function expectClosedForGood(closed: Stream, token: string) {
  const control = await openEventStream(base);
  const referral = await newReferral();
  expect(await control.waitFor(() => mentions(control, referral.id))).toBe(true);
  expect(mentions(closed, referral.id)).toBe(false);
  control.close();
  // The browser's reconnect with the dead session is refused, so it signs out (not a visitor's stream).
  const again = await fetch(`${base}/api/events`, { headers: bearer(token) });
  if (again.status === 200) await again.body?.cancel();
  expect(again.status).toBe(401);
  expect((await fetch(`${base}/auth/me`, { headers: bearer(token) })).status).toBe(401);
}

describe('an event stream is closed within 5 s when its session ends', () => {
  it('on logout', async () => {
    const token = await login(t.app, 'viewer@trust.demo');
    const stream = await openEventStream(base, token);
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBeLessThan(300);
    expect(await stream.waitForEnd(CLOSE_MS)).toBe(true);
    await expectClosedForGood(stream, token);
  });

  it('on a password reset (every session of the user)', async () => {
    const token = await login(t.app, 'provider@trust.demo');
    const stream = await openEventStream(base, token);
    // A reset link as forgot-password stores it (the token is only ever stored hashed).
    const resetToken = `stream-test-reset-${Date.now()}`;
    await t.database.query(
      "INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')",
      [await userId('provider@trust.demo'), hashToken(resetToken)],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        reset_token: resetToken,
        new_password: 'Brand-new-pass-1',
        confirm_password: 'Brand-new-pass-1',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stream.waitForEnd(CLOSE_MS)).toBe(true);
    await expectClosedForGood(stream, token);
  });

  it("on a password change (the user's other sessions; the changing one keeps its stream)", async () => {
    const other = await login(t.app, 'manager@trust.demo');
    const current = await login(t.app, 'manager@trust.demo');
    const otherStream = await openEventStream(base, other);
    const currentStream = await openEventStream(base, current);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(current),
      payload: {
        current_password: TEST_PASSWORD,
        new_password: 'Changed-pass-22',
        confirm_password: 'Changed-pass-22',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await otherStream.waitForEnd(CLOSE_MS)).toBe(true);
    await expectClosedForGood(otherStream, other);
    expect(currentStream.ended).toBe(false);
    currentStream.close();
  });

  it('on idle expiry, which the open stream itself does not postpone', async () => {
    // The stream's session is re-read every 500 ms instead of at its deadline 60 minutes away; moving
    // last_seen_at back stands for an hour without requests.
    const checks = t.app.deps.events.sessions.options;
    const saved = checks.recheckMs;
    checks.recheckMs = 500;
    try {
      const token = await login(t.app, 'staff@trust.demo');
      const stream = await openEventStream(base, token);
      await t.database.query(
        "UPDATE sessions SET last_seen_at = now() - interval '61 minutes' WHERE id = $1",
        [await sessionIdOf(token)],
      );
      // The app's session cache still holds the time of the stream's own request (issue #22).
      forgetCachedSessions(t);
      expect(await stream.waitForEnd(CLOSE_MS)).toBe(true);
      await expectClosedForGood(stream, token);
    } finally {
      checks.recheckMs = saved;
    }
  });

  it('at the 12-hour limit, on the deadline the stream was opened with (no announcement, no polling)', async () => {
    expect(t.app.deps.events.sessions.options.recheckMs).toBeGreaterThanOrEqual(60_000);
    const token = await login(t.app, 'system@trust.demo');
    // The session's age limit falls 2 s from now.
    await t.database.query("UPDATE sessions SET expires_at = now() + interval '2 seconds' WHERE id = $1", [
      await sessionIdOf(token),
    ]);
    const stream = await openEventStream(base, token);
    const opened = Date.now();
    expect(await stream.waitForEnd(2000 + CLOSE_MS)).toBe(true);
    expect(Date.now() - opened).toBeGreaterThan(1000);
    await expectClosedForGood(stream, token);
  });

  it('a deadline that passed while the session was used meanwhile is moved, not obeyed', async () => {
    const checks = t.app.deps.events.sessions.options;
    const saved = checks.recheckMs;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      checks.recheckMs = 300;
      const token = await login(t.app, 'viewer@trust.demo');
      const stream = await openEventStream(base, token);
      // The session goes idle 6 s from now; the stream learns that deadline on its next re-read.
      await t.database.query(
        "UPDATE sessions SET last_seen_at = now() - interval '59 minutes 54 seconds' WHERE id = $1",
        [await sessionIdOf(token)],
      );
      forgetCachedSessions(t);
      await sleep(1500);
      // From here on only the deadline triggers a re-read (one more re-read picks the deadline up).
      checks.recheckMs = saved;
      await sleep(1300);
      // A request (in any process) moves last_seen_at forward before the deadline.
      expect((await fetch(`${base}/auth/me`, { headers: bearer(token) })).status).toBe(200);
      const touched = await one<{ at: Date }>('SELECT last_seen_at AS at FROM sessions WHERE id = $1', [
        await sessionIdOf(token),
      ]);
      // The deadline passes; the re-read finds the session alive and reschedules.
      expect(await stream.waitForEnd(5500)).toBe(false);
      // Reading the session for the stream did not touch it.
      const after = await one<{ at: Date }>('SELECT last_seen_at AS at FROM sessions WHERE id = $1', [
        await sessionIdOf(token),
      ]);
      expect(new Date(after.at).getTime()).toBe(new Date(touched.at).getTime());
      stream.close();
    } finally {
      checks.recheckMs = saved;
    }
  });

  it('on removal from the organization the stream acts for; a stream for another of its organizations stays', async () => {
    const admin = await login(t.app, 'admin@trust.demo');
    const token = await login(t.app, 'coordinator@trust.demo');
    const forRiverbend = await openEventStream(base, token, riverbend);
    const forPlan = await openEventStream(base, token, plan);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/cbos/${riverbend}/users/${await userId('coordinator@trust.demo')}`,
      headers: bearer(admin, riverbend),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await forRiverbend.waitForEnd(CLOSE_MS)).toBe(true);
    // The rest of the user's rights are untouched: the plan's stream hears the plan's events.
    await t.app.deps.events.publish('org.note', { kind: 'org', org_id: plan }, { n: 1 });
    expect(await forPlan.waitForType('org.note')).toBe(true);
    await t.app.deps.events.publish('org.note.riverbend', { kind: 'org', org_id: riverbend }, { n: 1 });
    expect(await forPlan.waitForType('org.note.riverbend', 300)).toBe(false);
    expect(forRiverbend.events.some((e) => e.type === 'org.note.riverbend')).toBe(false);
    forPlan.close();
  });

  it('on a role change the stream stays open with the new role', async () => {
    const admin = await login(t.app, 'admin@trust.demo');
    const token = await login(t.app, 'cbo@trust.demo');
    const harbor = await orgId('Harbor Community Services');
    const cboUser = await userId('cbo@trust.demo');
    // Harbor's primary user (its first org_admin) cannot be changed: add a second organization to change in.
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/cbos/${riverbend}/users`,
      headers: bearer(admin, riverbend),
      payload: { user_id: cboUser, role: 'staff' },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const stream = await openEventStream(base, token, riverbend);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/cbos/${riverbend}/users/${cboUser}`,
      headers: bearer(admin, riverbend),
      payload: { role: 'viewer' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    await t.app.deps.events.publish('org.after-change', { kind: 'org', org_id: riverbend }, {});
    expect(await stream.waitForType('org.after-change')).toBe(true);
    expect(stream.ended).toBe(false);
    stream.close();
    expect(harbor).toBeGreaterThan(0);
  });

  it('on deactivation of the user', async () => {
    const token = await login(t.app, 'orgadmin@trust.demo');
    const stream = await openEventStream(base, token);
    const id = await userId('orgadmin@trust.demo');
    // There is no deactivation route yet: this is what one does, in one transaction.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(`UPDATE users SET is_active = false WHERE id = ${id}`);
      await announceSessionChange(tx, { user_ids: [id] });
    });
    expect(await stream.waitForEnd(CLOSE_MS)).toBe(true);
    await expectClosedForGood(stream, token);
  });
});

describe("each event is filtered by the stream's current rights", () => {
  it('a session whose consent becomes required hears only what a visitor hears, at once', async () => {
    const token = await login(t.app, 'coordinator@trust.demo');
    const stream = await openEventStream(base, token, plan);
    await t.app.deps.events.publish('org.before', { kind: 'org', org_id: plan }, {});
    expect(await stream.waitForType('org.before')).toBe(true);

    const sessionId = await sessionIdOf(token);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(`UPDATE sessions SET consent_required = true WHERE id = ${sessionId}`);
      await announceSessionChange(tx, { session_ids: [sessionId] });
    });
    // No waiting: events published after the announcement wait for the stream's re-check.
    await t.app.deps.events.publish('org.after', { kind: 'org', org_id: plan }, {});
    await t.app.deps.events.publish('feed.full', { kind: 'signed_in' }, {});
    await t.app.deps.events.publish('feed.masked', { kind: 'anonymous' }, {});
    expect(await stream.waitForType('feed.masked')).toBe(true);
    expect(stream.events.some((e) => e.type === 'org.after' || e.type === 'feed.full')).toBe(false);
    // A referral created now reaches it masked only, never in full.
    const referral = await newReferral({ last_name: 'Pemberton' });
    expect(
      await stream.waitFor(() =>
        stream.events.some((e) => e.type === 'feed.upsert' && (e.data as { id: number }).id === referral.id),
      ),
    ).toBe(true);
    const cards = stream.events.filter(
      (e) => e.type === 'feed.upsert' && (e.data as { id: number }).id === referral.id,
    );
    expect(JSON.stringify(cards)).not.toContain('Pemberton');
    expect(stream.ended).toBe(false);
    stream.close();
  });
});

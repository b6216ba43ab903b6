import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../test/helpers.ts';
import { deleteEndedSessions, sessionEndReason } from './sessions.ts';

describe('session end rules (003 §4.4)', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  it('ends after 60 minutes without activity and 12 hours after sign-in', () => {
    const expiresAt = new Date(now.getTime() + 3_600_000);
    expect(sessionEndReason({ lastSeenAt: minutesAgo(59), expiresAt }, now)).toBeNull();
    expect(sessionEndReason({ lastSeenAt: minutesAgo(60), expiresAt }, now)).toBe('idle');
    expect(sessionEndReason({ lastSeenAt: minutesAgo(1), expiresAt: minutesAgo(0) }, now)).toBe('max');
  });
});

describe('the job queue (pg-boss in the same database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ jobs: true });
  });
  afterAll(async () => t?.close());

  it('runs the session cleanup job, which deletes ended sessions and keeps live ones', async () => {
    await login(t.app, 'coordinator@trust.demo');
    await login(t.app, 'viewer@trust.demo');
    await t.database.query(
      "UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE user_id = (SELECT id FROM users WHERE email = 'viewer@trust.demo')",
    );
    const jobs = t.app.deps.jobs!;
    const id = await jobs.send('sessions.cleanup', {});
    expect(id).toBeTruthy();
    let state: string | undefined;
    for (let i = 0; i < 60 && state !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      state = (await jobs.getJob('sessions.cleanup', id!))?.state;
    }
    expect(state).toBe('completed');
    const rows = await t.database.query<{ email: string }>(
      'SELECT u.email FROM sessions s JOIN users u ON u.id = s.user_id',
    );
    expect(rows.map((r) => r.email)).toContain('coordinator@trust.demo');
    expect(rows.map((r) => r.email)).not.toContain('viewer@trust.demo');
  });

  it('schedules the cleanup every 10 minutes', async () => {
    const rows = await t.database.query<{ name: string; cron: string }>(
      'SELECT name, cron FROM pgboss.schedule',
    );
    expect(rows).toContainEqual(expect.objectContaining({ name: 'sessions.cleanup', cron: '*/10 * * * *' }));
  });

  it('deleteEndedSessions counts what it removed', async () => {
    await t.database.query("UPDATE sessions SET expires_at = now() - interval '1 minute'");
    expect(await deleteEndedSessions(t.database.db)).toBeGreaterThan(0);
    expect(await deleteEndedSessions(t.database.db)).toBe(0);
  });
});

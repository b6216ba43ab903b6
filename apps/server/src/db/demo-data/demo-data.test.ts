import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AVAILABILITY_OPTIONS,
  CLIENT_URGENCIES,
  COUNTRIES,
  HEALTH_PLANS,
  HOUSING_NEED,
  HOUSING_SUBCATEGORIES,
  LANGUAGES,
  OTHER_NEEDS,
  PLAN_TYPES,
  REFERRAL_STATUSES,
  TRANSPORTATION_NEED,
  TRANSPORTATION_SUBCATEGORIES,
  usStateCode,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_PASSWORD } from '../../../test/helpers.ts';
import { startServerProcess, waitUntil } from '../../../test/server-process.ts';
import type { Database } from '../client.ts';
import { loadDemoData } from './load.ts';
import { DEMO_USERS } from './people.ts';

describe('demo data', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => drop?.());

  it('has a referral in every status and a demo account for every role', async () => {
    const statuses = await database.query<{ status: string }>('SELECT DISTINCT status FROM referrals');
    expect(statuses.map((s) => s.status).sort()).toEqual([...REFERRAL_STATUSES].sort());
    const roles = await database.query<{
      email: string;
      role: string;
      org_role: string;
      is_primary: boolean;
    }>(
      `SELECT u.email, u.role, m.role AS org_role, m.is_primary
         FROM users u JOIN memberships m ON m.user_id = u.id`,
    );
    expect(new Set(roles.map((r) => r.role))).toEqual(new Set(DEMO_USERS.map((u) => u.role)));
    expect(new Set(roles.map((r) => r.org_role))).toEqual(
      new Set(['super_admin', 'org_admin', 'manager', 'staff', 'viewer']),
    );
    const admin = roles.filter((r) => r.email === 'admin@trust.demo');
    const [orgs] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations');
    expect(admin).toHaveLength(orgs!.n);
    expect(admin.every((r) => r.org_role === 'super_admin')).toBe(true);
    expect(roles.find((r) => r.email === 'coordinator@trust.demo' && r.is_primary)).toMatchObject({
      role: 'case_manager',
      org_role: 'staff',
    });
  });

  it("keeps every value in the spec's lists and shows every urgency a coordinator can choose (issue #14)", async () => {
    const rows = await database.query<{
      urgency: string;
      sdoh_needs: string[];
      housing_subcategories: string[];
      transportation_subcategories: string[];
      preferred_language: string;
      state: string | null;
      country: string;
      health_plan: string | null;
      plan_type: string;
      availability: string | null;
    }>(
      `SELECT urgency, sdoh_needs, housing_subcategories, transportation_subcategories, preferred_language,
              state, country, health_plan, plan_type, availability
         FROM referrals`,
    );
    expect(new Set(rows.map((r) => r.urgency))).toEqual(new Set(CLIENT_URGENCIES));
    const inList = (list: readonly string[], value: string | null) => value !== null && list.includes(value);
    const bad = rows.filter(
      (r) =>
        !r.sdoh_needs.every((n) => inList([HOUSING_NEED, TRANSPORTATION_NEED, ...OTHER_NEEDS], n)) ||
        !r.housing_subcategories.every((s) => inList(HOUSING_SUBCATEGORIES, s)) ||
        !r.transportation_subcategories.every((s) => inList(TRANSPORTATION_SUBCATEGORIES, s)) ||
        (r.housing_subcategories.length > 0 && !r.sdoh_needs.includes(HOUSING_NEED)) ||
        (r.transportation_subcategories.length > 0 && !r.sdoh_needs.includes(TRANSPORTATION_NEED)) ||
        !inList(LANGUAGES, r.preferred_language) ||
        (r.state !== null && usStateCode(r.state) !== r.state) ||
        !inList(COUNTRIES, r.country) ||
        !inList(HEALTH_PLANS, r.health_plan) ||
        !inList(PLAN_TYPES, r.plan_type) ||
        !inList(AVAILABILITY_OPTIONS, r.availability),
    );
    expect(bad).toEqual([]);
  });

  it('links community organizations to their directory listing', async () => {
    const rows = await database.query<{ name: string }>(
      `SELECT o.name FROM providers p JOIN organizations o ON o.id = p.organization_id`,
    );
    expect(rows.map((r) => r.name)).toContain('Harbor Community Services');
  });

  it('gives providers contact methods with one preferred each and the priority of 001 §9', async () => {
    const rows = await database.query<{
      provider_id: number;
      method_type: string;
      verified: boolean;
      is_preferred: boolean;
      success_count: number;
      failure_count: number;
      last_used_at: Date | null;
      priority: number;
    }>('SELECT * FROM provider_communication_methods');
    expect(rows.length).toBeGreaterThan(0);
    const preferred = new Map<number, number>();
    for (const r of rows) {
      preferred.set(r.provider_id, (preferred.get(r.provider_id) ?? 0) + (r.is_preferred ? 1 : 0));
      expect(r.priority).toBeGreaterThanOrEqual(
        { phone: 60, email: 80, web_form: 100 }[r.method_type as 'phone'] + (r.verified ? 20 : 0),
      );
    }
    expect([...preferred.values()].every((n) => n === 1)).toBe(true);
  });

  it('matched referrals carry the 7-day response window', async () => {
    const [row] = await database.query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM referrals
        WHERE status NOT IN ('pending', 'cancelled')
          AND (matched_provider_id IS NULL OR expires_at <> matched_at + interval '7 days')`,
    );
    expect(row!.bad).toBe(0);
  });

  it("tells each referral's story in its history: created, matched or claimed, answered, worked, notes", async () => {
    const [missing] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM referrals r
        WHERE NOT EXISTS (SELECT 1 FROM referral_events e WHERE e.referral_id = r.id AND e.type = 'created')`,
    );
    expect(missing!.n).toBe(0);
    const mismatched = await database.query<{ id: number }>(
      `SELECT r.id FROM referrals r
        WHERE (r.acceptance_status = 'accepted' AND NOT EXISTS
                (SELECT 1 FROM referral_events e WHERE e.referral_id = r.id AND e.type = 'accepted'))
           OR (r.acceptance_status = 'rejected' AND NOT EXISTS
                (SELECT 1 FROM referral_events e WHERE e.referral_id = r.id AND e.type = 'rejected'))
           OR (r.acceptance_status = 'expired' AND NOT EXISTS
                (SELECT 1 FROM referral_events e WHERE e.referral_id = r.id AND e.type = 'expired'))
           OR (r.matched_at IS NOT NULL AND r.matched_at < r.created_at)
           OR r.updated_at < r.created_at
           OR r.updated_at > now()`,
    );
    expect(mismatched).toEqual([]);
    const kinds = await database.query<{ type: string }>('SELECT DISTINCT type FROM referral_events');
    expect(kinds.map((k) => k.type)).toEqual(
      expect.arrayContaining([
        'created',
        'matched',
        'claimed',
        'accepted',
        'rejected',
        'expired',
        'note_added',
      ]),
    );
    // Expired referrals wait to be matched again (issue #14), completed ones say how they ended, cancelled ones
    // why; a claimed one was claimed by a user of the provider.
    const [closed] = await database.query<{ expired: number; completed: number; cancelled: number }>(
      `SELECT count(*) FILTER (WHERE status = 'expired' AND acceptance_status = 'expired')::int AS expired,
              count(*) FILTER (WHERE status = 'completed' AND outcome IS NOT NULL AND completed_at IS NOT NULL)::int AS completed,
              count(*) FILTER (WHERE status = 'cancelled' AND cancellation_reason IS NOT NULL)::int AS cancelled
         FROM referrals`,
    );
    expect(closed!.expired).toBeGreaterThan(0);
    expect(closed!.completed).toBeGreaterThan(0);
    expect(closed!.cancelled).toBeGreaterThan(0);
    const [unfinished] = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM referrals WHERE (status = 'completed') <> (outcome IS NOT NULL)",
    );
    expect(unfinished!.n).toBe(0);
    const claims = await database.query<{ by_provider_user: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = e.actor_user_id
                         AND m.organization_id = p.organization_id) AS by_provider_user
         FROM referral_events e JOIN referrals r ON r.id = e.referral_id
         JOIN providers p ON p.id = r.matched_provider_id
        WHERE e.type = 'claimed'`,
    );
    expect(claims.length).toBeGreaterThan(0);
    expect(claims.every((c) => c.by_provider_user)).toBe(true);
    const [notes] = await database.query<{ notes: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM case_notes) AS notes,
              (SELECT count(*)::int FROM referral_events WHERE type = 'note_added') AS events`,
    );
    expect(notes!.notes).toBeGreaterThan(0);
    expect(notes!.events).toBe(notes!.notes);
  });

  it('does not load twice', async () => {
    expect(await loadDemoData(database, { password: TEST_PASSWORD })).toEqual({ loaded: false });
  });
});

describe('a server killed while loading the demo data', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-kill-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('completes the load on the next start', { timeout: 120_000 }, async () => {
    const first = startServerProcess(dataDir);
    await waitUntil(() => first.output().includes('checking demo data'), 60_000);
    await new Promise((r) => setTimeout(r, 300));
    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.output()).not.toContain('Server listening');

    const second = startServerProcess(dataDir);
    try {
      const base = await second.listening();
      const stats = await (await fetch(`${base}/api/stats/landing`)).json();
      expect(stats).toMatchObject({ referrals_count: 240, providers_count: 3002 });
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@trust.demo', password: TEST_PASSWORD }),
      });
      expect(login.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});

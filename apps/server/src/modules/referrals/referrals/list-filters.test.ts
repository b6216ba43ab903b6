import { GAP_KINDS, REFERRAL_QUEUE_MESSAGES, type Referral, type ReferralList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { newReferralBody } from '../../../db/demo-data/factories.ts';

// Issue #20: the queue filters the Service Gaps screen links to (need, county, gap kind, period of creation).

let t: TestApp;
let plan: number;
let coordinator: string;

const NEED = 'Gap Filter Test Need';
const OTHER_NEED = 'Gap Filter Other Need';

/** The referrals of this file, by what each one stands for, as SQL leaves them (the lifecycle is tested apart). */
type Row = {
  status: string;
  outcome?: string;
  noProvider?: boolean;
  county?: string;
  at: string;
  need?: string;
};
const ROWS = {
  declined: { status: 'rejected', county: '06037', at: '2025-01-10T12:00:00Z' },
  expired: { status: 'expired', county: '06037', at: '2025-01-31T23:59:59.999Z' },
  cancelled: { status: 'cancelled', county: '06059', at: '2025-02-01T00:00:00Z' },
  noShow: { status: 'completed', outcome: 'member_no_show', county: '06037', at: '2025-02-15T08:00:00Z' },
  noOutcome: { status: 'completed', county: '06037', at: '2025-02-16T23:59:59Z' },
  served: { status: 'completed', outcome: 'service_provided', county: '06037', at: '2025-02-17T00:00:00Z' },
  unmatched: { status: 'pending', noProvider: true, at: '2025-03-01T10:00:00Z' },
  open: { status: 'pending', county: '06037', at: '2025-03-02T10:00:00Z' },
  otherNeed: { status: 'rejected', county: '06037', at: '2025-01-10T12:00:00Z', need: OTHER_NEED },
} satisfies Record<string, Row>;
type Name = keyof typeof ROWS;
const ids = {} as Record<Name, number>;

const api = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(coordinator, plan) });

async function list(query: string): Promise<ReferralList> {
  const res = await api(`/api/referrals?scope=created&page_size=200&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReferralList;
}

/** The names of this file's referrals a list holds (by id), sorted. */
const names = (page: ReferralList) =>
  (Object.keys(ids) as Name[]).filter((n) => page.referrals.some((r) => r.id === ids[n])).sort();

beforeAll(async () => {
  t = await buildTestApp();
  const [org] = await t.database.query<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [
    'Golden Valley Health Plan',
  ]);
  plan = org!.id;
  coordinator = await login(t.app, 'coordinator@trust.demo');
  let n = 0;
  for (const [name, row] of Object.entries(ROWS) as [Name, Row][]) {
    n += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: bearer(coordinator, plan),
      payload: newReferralBody({
        use_matching_engine: false,
        medicaid_id: `ZZ9700000${String(n).padStart(2, '0')}`,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = (res.json() as Referral).id;
    await t.database.query(
      `UPDATE referrals SET status = $2, outcome = $3, no_provider_at = $4, county_fips = $5, created_at = $6,
              sdoh_needs = ARRAY[$7]::text[]
        WHERE id = $1`,
      [
        ids[name],
        row.status,
        row.outcome ?? null,
        row.noProvider ? new Date() : null,
        row.county ?? null,
        row.at,
        row.need ?? NEED,
      ],
    );
  }
  // The history version moves (the counters' cache), as any real change would.
  const [last] = await t.database.query<{ id: number }>('SELECT max(id) AS id FROM referral_events');
  expect(last!.id).toBeGreaterThan(0);
});
afterAll(async () => t?.close());

describe('GET /api/referrals: the Service Gaps filters (issue #20)', { timeout: 60_000 }, () => {
  it('need narrows the list and the counters to the referrals with that need', async () => {
    const page = await list(`need=${encodeURIComponent(NEED)}`);
    expect(names(page)).toEqual(
      (
        ['declined', 'expired', 'cancelled', 'noShow', 'noOutcome', 'served', 'unmatched', 'open'] as Name[]
      ).sort(),
    );
    expect(page.total).toBe(8);
    expect(page.referrals).toHaveLength(8);
    expect(page.counts).toMatchObject({
      all: 8,
      rejected: 1,
      expired: 1,
      cancelled: 1,
      completed: 3,
      pending: 2,
    });
    const other = await list(`need=${encodeURIComponent(OTHER_NEED)}`);
    expect(names(other)).toEqual(['otherNeed']);
    expect(other.counts.all).toBe(1);
  });

  it('each gap kind, and unmet for any of them, narrows the list and the counters', async () => {
    const need = `need=${encodeURIComponent(NEED)}`;
    const expected: Record<string, Name[]> = {
      declined: ['declined'],
      expired: ['expired'],
      cancelled: ['cancelled'],
      not_served: ['noOutcome', 'noShow'],
      unmatched: ['unmatched'],
      unmet: ['cancelled', 'declined', 'expired', 'noOutcome', 'noShow', 'unmatched'],
    };
    for (const [gap, want] of Object.entries(expected)) {
      const page = await list(`${need}&gap=${gap}`);
      expect(names(page), gap).toEqual(want);
      expect(page.total, gap).toBe(want.length);
      expect(page.counts.all, gap).toBe(want.length);
    }
    const unmet = await list(`${need}&gap=unmet`);
    expect(unmet.counts).toMatchObject({ rejected: 1, expired: 1, cancelled: 1, completed: 2, pending: 1 });
    // With a status: the page narrows, the counters stay those of every status.
    const completed = await list(`${need}&gap=unmet&status=completed`);
    expect(names(completed)).toEqual(['noOutcome', 'noShow']);
    expect(completed.total).toBe(2);
    expect(completed.counts).toEqual(unmet.counts);
  });

  it('finds exactly the referrals the analytics count under each kind (analytics_result)', async () => {
    for (const gap of [...GAP_KINDS, 'unmet']) {
      const [row] = await t.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM referrals
          WHERE organization_id = $1
            AND analytics_result(status, outcome, no_provider_at) = ANY($2::text[])`,
        [plan, gap === 'unmet' ? [...GAP_KINDS] : [gap]],
      );
      expect((await list(`gap=${gap}`)).counts.all, gap).toBe(row!.n);
    }
  });

  it('county_fips narrows to the referrals of that county', async () => {
    const page = await list(`need=${encodeURIComponent(NEED)}&county_fips=06037`);
    expect(names(page)).toEqual(['declined', 'expired', 'noOutcome', 'noShow', 'open', 'served']);
    expect(page.counts.all).toBe(6);
    const gaps = await list(`county_fips=06037&gap=declined`);
    expect(names(gaps)).toEqual(['declined', 'otherNeed']);
    expect(gaps.referrals.every((r) => r.status === 'rejected')).toBe(true);
    expect((await list(`need=${encodeURIComponent(NEED)}&county_fips=06059`)).counts.all).toBe(1);
    // The county backfill job writes no history row (the counters' cache version): still counted afresh.
    await t.database.query("UPDATE referrals SET county_fips = '06059' WHERE id = $1", [ids.open]);
    const after = await list(`need=${encodeURIComponent(NEED)}&county_fips=06059`);
    expect(names(after)).toEqual(['cancelled', 'open']);
    expect(after.counts.all).toBe(2);
  });

  it('from and to take the days of creation (UTC), both included', async () => {
    const need = `need=${encodeURIComponent(NEED)}`;
    const feb = await list(`${need}&from=2025-02-01&to=2025-02-16`);
    expect(names(feb)).toEqual(['cancelled', 'noOutcome', 'noShow']);
    expect(feb.counts.all).toBe(3);
    expect(names(await list(`${need}&to=2025-01-31`))).toEqual(['declined', 'expired']);
    expect(names(await list(`${need}&from=2025-02-17`))).toEqual(['open', 'served', 'unmatched']);
    const oneDay = await list(`${need}&from=2025-01-31&to=2025-01-31&gap=expired`);
    expect(names(oneDay)).toEqual(['expired']);
  });

  it('refuses an unknown gap, a bad county or date and a reversed period with 400 and a clear message', async () => {
    const gap = expectEnvelope(await api('/api/referrals?gap=lost'), 400) as unknown as {
      fields: Record<string, string>;
    };
    expect(gap.fields).toEqual({ gap: REFERRAL_QUEUE_MESSAGES.gapInvalid });
    const county = expectEnvelope(await api('/api/referrals?county_fips=6037'), 400) as unknown as {
      fields: Record<string, string>;
    };
    expect(county.fields).toEqual({ county_fips: REFERRAL_QUEUE_MESSAGES.countyInvalid });
    expectEnvelope(await api('/api/referrals?from=2025-02-30'), 400);
    const reversed = expectEnvelope(
      await api('/api/referrals?from=2025-02-02&to=2025-02-01'),
      400,
    ) as unknown as {
      fields: Record<string, string>;
    };
    expect(reversed.fields).toEqual({ to: 'The end date cannot be before the start date.' });
  });
});

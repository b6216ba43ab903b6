import type { AddressInfo } from 'node:net';
import {
  ageBand,
  type FeedCard,
  type FeedList,
  type Referral,
  type ReferralCreateInput,
} from '@trust/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import {
  bearer,
  buildTestApp,
  expectEnvelope,
  forgetCachedSessions,
  login,
  openEventStream,
  type TestApp,
} from '../../../../test/helpers.ts';
import { pendingPageQuery } from './feed-repo.ts';

let t: TestApp;
let plan: number;
let harbor: number;
let lakeside: number;
let harborProvider: number;
let lakesideProvider: number;
let coordinator: string;
let cbo: string;
let staff: string;
let viewer: string;

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(text, params);
  return row as T;
}

const orgId = async (name: string) =>
  (await one<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [name])).id;
const firstProviderOf = async (org: number) =>
  (
    await one<{ id: number }>('SELECT id FROM providers WHERE organization_id = $1 ORDER BY id LIMIT 1', [
      org,
    ])
  ).id;
const userId = async (email: string) =>
  (await one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).id;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId('Golden Valley Health Plan');
  harbor = await orgId('Harbor Community Services');
  lakeside = await orgId('Lakeside Food Network');
  harborProvider = await firstProviderOf(harbor);
  lakesideProvider = await firstProviderOf(lakeside);
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  staff = await login(t.app, 'staff@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST', url: string, token: string | null, org?: number) =>
  t.app.inject({ method, url, headers: token ? bearer(token, org) : {} });

const secret = {
  first_name: 'Wilhelmina',
  last_name: 'Quarrington',
  phone_number: '(415) 555-7301',
  primary_diagnosis: 'Chronic obstructive pulmonary disease',
  provider_name: 'Dr. Bartholomew Finch',
};

/** A new Pending referral of the health plan, with names and ids no other row has. */
function createPending(overrides: Partial<ReferralCreateInput> = {}): Promise<Referral> {
  return createReferral(t, {
    token: coordinator,
    orgId: plan,
    ...secret,
    zip_code: '94110',
    city: 'San Francisco',
    state: 'CA',
    urgency_level: 'Emergency',
    sdoh_needs: ['Housing Assistance'],
    housing_subcategories: ['Transitional housing'],
    ...overrides,
  });
}

/** Puts a referral in the state "matched to this provider, waiting for its answer" (as the matcher would). */
async function matchTo(id: number, providerId: number, acceptance: string | null = 'pending') {
  await t.database.query(
    `UPDATE referrals SET status = 'matched', matched_provider_id = $2, matched_at = now(), match_method = 'manual',
       acceptance_status = $3, expires_at = now() + interval '5 days' WHERE id = $1`,
    [id, providerId, acceptance],
  );
}

async function feed(query = '', token: string | null = null, org?: number): Promise<FeedList> {
  const res = await api('GET', `/api/live-feed${query ? `?${query}` : ''}`, token, org);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedList;
}

/** Every card of the caller's feed, page by page. */
async function wholeFeed(token: string | null = null, org?: number): Promise<FeedCard[]> {
  const cards: FeedCard[] = [];
  for (let page = 1; ; page++) {
    const list = await feed(`page=${page}&page_size=100`, token, org);
    cards.push(...list.referrals);
    if (cards.length >= list.total || list.referrals.length === 0) return cards;
  }
}

const pendingInDb = async () =>
  (await one<{ n: number }>("SELECT count(*)::int AS n FROM referrals WHERE status = 'pending'")).n;

type FeedAuditRow = {
  id: number;
  organization_id: number | null;
  entity_type: string;
  entity_id: string | null;
  details: { ids: number[]; page: number };
};

/** The newest live-feed read audited for this user, if any. */
async function lastFeedAudit(email: string): Promise<FeedAuditRow | undefined> {
  const [row] = await t.database.query<FeedAuditRow>(
    `SELECT id, organization_id, entity_type, entity_id, details FROM audit_log
      WHERE action = 'referral.feed_read' AND actor_user_id = $1 ORDER BY id DESC LIMIT 1`,
    [await userId(email)],
  );
  return row;
}

describe('GET /api/live-feed signed out (000 §2.6: masked by the server)', () => {
  it("lists every organization's Pending referrals newest first, masked, with no full value in the body", async () => {
    const r = await createPending();
    const res = await api('GET', '/api/live-feed', null);
    expect(res.statusCode).toBe(200);
    const list = res.json() as FeedList;
    const total = await pendingInDb();
    expect(list).toMatchObject({
      total,
      pending_count: total,
      page: 1,
      page_size: 50,
      viewer: { signed_in: false, provider_id: null, organization_id: null },
    });
    expect(list.referrals.length).toBe(Math.min(50, total));
    expect(
      list.referrals.every((c) => c.masked && c.status === 'pending' && c.primary_diagnosis === null),
    ).toBe(true);
    const times = list.referrals.map((c) => c.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const card = list.referrals.find((c) => c.id === r.id)!;
    expect(card).toMatchObject({
      member_name: 'W. Q.',
      medicaid_id: `****${r.medicaid_id.slice(-4)}`,
      phone_number: '(***) ***-****',
      zip_code: '941**',
      referring_provider: 'D*** B*** F***',
      referred_by: 'Golden Valley Health Plan',
      urgency: 'Immediate',
      urgency_level: 'Emergency',
      sdoh_needs: ['Housing Assistance'],
      housing_subcategories: ['Transitional housing'],
    });
    for (const value of [
      secret.first_name,
      secret.last_name,
      r.medicaid_id,
      secret.phone_number,
      '4155557301',
      secret.primary_diagnosis,
      'Bartholomew',
      '94110',
    ]) {
      expect(res.body).not.toContain(value);
    }
    // A visitor's read is not a PHI read: nothing to audit.
    const audited = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'referral.feed_read' AND actor_user_id IS NULL",
    );
    expect(audited.n).toBe(0);
  });

  it('a stale or forged bearer is ignored: the masked feed, not a 401', async () => {
    const list = await feed('', 'not-a-real-token');
    expect(list.viewer.signed_in).toBe(false);
    expect(list.referrals.every((c) => c.masked)).toBe(true);
  });
});

describe('GET /api/live-feed signed in (000 §4.3)', () => {
  it("shows the full cards, first those awaiting the organization's answer, and audits the page", async () => {
    const awaiting = await createPending();
    await matchTo(awaiting.id, harborProvider);
    const answered = await createPending();
    await matchTo(answered.id, harborProvider, 'accepted');
    const elsewhere = await createPending();
    await matchTo(elsewhere.id, lakesideProvider);
    const open = await createPending();

    const list = await feed('page_size=100', cbo, harbor);
    expect(list.viewer).toEqual({ signed_in: true, provider_id: harborProvider, organization_id: harbor });
    const ids = list.referrals.map((c) => c.id);
    expect(ids).toContain(awaiting.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(answered.id);
    expect(ids).not.toContain(elsewhere.id);

    // Awaiting cards first (every one matched to harbor's provider), then Pending newest first.
    const firstPending = list.referrals.findIndex((c) => c.status === 'pending');
    const head = list.referrals.slice(0, firstPending);
    expect(head.length).toBeGreaterThan(0);
    expect(
      head.every(
        (c) => c.matched_provider_id === harborProvider && ['matched', 'authorized'].includes(c.status),
      ),
    ).toBe(true);
    expect(list.referrals.slice(firstPending).every((c) => c.status === 'pending')).toBe(true);
    expect(list.pending_count).toBe(await pendingInDb());
    expect(list.total).toBe(head.length + list.pending_count);

    // Harbor did not refer the open one: a claim card; the one awaiting harbor's answer: in full.
    expect(list.referrals.find((c) => c.id === open.id)).toMatchObject({
      detail: 'claim',
      masked: false,
      member_name: 'W. Q.',
      medicaid_id: null,
      referred_by: 'Golden Valley Health Plan',
    });
    expect(list.referrals.find((c) => c.id === awaiting.id)).toMatchObject({
      detail: 'full',
      status: 'matched',
      acceptance_status: 'pending',
      matched_provider_id: harborProvider,
      member_name: 'Wilhelmina Quarrington',
    });

    // Lakeside sees its own awaiting card, not harbor's; the plan (no provider) sees none and cannot claim.
    const lake = (await wholeFeed(staff, lakeside)).map((c) => c.id);
    expect(lake).toContain(elsewhere.id);
    expect(lake).not.toContain(awaiting.id);
    const planFeed = await feed('page_size=100', coordinator, plan);
    expect(planFeed.viewer).toEqual({ signed_in: true, provider_id: null, organization_id: plan });
    expect(planFeed.referrals.every((c) => c.status === 'pending')).toBe(true);

    const audit = await lastFeedAudit('cbo@trust.demo');
    expect(audit).toMatchObject({ organization_id: harbor, entity_type: 'referral' });
    expect(audit!.details.ids).toEqual(list.referrals.filter((c) => c.detail === 'full').map((c) => c.id));
  });

  it('pages through awaiting then Pending cards without gaps or repeats', async () => {
    const a = await createPending();
    await matchTo(a.id, harborProvider);
    const all = await feed('page_size=100', cbo, harbor);
    const size = 3;
    const paged: number[] = [];
    for (let page = 1; paged.length < Math.min(all.total, 12); page++) {
      const list = await feed(`page=${page}&page_size=${size}`, cbo, harbor);
      expect(list).toMatchObject({ page, page_size: size, total: all.total });
      paged.push(...list.referrals.map((c) => c.id));
    }
    expect(paged).toEqual(all.referrals.slice(0, paged.length).map((c) => c.id));
    const beyond = await feed(`page=${Math.ceil(all.total / size) + 1}&page_size=${size}`, cbo, harbor);
    expect(beyond.referrals).toEqual([]);
  });

  it('a session whose consents are unsigned (003 §4.2) reads the masked feed', async () => {
    const token = await login(t.app, 'manager@trust.demo');
    await t.database.query('UPDATE sessions SET consent_required = true WHERE user_id = $1', [
      await userId('manager@trust.demo'),
    ]);
    const list = await feed('', token);
    expect(list.viewer.signed_in).toBe(false);
    expect(list.referrals.every((c) => c.masked)).toBe(true);
  });

  it('refuses bad paging with 400 and field messages', async () => {
    for (const q of ['page=0', 'page_size=0', 'page_size=101', 'page=abc', 'page_size=1.5']) {
      expectEnvelope(await api('GET', `/api/live-feed?${q}`, null), 400);
      expectEnvelope(await api('GET', `/api/live-feed?${q}`, cbo, harbor), 400);
    }
    expect((await feed('page_size=100')).page_size).toBe(100);
  });

  it('the open page is served by the partial index referrals_open_feed_idx, never a whole-table read', async () => {
    const me = await userId('cbo@trust.demo');
    for (const user of [null, me]) {
      const query = pendingPageQuery(t.database.db, user, 50, 0).toSQL();
      const text = query.sql.replace(/\$(\d+)/g, (_, n) => {
        const v = query.params[Number(n) - 1];
        return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
      });
      const plan = await t.database.db.transaction(async (tx) => {
        // The test database is small enough for a sequential scan to be cheapest; with that option priced out
        // the planner shows which index serves the statement, as it would on a large table.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const result = await tx.execute(sql.raw(`EXPLAIN ${text}`));
        return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });
      expect(plan).toContain('referrals_open_feed_idx');
      expect(plan).not.toMatch(/Seq Scan on referrals\b/);
      // Read in index order (backwards for newest first): no sort of the Pending set.
      expect(plan).toContain('Index Scan Backward using referrals_open_feed_idx');
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });
});

/** The app listening on a local port (once), for tests of the event stream. */
async function baseUrl(): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {});
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

type Frame = { type: string; data: unknown };

/** GET /api/events acting for an organization, kept as the raw text received, so a test can search every byte. */
async function openRawStream(base: string, token: string | null, org?: number) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: token ? bearer(token, org) : {},
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  let text = '';
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
      }
    } catch {
      // aborted
    }
  })();
  const frames = (): Frame[] =>
    text
      .split('\n\n')
      .map((block) =>
        block
          .split('\n')
          .find((l) => l.startsWith('data: '))
          ?.slice(6),
      )
      .filter((d): d is string => Boolean(d))
      .map((d) => JSON.parse(d) as Frame);
  const waitFor = async (predicate: () => boolean, ms = 3000) => {
    const until = Date.now() + ms;
    while (!predicate() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return predicate();
  };
  expect(await waitFor(() => text.includes(': connected'))).toBe(true);
  return { text: () => text, frames, waitFor, close: () => controller.abort() };
}

/** The feed card of a referral in a stream's upserts, the newest one. */
const upsertOf = (frames: Frame[], id: number): FeedCard | undefined =>
  frames
    .filter((f) => f.type === 'feed.upsert' && (f.data as FeedCard).id === id)
    .map((f) => f.data as FeedCard)
    .at(-1);

describe('minimum necessary on the live feed (issue #12)', () => {
  let seq = 0;
  /** A Pending referral of the health plan whose identifying values appear nowhere else in the database. */
  async function createDistinct() {
    seq += 1;
    const values = {
      first_name: `Evangelina${'x'.repeat(seq)}`,
      last_name: `Thistlewood${'q'.repeat(seq)}`,
      phone_number: `(415) 555-78${String(seq).padStart(2, '0')}`,
      email: `evangelina.${seq}@example.org`,
      date_of_birth: '1958-09-21',
      primary_diagnosis: `Idiopathic pulmonary fibrosis stage ${seq}`,
      provider_name: `Dr. Octavia Pemberton${seq}`,
      availability: 'Weekends',
      preferred_language: 'Vietnamese',
      sdoh_needs: ['Housing Assistance', 'Transportation'],
      housing_subcategories: ['Transitional housing'],
      transportation_subcategories: ['Non-Emergency Medical Transportation (NEMT)'],
    };
    const r = await createPending(values);
    const digits = values.phone_number.replace(/\D/g, '');
    const withheld = [
      values.first_name,
      values.last_name,
      r.medicaid_id,
      values.phone_number,
      digits,
      digits.slice(3),
      values.email,
      values.date_of_birth,
      values.primary_diagnosis,
      'Octavia',
      'Pemberton',
    ];
    return { r, values, withheld };
  }

  /** Every page of a feed: the cards and the raw text of every answer. */
  async function rawFeed(token: string, org?: number) {
    const cards: FeedCard[] = [];
    let text = '';
    for (let page = 1; ; page++) {
      const res = await api('GET', `/api/live-feed?page=${page}&page_size=100`, token, org);
      expect(res.statusCode, res.body).toBe(200);
      text += res.body;
      const list = res.json() as FeedList;
      cards.push(...list.referrals);
      if (cards.length >= list.total || list.referrals.length === 0) return { cards, text };
    }
  }

  let outsiderOrg: number;
  beforeAll(async () => {
    // An organization with no referral of its own and no provider listing: unrelated to every referral.
    outsiderOrg = (
      await one<{ id: number }>(
        "INSERT INTO organizations (name) VALUES ('Northside Outreach Collective') RETURNING id",
      )
    ).id;
    await t.database.query(
      "INSERT INTO memberships (user_id, organization_id, role) VALUES ($1, $2, 'staff')",
      [await userId('staff@trust.demo'), outsiderOrg],
    );
    // Added in SQL, unannounced: the app's session cache still holds the memberships it read (issue #22).
    forgetCachedSessions(t);
  });

  const expectNone = (text: string, withheld: string[]) => {
    for (const value of withheld) expect(text, `leaked ${value}`).not.toContain(value);
  };

  it('another organization gets a claim card: what a claim is decided on, no identifying value in the answer', async () => {
    const { r, withheld } = await createDistinct();
    for (const [token, org] of [
      [staff, outsiderOrg],
      [cbo, harbor],
      // The referring organization's own user, acting for another of its organizations, reads as that one.
      [coordinator, await orgId('Riverbend Family Clinic')],
    ] as const) {
      const { cards, text } = await rawFeed(token, org);
      expect(cards.find((c) => c.id === r.id)).toEqual({
        id: r.id,
        referral_number: r.referral_number,
        status: 'pending',
        detail: 'claim',
        masked: false,
        member_name: `E. T.`,
        medicaid_id: null,
        phone_number: null,
        zip_code: '94110',
        city: 'San Francisco',
        state: 'CA',
        preferred_language: 'Vietnamese',
        availability: 'Weekends',
        age_band: ageBand('1958-09-21', new Date()),
        sdoh_needs: ['Housing Assistance', 'Transportation'],
        housing_subcategories: ['Transitional housing'],
        transportation_subcategories: ['Non-Emergency Medical Transportation (NEMT)'],
        urgency: 'Immediate',
        urgency_level: 'Emergency',
        primary_diagnosis: null,
        referring_provider: null,
        referred_by: 'Golden Valley Health Plan',
        created_at: r.created_at,
        matched_provider_id: null,
        acceptance_status: null,
        expires_at: null,
      });
      expectNone(text, withheld);
    }
    // The referral is not theirs to open by id either.
    expect((await api('GET', `/api/referrals/${r.id}`, staff, outsiderOrg)).statusCode).toBe(404);
  });

  it("the referring organization reads its referral's card in full, and the read is audited with its id", async () => {
    const { r, values } = await createDistinct();
    const list = await feed('page_size=100', coordinator, plan);
    const card = list.referrals.find((c) => c.id === r.id);
    expect(card).toMatchObject({
      detail: 'full',
      masked: false,
      member_name: `${values.first_name} ${values.last_name}`,
      medicaid_id: r.medicaid_id,
      phone_number: values.phone_number,
      primary_diagnosis: values.primary_diagnosis,
      referring_provider: values.provider_name,
      zip_code: '94110',
      availability: 'Weekends',
      age_band: ageBand(values.date_of_birth, new Date()),
    });
    // Neither the email nor the date of birth is on any card.
    expect(JSON.stringify(card)).not.toContain(values.email);
    expect(JSON.stringify(card)).not.toContain(values.date_of_birth);

    const full = list.referrals.filter((c) => c.detail === 'full');
    expect(list.referrals.some((c) => c.detail === 'claim')).toBe(true);
    expect(full.every((c) => c.referred_by === 'Golden Valley Health Plan')).toBe(true);
    const audit = await lastFeedAudit('coordinator@trust.demo');
    expect(audit).toMatchObject({ organization_id: plan, entity_type: 'referral', details: { page: 1 } });
    expect(audit!.details.ids).toEqual(full.map((c) => c.id));
    expect(audit!.details.ids).toContain(r.id);
  });

  it("the matched provider's organization reads the card in full", async () => {
    const { r, values } = await createDistinct();
    await matchTo(r.id, harborProvider);
    const { cards } = await rawFeed(cbo, harbor);
    expect(cards.find((c) => c.id === r.id)).toMatchObject({
      detail: 'full',
      status: 'matched',
      member_name: `${values.first_name} ${values.last_name}`,
      medicaid_id: r.medicaid_id,
      primary_diagnosis: values.primary_diagnosis,
    });
    // Still Pending but linked to a provider (e.g. set back by the workspace): its organization reads it as
    // GET /api/referrals/{id} would let it, everyone else gets the claim card.
    await t.database.query(
      "UPDATE referrals SET status = 'pending', acceptance_status = NULL WHERE id = $1",
      [r.id],
    );
    expect((await rawFeed(cbo, harbor)).cards.find((c) => c.id === r.id)?.detail).toBe('full');
    expect((await rawFeed(staff, outsiderOrg)).cards.find((c) => c.id === r.id)?.detail).toBe('claim');
  });

  it('a page of claim cards only writes no audit row', async () => {
    await createDistinct();
    const before = await lastFeedAudit('staff@trust.demo');
    const { cards } = await rawFeed(staff, outsiderOrg);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => c.detail === 'claim')).toBe(true);
    expect((await lastFeedAudit('staff@trust.demo'))?.id).toBe(before?.id);
  });

  it('the stream: full to the referring organization, claim cards to the others, masked to visitors', async () => {
    const base = await baseUrl();
    const outsider = await openRawStream(base, staff, outsiderOrg);
    const other = await openRawStream(base, cbo, harbor);
    const referrer = await openRawStream(base, coordinator, plan);
    const visitor = await openRawStream(base, null);
    try {
      const { r, values, withheld } = await createDistinct();
      for (const stream of [outsider, other, referrer, visitor]) {
        expect(await stream.waitFor(() => upsertOf(stream.frames(), r.id) !== undefined)).toBe(true);
      }
      for (const stream of [outsider, other]) {
        expect(upsertOf(stream.frames(), r.id)).toMatchObject({
          detail: 'claim',
          member_name: 'E. T.',
          medicaid_id: null,
          phone_number: null,
          primary_diagnosis: null,
          referring_provider: null,
          zip_code: '94110',
          availability: 'Weekends',
          age_band: ageBand(values.date_of_birth, new Date()),
        });
        expectNone(stream.text(), withheld);
      }
      expect(upsertOf(referrer.frames(), r.id)).toMatchObject({
        detail: 'full',
        member_name: `${values.first_name} ${values.last_name}`,
        medicaid_id: r.medicaid_id,
        phone_number: values.phone_number,
        primary_diagnosis: values.primary_diagnosis,
      });
      // The referrer's stream received the full card only, not the claim card besides it.
      expect(
        referrer.frames().filter((f) => f.type === 'feed.upsert' && (f.data as FeedCard).id === r.id),
      ).toHaveLength(1);
      expect(upsertOf(visitor.frames(), r.id)).toMatchObject({ detail: 'masked', member_name: 'E. T.' });
      expectNone(visitor.text(), withheld);
    } finally {
      for (const stream of [outsider, other, referrer, visitor]) stream.close();
    }
  });

  it('a full card on the stream names the referral as PHI, so each stream that receives it is audited', async () => {
    const hub = t.app.deps.events;
    const calls: { type: string; audience: unknown; data: FeedCard; phi: unknown }[] = [];
    const original = hub.publish.bind(hub);
    hub.publish = (async (type, audience, data, db, options = {}) => {
      if (type === 'feed.upsert') calls.push({ type, audience, data: data as FeedCard, phi: options.phi });
      return original(type, audience, data, db, options);
    }) as typeof hub.publish;
    try {
      const { r } = await createDistinct();
      const mine = calls.filter((c) => c.data.id === r.id);
      expect(mine.map((c) => [c.audience, c.data.detail, c.phi])).toEqual([
        [{ kind: 'org', org_id: plan }, 'full', { entity_type: 'referral', ids: [r.id] }],
        [{ kind: 'signed_in', except_org_ids: [plan] }, 'claim', undefined],
        [{ kind: 'anonymous' }, 'masked', undefined],
      ]);
    } finally {
      hub.publish = original;
    }
  });

  it('claiming reveals the full record to the claiming organization, audited; its feed and stream then show it in full', async () => {
    const base = await baseUrl();
    const claimerStream = await openRawStream(base, cbo, harbor);
    const outsider = await openRawStream(base, staff, outsiderOrg);
    try {
      const { r, values, withheld } = await createDistinct();
      const before = (await rawFeed(cbo, harbor)).cards.find((c) => c.id === r.id);
      expect(before).toMatchObject({ detail: 'claim', medicaid_id: null });

      const res = await api('POST', `/api/referrals/${r.id}/claim`, cbo, harbor);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: r.id,
        first_name: values.first_name,
        last_name: values.last_name,
        medicaid_id: r.medicaid_id,
        phone_number: values.phone_number,
        email: values.email,
        date_of_birth: values.date_of_birth,
        primary_diagnosis: values.primary_diagnosis,
        viewer_role: 'provider',
      });
      const audits = await t.database.query<{
        actor_user_id: number;
        organization_id: number;
        details: object;
      }>(
        "SELECT actor_user_id, organization_id, details FROM audit_log WHERE action = 'referral.claimed' AND entity_id = $1",
        [String(r.id)],
      );
      expect(audits).toEqual([
        {
          actor_user_id: await userId('cbo@trust.demo'),
          organization_id: harbor,
          details: expect.objectContaining({ organization_id: harbor, full_record_read: true }),
        },
      ]);

      // On the claimer's stream the card comes back in full, awaiting its answer; the outsider only saw the
      // claim card and then its removal.
      expect(
        await claimerStream.waitFor(() => upsertOf(claimerStream.frames(), r.id)?.detail === 'full'),
      ).toBe(true);
      expect(upsertOf(claimerStream.frames(), r.id)).toMatchObject({
        status: 'matched',
        member_name: `${values.first_name} ${values.last_name}`,
        medicaid_id: r.medicaid_id,
      });
      expect(
        await outsider.waitFor(() =>
          outsider.frames().some((f) => f.type === 'feed.remove' && (f.data as { id: number }).id === r.id),
        ),
      ).toBe(true);
      expectNone(outsider.text(), withheld);

      const after = (await rawFeed(cbo, harbor)).cards.find((c) => c.id === r.id);
      expect(after).toMatchObject({ detail: 'full', status: 'matched', medicaid_id: r.medicaid_id });
      expect((await lastFeedAudit('cbo@trust.demo'))!.details.ids).toContain(r.id);
    } finally {
      claimerStream.close();
      outsider.close();
    }
  });
});

describe('POST /api/referrals/{id}/pass', () => {
  it("hides the card from this user's feed only, and passing twice is fine", async () => {
    const r = await createPending();
    const before = await feed('page_size=100', cbo, harbor);
    const res = await api('POST', `/api/referrals/${r.id}/pass`, cbo, harbor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await api('POST', `/api/referrals/${r.id}/pass`, cbo, harbor)).statusCode).toBe(200);
    const passes = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM referral_feed_passes WHERE referral_id = $1',
      [r.id],
    );
    expect(passes.n).toBe(1);

    const after = await feed('page_size=100', cbo, harbor);
    expect((await wholeFeed(cbo, harbor)).map((c) => c.id)).not.toContain(r.id);
    expect(after.pending_count).toBe(before.pending_count - 1);
    expect(after.total).toBe(before.total - 1);
    // Others still see it.
    expect((await wholeFeed(staff, lakeside)).map((c) => c.id)).toContain(r.id);
    expect((await wholeFeed()).map((c) => c.id)).toContain(r.id);
  });

  it("passes a card awaiting the organization's answer; 404 for anything not in the caller's feed", async () => {
    const mine = await createPending();
    await matchTo(mine.id, harborProvider);
    expect((await api('POST', `/api/referrals/${mine.id}/pass`, cbo, harbor)).statusCode).toBe(200);
    expect((await wholeFeed(cbo, harbor)).map((c) => c.id)).not.toContain(mine.id);

    const theirs = await createPending();
    await matchTo(theirs.id, lakesideProvider);
    expect(
      expectEnvelope(await api('POST', `/api/referrals/${theirs.id}/pass`, cbo, harbor), 404).message,
    ).toBe('Referral not found');
    const done = await createPending();
    await t.database.query("UPDATE referrals SET status = 'completed' WHERE id = $1", [done.id]);
    expectEnvelope(await api('POST', `/api/referrals/${done.id}/pass`, cbo, harbor), 404);
    expectEnvelope(await api('POST', '/api/referrals/99999999/pass', cbo, harbor), 404);
    expectEnvelope(await api('POST', '/api/referrals/abc/pass', cbo, harbor), 400);
  });

  it('needs a session', async () => {
    const r = await createPending();
    expectEnvelope(await api('POST', `/api/referrals/${r.id}/pass`, null), 401);
  });
});

describe('POST /api/referrals/{id}/claim (000 §4.1)', () => {
  it("matches the referral to the claimer's provider for 7 days, with history, audit and the member's SMS", async () => {
    const r = await createPending({ phone_number: '(415) 555-7302' });
    // An answer left from an earlier match is cleared by the claim.
    await t.database.query(
      "UPDATE referrals SET rejected_at = now(), rejection_reason = 'Full', email_sent_to = 'old@example.org' WHERE id = $1",
      [r.id],
    );
    const started = Date.now();
    const res = await api('POST', `/api/referrals/${r.id}/claim`, cbo, harbor);
    expect(res.statusCode, res.body).toBe(200);
    const claimed = res.json() as Referral;
    expect(claimed).toMatchObject({
      id: r.id,
      status: 'matched',
      matched_provider_id: harborProvider,
      match_method: 'claim',
      acceptance_status: 'pending',
      accepted_at: null,
      rejected_at: null,
      rejection_reason: null,
      phi_email_sent: false,
      email_sent_to: null,
      viewer_role: 'provider',
      matched_provider: { id: harborProvider, organization_id: harbor },
    });
    const expires = new Date(claimed.expires_at!).getTime();
    const week = 7 * 86_400_000;
    expect(expires).toBeGreaterThanOrEqual(started + week - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + week + 1000);
    expect(new Date(claimed.matched_at!).getTime()).toBeGreaterThanOrEqual(started - 1000);

    const events = await t.database.query<{
      type: string;
      from_status: string;
      to_status: string;
      details: object;
    }>(
      "SELECT type, from_status, to_status, details FROM referral_events WHERE referral_id = $1 AND type IN ('claimed', 'member_notified') ORDER BY id",
      [r.id],
    );
    expect(events).toEqual([
      {
        type: 'claimed',
        from_status: 'pending',
        to_status: 'matched',
        details: {
          action: 'match',
          provider_id: harborProvider,
          provider_name: 'Harbor Community Services',
          organization_id: harbor,
          organization_name: 'Harbor Community Services',
        },
      },
      expect.objectContaining({ type: 'member_notified', details: expect.objectContaining({ sent: true }) }),
    ]);
    const audit = await t.database.query<{ actor_user_id: number; organization_id: number }>(
      "SELECT actor_user_id, organization_id FROM audit_log WHERE action = 'referral.claimed' AND entity_id = $1",
      [String(r.id)],
    );
    expect(audit).toEqual([{ actor_user_id: await userId('cbo@trust.demo'), organization_id: harbor }]);
    const sms = await t.database.query<{ body_text: string; referral_id: number }>(
      "SELECT body_text, referral_id FROM outbound_messages WHERE channel = 'sms' AND to_address = '(415) 555-7302'",
    );
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ referral_id: r.id });
    expect(sms[0]!.body_text).toContain(`referral ${r.referral_number} has been matched`);

    // Now in harbor's feed as awaiting its answer, gone from everybody else's.
    expect((await wholeFeed(cbo, harbor)).find((c) => c.id === r.id)).toMatchObject({ status: 'matched' });
    expect((await wholeFeed(staff, lakeside)).map((c) => c.id)).not.toContain(r.id);
    expect((await wholeFeed()).map((c) => c.id)).not.toContain(r.id);
    // The matched provider's organization may now open it.
    expect((await api('GET', `/api/referrals/${r.id}`, cbo, harbor)).statusCode).toBe(200);
  });

  it('409 when the referral is no longer Pending, 404 when it does not exist', async () => {
    const r = await createPending();
    expect((await api('POST', `/api/referrals/${r.id}/claim`, staff, lakeside)).statusCode).toBe(200);
    const again = await api('POST', `/api/referrals/${r.id}/claim`, cbo, harbor);
    expect(expectEnvelope(again, 409, 'conflict').message).toBe(
      'This referral was already taken by another organization.',
    );
    expect(again.json().reason).toBe('feed.already_taken');
    const row = await one<{ matched_provider_id: number }>(
      'SELECT matched_provider_id FROM referrals WHERE id = $1',
      [r.id],
    );
    expect(row.matched_provider_id).toBe(lakesideProvider);
    expect(expectEnvelope(await api('POST', '/api/referrals/99999999/claim', cbo, harbor), 404).message).toBe(
      'Referral not found',
    );
    expectEnvelope(await api('POST', '/api/referrals/abc/claim', cbo, harbor), 400);
  });

  it('401 signed out; 403 for an organization not in the provider directory and for viewers', async () => {
    const r = await createPending();
    expectEnvelope(await api('POST', `/api/referrals/${r.id}/claim`, null), 401);
    const notProvider = await api('POST', `/api/referrals/${r.id}/claim`, coordinator, plan);
    expect(expectEnvelope(notProvider, 403, 'forbidden').message).toBe(
      'Only organizations listed in the provider directory can claim referrals.',
    );
    expectEnvelope(await api('POST', `/api/referrals/${r.id}/claim`, viewer, plan), 403);
    expectEnvelope(await api('POST', `/api/referrals/${r.id}/claim`, cbo, lakeside), 403);
    const row = await one<{ status: string }>('SELECT status FROM referrals WHERE id = $1', [r.id]);
    expect(row.status).toBe('pending');
  });

  it('two organizations claiming at once: exactly one wins, the other gets 409', async () => {
    for (let round = 0; round < 4; round++) {
      const r = await createPending({ phone_number: `(415) 555-74${String(round).padStart(2, '0')}` });
      const [a, b] = await Promise.all([
        api('POST', `/api/referrals/${r.id}/claim`, cbo, harbor),
        api('POST', `/api/referrals/${r.id}/claim`, staff, lakeside),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes, `${a.body} ${b.body}`).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? harborProvider : lakesideProvider;
      const row = await one<{ matched_provider_id: number; status: string }>(
        'SELECT matched_provider_id, status FROM referrals WHERE id = $1',
        [r.id],
      );
      expect(row).toEqual({ matched_provider_id: winner, status: 'matched' });
      const claims = await one<{ n: number }>(
        "SELECT count(*)::int AS n FROM referral_events WHERE referral_id = $1 AND type = 'claimed'",
        [r.id],
      );
      expect(claims.n).toBe(1);
      const sms = await one<{ n: number }>(
        'SELECT count(*)::int AS n FROM outbound_messages WHERE referral_id = $1',
        [r.id],
      );
      expect(sms.n).toBe(1);
    }
  });

  it('a claimed card leaves every other feed within a second; the claimer receives it as awaiting its answer', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {});
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const anonymous = await openEventStream(base);
    const other = await openEventStream(base, staff);
    const claimer = await openEventStream(base, cbo);
    try {
      const r = await createPending();
      const isUpsert = (e: { type: string; data: unknown }) =>
        e.type === 'feed.upsert' && (e.data as { id: number }).id === r.id;
      const isRemove = (e: { type: string; data: unknown }) =>
        e.type === 'feed.remove' && (e.data as { id: number }).id === r.id;
      expect(await other.waitFor(() => other.events.some(isUpsert))).toBe(true);

      const claimedAt = Date.now();
      expect((await api('POST', `/api/referrals/${r.id}/claim`, cbo, harbor)).statusCode).toBe(200);
      for (const stream of [anonymous, other]) {
        expect(await stream.waitFor(() => stream.events.some(isRemove), 1000)).toBe(true);
      }
      expect(Date.now() - claimedAt).toBeLessThan(1500);
      expect(
        await claimer.waitFor(() =>
          claimer.events.filter(isUpsert).some((e) => (e.data as FeedCard).status === 'matched'),
        ),
      ).toBe(true);
      // The claimer's card is the full one; the other organization never receives the matched card.
      const matched = claimer.events.filter(isUpsert).find((e) => (e.data as FeedCard).status === 'matched')!;
      expect(matched.data).toMatchObject({ masked: false, matched_provider_id: harborProvider });
      expect(other.events.filter(isUpsert).every((e) => (e.data as FeedCard).status === 'pending')).toBe(
        true,
      );
      expect(JSON.stringify(anonymous.events)).not.toContain(secret.last_name);
    } finally {
      anonymous.close();
      other.close();
      claimer.close();
    }
  });
});

import { PROVIDER_MESSAGES, type SavedProvider, type SavedProviderList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let coordinator: string;
let cbo: string;
let directoryIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  const rows = await t.database.query<{ id: number }>(
    "SELECT id FROM providers WHERE source = 'directory' ORDER BY id LIMIT 3",
  );
  directoryIds = rows.map((r) => r.id);
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const newProvider = {
  organization_name: 'Eastside Pantry Collective',
  organization_type: 'Food Bank',
  street_address: '12 Main St',
  city: 'Los Angeles',
  state: 'ca',
  zip_code: '90012',
  primary_phone: '1-213-555-0142',
  primary_email: 'Intake@Eastside.example.org',
  website: 'eastside.example.org',
  services: ['Food Assistance'],
  languages_spoken: ['English', 'Spanish'],
};

async function list(token: string, query = '') {
  const res = await api('GET', `/api/saved-providers${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SavedProviderList;
}

async function auditCount(action: string, providerId: number) {
  const rows = await t.database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND entity_type = 'provider' AND entity_id = $2",
    [action, String(providerId)],
  );
  return rows[0]!.n;
}

describe('saved providers require a session', () => {
  it.each([
    ['GET', '/api/saved-providers'],
    ['POST', '/api/saved-providers'],
    ['DELETE', '/api/saved-providers/1'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await api(method, url, null, method === 'POST' ? { provider_id: 1 } : undefined);
    expectEnvelope(res, 401);
  });
});

describe('POST /api/saved-providers with a directory provider', () => {
  it('saves it for the caller (by provider_id or id), lists it, and answers 409 the second time', async () => {
    const [first, second] = directoryIds as [number, number];
    const res = await api('POST', '/api/saved-providers', coordinator, { provider_id: first });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json() as SavedProvider;
    expect(saved).toMatchObject({ id: first, provider_id: first, source: 'directory' });
    expect(Date.parse(saved.saved_at)).not.toBeNaN();

    // The client sends the whole directory object (001 §7 "body is the provider object").
    const whole = await api('GET', `/directory/providers/${second}`, null);
    const bySecond = await api('POST', '/api/saved-providers', coordinator, whole.json());
    expect(bySecond.statusCode, bySecond.body).toBe(201);

    const again = await api('POST', '/api/saved-providers', coordinator, { id: first });
    expect(expectEnvelope(again, 409, 'conflict')).toMatchObject({
      reason: 'saved_provider.already_saved',
      message: 'This provider is already saved',
    });

    const mine = await list(coordinator);
    expect(mine.providers.map((p) => p.provider_id)).toEqual([second, first]);
    expect(mine.total).toBe(2);
    expect(await auditCount('saved_provider.added', first)).toBe(1);
  });

  it('answers 404 for a provider id that does not exist', async () => {
    const res = await api('POST', '/api/saved-providers', coordinator, { provider_id: 99_999_999 });
    expectEnvelope(res, 404, 'not_found');
  });

  it('keeps each user their own list', async () => {
    const cboList = await list(cbo);
    expect(cboList.providers).toEqual([]);
    const third = directoryIds[2]!;
    const res = await api('POST', '/api/saved-providers', cbo, { provider_id: third });
    expect(res.statusCode, res.body).toBe(201);
    expect((await list(cbo)).providers.map((p) => p.id)).toEqual([third]);
    expect((await list(coordinator)).providers.map((p) => p.id)).not.toContain(third);
    // Another user's saved provider cannot be removed from their list through mine.
    expectEnvelope(await api('DELETE', `/api/saved-providers/${third}`, coordinator), 404, 'not_found');
    expect((await list(cbo)).total).toBe(1);
  });
});

describe('POST /api/saved-providers with a new provider (Add New Provider)', () => {
  it('answers every required-field message of 001 §5 at once and stores nothing', async () => {
    const before = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM providers');
    const res = await api('POST', '/api/saved-providers', coordinator, {
      organization_name: '  ',
      services: [],
      languages_spoken: [],
    });
    const body = expectEnvelope(res, 400, 'validation_failed') as unknown as {
      fields: Record<string, string>;
    };
    expect(body.fields).toEqual({
      organization_name: PROVIDER_MESSAGES.nameRequired,
      organization_type: 'Organization type is required',
      street_address: 'Street address is required',
      city: 'City is required',
      state: 'State is required',
      zip_code: 'ZIP code is required',
      primary_phone: 'Phone number is required',
      services: 'Please select at least one service',
      languages_spoken: 'Please select at least one language',
    });
    const after = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM providers');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('checks the formats of the typed-in values', async () => {
    const res = await api('POST', '/api/saved-providers', coordinator, {
      ...newProvider,
      state: 'XX',
      zip_code: '9001',
      primary_phone: '555',
      primary_email: 'not-an-email',
      website: 'nowhere',
    });
    const body = expectEnvelope(res, 400) as unknown as { fields: Record<string, string> };
    expect(body.fields).toEqual({
      state: 'Choose a US state.',
      zip_code: 'ZIP code must be 5 digits.',
      primary_phone: 'Enter a 10-digit phone number.',
      primary_email: 'Enter a valid email address.',
      website: 'Enter a valid website address.',
    });
  });

  it('creates the provider (source user, by the caller, located by its ZIP), saves it, and refuses a duplicate', async () => {
    const res = await api('POST', '/api/saved-providers', coordinator, newProvider);
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json() as SavedProvider;
    expect(saved).toMatchObject({
      organization_name: 'Eastside Pantry Collective',
      organization_type: 'Food Bank',
      street_address: '12 Main St',
      state: 'CA',
      zip_code: '90012',
      primary_phone: '(213) 555-0142',
      phone: '(213) 555-0142',
      primary_email: 'intake@eastside.example.org',
      website: 'https://eastside.example.org',
      services: ['Food Assistance'],
      languages_spoken: ['English', 'Spanish'],
      source: 'user',
      // Issue #12: private to the organization it was added for until a platform operator verifies it.
      verification_status: 'private',
      // Issue #18 item 7: the directory's rule, every field but the hours (4) and confirmed now by its organization.
      data_quality_score: 96,
      data_source: 'organization',
      may_be_out_of_date: false,
    });
    // 90012 is downtown Los Angeles.
    expect(saved.latitude).toBeCloseTo(34.06, 1);
    expect(saved.longitude).toBeCloseTo(-118.24, 1);
    const [me] = await t.database.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'coordinator@trust.demo'",
    );
    const [row] = await t.database.query<{
      created_by: number;
      source: string;
      owner_organization_id: number;
      verified_at: Date | null;
    }>('SELECT created_by, source, owner_organization_id, verified_at FROM providers WHERE id = $1', [
      saved.id,
    ]);
    // Without X-CBO-ID the request acts for the coordinator's primary organization, which owns the provider.
    const [primary] = await t.database.query<{ organization_id: number }>(
      'SELECT organization_id FROM memberships WHERE user_id = $1 AND is_primary',
      [me!.id],
    );
    expect(row).toEqual({
      created_by: me!.id,
      source: 'user',
      owner_organization_id: primary!.organization_id,
      verified_at: null,
    });
    expect(await auditCount('provider.created', saved.id)).toBe(1);

    // Aliases of the spec's other client (phone, email, languages) are read too; same name and ZIP → 409.
    const { primary_phone: _p, languages_spoken: _l, ...rest } = newProvider;
    const dup = await api('POST', '/api/saved-providers', coordinator, {
      ...rest,
      organization_name: 'EASTSIDE pantry collective',
      phone: '2135550142',
      languages: ['English'],
    });
    expect(expectEnvelope(dup, 409).message).toBe('This provider is already saved');

    // Found by the server-side search, by name, city or service; not by something else.
    expect((await list(coordinator, '?search=pantry')).providers.map((p) => p.id)).toEqual([saved.id]);
    expect((await list(coordinator, '?search=food%20assist')).providers.map((p) => p.id)).toContain(saved.id);
    expect((await list(coordinator, '?search=zzzz-nothing')).providers).toEqual([]);
  });

  it('pages the list', async () => {
    const all = await list(coordinator);
    const page = await list(coordinator, '?page=2&page_size=1');
    expect(page).toMatchObject({ total: all.total, page: 2, page_size: 1 });
    expect(page.providers.map((p) => p.id)).toEqual([all.providers[1]!.id]);
  });
});

describe('DELETE /api/saved-providers/{provider_id}', () => {
  it('removes a saved provider, then answers 404', async () => {
    const id = directoryIds[0]!;
    const res = await api('DELETE', `/api/saved-providers/${id}`, coordinator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, provider_id: id });
    expect((await list(coordinator)).providers.map((p) => p.id)).not.toContain(id);
    expect(await auditCount('saved_provider.removed', id)).toBe(1);
    const again = await api('DELETE', `/api/saved-providers/${id}`, coordinator);
    expect(expectEnvelope(again, 404)).toMatchObject({
      reason: 'saved_provider.not_saved',
      message: 'This provider is not in your list.',
    });
  });

  it('answers 400 for an id that is not a number', async () => {
    expectEnvelope(await api('DELETE', '/api/saved-providers/abc', coordinator), 400);
  });
});

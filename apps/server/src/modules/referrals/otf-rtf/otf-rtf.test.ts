import { OTF_DEFAULTS, type OtfRtfList, type OtfRtfSubmission } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let plan: number;
let harbor: number;
let coordinator: string;
let viewer: string;
let cbo: string;
let coordinatorId: number;

async function one<T>(sql: string): Promise<T> {
  const [row] = await t.database.query<T>(sql);
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
  coordinator = await login(t.app, 'coordinator@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
});
afterAll(async () => t?.close());

const submit = (body: unknown, token: string | null = coordinator, org: number = plan) =>
  t.app.inject({
    method: 'POST',
    url: '/api/otf-rtf',
    headers: token ? bearer(token, org) : {},
    payload: body as object,
  });

const list = (query = '', token: string | null = coordinator, org: number = plan) =>
  t.app.inject({ method: 'GET', url: `/api/otf-rtf${query}`, headers: token ? bearer(token, org) : {} });

describe('POST /api/otf-rtf', () => {
  it('stores a submission of the active organization by the caller, audited', async () => {
    const res = await submit({ ...OTF_DEFAULTS, escalation: 'Critical', timeline: 'Immediate (24 hours)' });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json() as OtfRtfSubmission;
    expect(s).toMatchObject({
      organization_id: plan,
      created_by: coordinatorId,
      created_by_name: 'Casey Coordinator',
      zip_code: '82001',
      referral_type: 'Outpatient follow up',
      sdoh_need: 'Housing',
      preferred_language: 'English',
      timeline: 'Immediate (24 hours)',
      escalation: 'Critical',
    });
    const audit = await t.database.query<{ actor_user_id: number; organization_id: number }>(
      "SELECT actor_user_id, organization_id FROM audit_log WHERE action = 'otf_rtf.created' AND entity_id = $1",
      [String(s.id)],
    );
    expect(audit).toEqual([{ actor_user_id: coordinatorId, organization_id: plan }]);
  });

  it('requires all six fields (000 §5.6), each one of the §9 options, with a message per field', async () => {
    const before = await one<{ n: number }>('SELECT count(*)::int AS n FROM otf_rtf_submissions');
    const empty = await submit({ zip_code: ' ', referral_type: '', sdoh_need: null });
    const fields = (expectEnvelope(empty, 400, 'validation_failed') as unknown as { fields: object }).fields;
    expect(fields).toEqual({
      zip_code: 'ZIP code is required.',
      referral_type: 'Referral type is required.',
      sdoh_need: 'SDoH need is required.',
      preferred_language: 'Preferred language is required.',
      timeline: 'Timeline is required.',
      escalation: 'Escalation level is required.',
    });

    const wrong = await submit({
      zip_code: '8200',
      referral_type: 'Dental',
      sdoh_need: 'Housing Assistance',
      preferred_language: 'Klingon',
      timeline: 'Within 1 Week',
      escalation: 'Urgent',
      created_by: 1,
    });
    expect((expectEnvelope(wrong, 400) as unknown as { fields: object }).fields).toEqual({
      zip_code: 'Enter a 5-digit ZIP code.',
      referral_type:
        'Choose one of: Outpatient follow up, Inpatient follow up, Emergency follow up, Preventive care.',
      sdoh_need:
        'Choose one of: Housing, Food Assistance, Transportation, Mental Health, Substance Abuse, Employment, Insurance.',
      preferred_language: 'Choose one of: English, Spanish, French, Mandarin, Arabic, Other.',
      timeline: 'Choose one of: Immediate (24 hours), Within 1 week, Within 2 weeks, Within 1 month.',
      escalation: 'Choose one of: Low, Medium, High, Critical.',
      created_by: 'Unknown field.',
    });
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM otf_rtf_submissions')).n).toBe(before.n);
  });

  it('needs a session (401) and a writer role (403 for a viewer)', async () => {
    expectEnvelope(await submit(OTF_DEFAULTS, null), 401);
    expectEnvelope(await submit(OTF_DEFAULTS, viewer), 403);
  });
});

describe('GET /api/otf-rtf', () => {
  it("lists the active organization's submissions newest first, paged; another organization's are not listed", async () => {
    const mine: number[] = [];
    for (const escalation of ['Low', 'Medium', 'High']) {
      const res = await submit({ ...OTF_DEFAULTS, escalation });
      mine.push((res.json() as OtfRtfSubmission).id);
    }
    const theirs = (
      await submit({ ...OTF_DEFAULTS, zip_code: '90001' }, cbo, harbor)
    ).json() as OtfRtfSubmission;

    const res = await list('?page=1&page_size=2');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as OtfRtfList;
    expect(page).toMatchObject({ page: 1, page_size: 2 });
    expect(page.submissions.map((s) => s.id)).toEqual([mine[2], mine[1]]);
    const all = (await list('?page_size=100')).json() as OtfRtfList;
    expect(all.total).toBe(all.submissions.length);
    expect(all.submissions.every((s) => s.organization_id === plan)).toBe(true);
    expect(all.submissions.some((s) => s.id === theirs.id)).toBe(false);
    const second = (await list('?page=2&page_size=2')).json() as OtfRtfList;
    expect(second.submissions[0]!.id).toBe(mine[0]);

    const harborList = (await list('', cbo, harbor)).json() as OtfRtfList;
    expect(harborList.submissions.map((s) => s.id)).toEqual([theirs.id]);
  });

  it('lets a viewer read; needs a session (401); a bad page is a 400; a foreign organization is a 403', async () => {
    expect((await list('', viewer)).statusCode).toBe(200);
    expectEnvelope(await list('', null), 401);
    expectEnvelope(await list('?page=0'), 400);
    expectEnvelope(await list('?page_size=1000'), 400);
    expectEnvelope(await list('', coordinator, harbor), 403);
  });
});

describe('the API document', () => {
  it('describes the OTF/RTF endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/otf-rtf'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
  });
});

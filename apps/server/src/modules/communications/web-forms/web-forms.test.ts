import { type Referral, WEB_FORM_MESSAGES, type WebFormResult, webFormHttpError } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import {
  type FormServer,
  isBase64Png,
  startFormServer,
} from '../../../adapters/web-form/test-form-server.ts';
import { systemContext } from '../../../platform/context.ts';
import { webFormTarget } from './service.ts';
import { endStaleSubmissions } from './submission-job.ts';

// 001 §5 "Web form submit", §7 POST /api/providers/{providerId}/communications/webform and POST
// /api/providers/{id}/submit-web-form, §3 Web form submission record: the real app drives Debian's Chromium
// against provider form pages served on loopback, and the tests check what each form actually received.

let t: TestApp;
let forms: FormServer;
let plan: number;
let harbor: number;
let coordinator: string;
let cbo: string;
let viewer: string;
let seq = 0;

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(text, params);
  return row as T;
}

const orgId = async (name: string) =>
  (await one<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [name])).id;

/** A directory provider whose web form is `path` on the form server (null: no web form and no website). */
async function providerWithForm(path: string | null, website: string | null = null) {
  seq += 1;
  const row = await one<{ id: number }>(
    `INSERT INTO providers (name, organization_type, website, latitude, longitude)
     VALUES ($1, 'Food Bank', $2, 34.05, -118.25) RETURNING id`,
    [`Web Form Test Pantry ${seq}`, website],
  );
  if (path !== null) {
    await t.database.query('UPDATE providers SET web_form_url = $2 WHERE id = $1', [
      row.id,
      `${forms.url}${path}`,
    ]);
  }
  return row.id;
}

/** The member the forms are filled in for: what each form received is checked against these. */
const member = {
  first_name: 'Rosalind',
  last_name: 'Achterberg',
  phone_number: '(213) 555-0199',
  email: 'r.ach@example.org',
  date_of_birth: '1971-03-02',
  zip_code: '90012',
  street_address: '4 Alameda Walk',
  city: 'Los Angeles',
  state: 'CA',
  // Never sent to a provider's form (its message names the needs only).
  primary_diagnosis: 'Type 2 diabetes',
  sdoh_needs: ['Food Assistance'],
};

function newReferral(token = coordinator, org = plan): Promise<Referral> {
  return createReferral(t, { token, orgId: org, ...member });
}

const submit = (providerId: number, payload: unknown, token = coordinator, org = plan, alias = false) =>
  t.app.inject({
    method: 'POST',
    url: alias
      ? `/api/providers/${providerId}/submit-web-form`
      : `/api/providers/${providerId}/communications/webform`,
    headers: bearer(token, org),
    payload: payload as object,
  });

/** Runs `fn` with some configuration changed for it (the timeout, the private-address guard). */
async function withConfig<T>(patch: Partial<TestApp['app']['deps']['config']>, fn: () => Promise<T>) {
  const config = t.app.deps.config;
  const saved = { ...config };
  Object.assign(config, patch);
  try {
    return await fn();
  } finally {
    Object.assign(config, saved);
  }
}

beforeAll(async () => {
  forms = await startFormServer();
  t = await buildTestApp({ env: { WEB_FORM_ALLOW_PRIVATE_HOSTS: 'true', WEB_FORM_TIMEOUT_MS: '20000' } });
  plan = await orgId('Golden Valley Health Plan');
  harbor = await orgId('Harbor Community Services');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
});
afterAll(async () => {
  await t?.close();
  await forms?.close();
});

describe('POST /api/providers/{providerId}/communications/webform', () => {
  it('fills and submits a simple form, stores the record, its communication, timeline row and audit row', async () => {
    const referral = await newReferral();
    const provider = await providerWithForm('/simple');
    const before = forms.received.length;
    // The organization's screens hear of the record as it moves (ids and status only): each change's domain
    // event ('communication.recorded') reaches this process after its commit and goes out to its streams.
    const events = t.app.deps.events;
    const published: { type: string; data: { id?: number; status?: string; method_type?: string } }[] = [];
    const deliverLocal = events.deliverLocal.bind(events);
    events.deliverLocal = (type, audience, data, options) => {
      published.push({ type, data: data as (typeof published)[number]['data'] });
      deliverLocal(type, audience, data, options);
    };
    const ofForm = () => published.filter((e) => e.data.method_type === 'web_form');
    const res = await submit(provider, { referral_id: referral.id });
    for (let waited = 0; ofForm().length < 3 && waited < 5000; waited += 25) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await t.app.deps.domainEvents.idle();
    events.deliverLocal = deliverLocal;
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as WebFormResult;
    expect(body).toMatchObject({
      success: true,
      status: 'submitted',
      form_submitted: true,
      submission_success: true,
      message: WEB_FORM_MESSAGES.submitted,
      error: null,
      page_url: `${forms.url}/simple/thanks`,
      page_title: 'Thank you',
    });
    expect(body.fields_filled).toEqual({
      'First Name': true,
      'Last Name': true,
      'Date of Birth': true,
      Phone: true,
      Email: true,
      'Street Address': true,
      City: true,
      State: true,
      ZIP: true,
      'Medicaid ID': true,
      'Service needed': true,
      Message: true,
      'The client consents to this referral': true,
      'Shoe size': false,
    });
    expect(isBase64Png(body.screenshot_before)).toBe(true);
    expect(isBase64Png(body.screenshot_after)).toBe(true);
    expect(body.screenshot_before).not.toBe(body.screenshot_after);

    // What the provider's form received: the referral's values, and nothing for what it does not hold.
    const posted = forms.received.slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.path).toBe('/simple/submit');
    expect(posted[0]!.fields).toMatchObject({
      first_name: 'Rosalind',
      last_name: 'Achterberg',
      dob: '1971-03-02',
      phone: '(213) 555-0199',
      email: 'r.ach@example.org',
      address: '4 Alameda Walk',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90012',
      medicaid_id: referral.medicaid_id,
      service: 'food',
      consent: 'yes',
      shoe: '',
    });
    expect(posted[0]!.fields.message).toContain(
      `Referral ${referral.referral_number} from Golden Valley Health Plan`,
    );
    expect(posted[0]!.fields.message).toContain('Food Assistance');
    expect(posted[0]!.fields.message).not.toContain('diabetes');

    const stored = await one<Record<string, unknown>>(
      'SELECT status, target_url, form_submitted, submission_success, communication_id, finished_at FROM web_form_submissions WHERE id = $1',
      [body.submission_id],
    );
    expect(stored).toMatchObject({
      status: 'submitted',
      target_url: `${forms.url}/simple`,
      form_submitted: true,
      submission_success: true,
    });
    expect(stored.finished_at).not.toBeNull();
    const communication = await one<Record<string, unknown>>(
      'SELECT channel, direction, category, status, to_address, conversation_id, sent_at, referral_id, provider_id FROM communications WHERE id = $1',
      [stored.communication_id],
    );
    expect(communication).toMatchObject({
      channel: 'web_form',
      direction: 'outbound',
      category: 'web_form',
      status: 'submitted',
      to_address: `${forms.url}/simple`,
      conversation_id: null,
      referral_id: referral.id,
      provider_id: provider,
    });
    expect(communication.sent_at).not.toBeNull();
    expect(
      published
        .filter((e) => e.type.startsWith('communication.') && e.data.method_type === 'web_form')
        .map((e) => `${e.type} ${e.data.status}`),
    ).toEqual([
      'communication.created queued',
      'communication.updated running',
      'communication.updated submitted',
    ]);
    expect(JSON.stringify(published)).not.toContain('Rosalind');

    const timeline = await t.database.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM referral_events WHERE referral_id = $1 AND type = 'web_form_submitted'",
      [referral.id],
    );
    expect(timeline).toHaveLength(1);
    expect(timeline[0]!.details).toMatchObject({
      form_submitted: true,
      success: true,
      fields_filled: 13,
      fields_total: 14,
      submission_id: body.submission_id,
    });
    expect(JSON.stringify(timeline[0]!.details)).not.toContain('Rosalind');

    const audits = await t.database.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_log WHERE action = 'referral.web_form_submitted' AND entity_id = $1",
      [String(referral.id)],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ page_url: `${forms.url}/simple`, provider_id: provider });

    // GET /api/referrals/{id}/screenshots lists the record with its status.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/referrals/${referral.id}/screenshots`,
      headers: bearer(coordinator, plan),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().screenshots[0]).toMatchObject({
      id: body.submission_id,
      status: 'submitted',
      submission_success: true,
      form_submitted: true,
    });
  });

  it('fills a labels-only form (inputs wrapped in labels, no name or id) and its fetch() submission', async () => {
    const referral = await newReferral();
    const provider = await providerWithForm('/labels');
    const before = forms.received.length;
    // 001 §7 Matching: the alias the match calls.
    const res = await submit(provider, { referral_id: referral.id }, coordinator, plan, true);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as WebFormResult;
    expect(body).toMatchObject({ success: true, status: 'submitted', submission_success: true, error: null });
    expect(body.fields_filled).toMatchObject({
      'Client full name': true,
      'Client phone number': true,
      'Date of birth (MM/DD/YYYY)': true,
      'Favorite color': false,
      'Tell us about the need': true,
    });
    const posted = forms.received.slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      path: '/labels/submit',
      fields: {
        'Client full name': 'Rosalind Achterberg',
        'Client phone number': '(213) 555-0199',
        'Client email': 'r.ach@example.org',
        'Date of birth (MM/DD/YYYY)': '03/02/1971',
        'ZIP code': '90012',
        'Favorite color': '',
      },
    });
    expect(isBase64Png(body.screenshot_after)).toBe(true);
  });

  it('fills but does not submit a form with a required input the referral cannot fill', async () => {
    const referral = await newReferral();
    const provider = await providerWithForm('/labels-required');
    const before = forms.received.length;
    const res = await submit(provider, { referral_id: referral.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as WebFormResult;
    expect(body).toMatchObject({
      success: false,
      status: 'filled',
      form_submitted: false,
      submission_success: false,
      error: WEB_FORM_MESSAGES.requiredUnfilled,
    });
    expect(body.fields_filled['Favorite color']).toBe(false);
    expect(body.fields_filled['Client full name']).toBe(true);
    expect(isBase64Png(body.screenshot_before)).toBe(true);
    expect(isBase64Png(body.screenshot_after)).toBe(true);
    expect(forms.received.length).toBe(before);
    const communication = await one<{ status: string; error_message: string }>(
      'SELECT c.status, c.error_message FROM communications c JOIN web_form_submissions s ON s.communication_id = c.id WHERE s.id = $1',
      [body.submission_id],
    );
    expect(communication).toEqual({ status: 'filled', error_message: WEB_FORM_MESSAGES.requiredUnfilled });
  });

  it('goes through a two-page form: Next posts the first page, the second is filled and submitted', async () => {
    const referral = await newReferral();
    const provider = await providerWithForm('/two-step');
    const before = forms.received.length;
    const res = await submit(provider, { referral_id: referral.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as WebFormResult;
    expect(body).toMatchObject({ success: true, status: 'submitted', submission_success: true });
    const posted = forms.received.slice(before);
    expect(posted.map((p) => p.path)).toEqual(['/two-step/2', '/two-step/done']);
    expect(posted[0]!.fields).toEqual({ fname: 'Rosalind', lname: 'Achterberg', birth: '03/02/1971' });
    expect(posted[1]!.fields).toMatchObject({
      fname: 'Rosalind',
      lname: 'Achterberg',
      phone: '(213) 555-0199',
      email: 'r.ach@example.org',
      zip: '90012',
    });
    expect(posted[1]!.fields.notes).toContain(referral.referral_number);
    expect(Object.keys(body.fields_filled).sort()).toEqual(
      ['First name', 'Last name', 'Date of birth', 'Phone', 'Email', 'Zip', 'Additional information'].sort(),
    );
  });

  it('records a form whose server answers 500 as sent but not successful', async () => {
    const referral = await newReferral();
    const provider = await providerWithForm('/fails');
    const before = forms.received.length;
    const res = await submit(provider, { referral_id: referral.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as WebFormResult;
    expect(body).toMatchObject({
      success: false,
      status: 'submitted',
      form_submitted: true,
      submission_success: false,
      error: webFormHttpError(500),
    });
    expect(forms.received.slice(before)).toEqual([
      { path: '/fails/submit', fields: { name: 'Rosalind Achterberg', phone: '(213) 555-0199' } },
    ]);
    expect(isBase64Png(body.screenshot_after)).toBe(true);
  });

  it('ends a page that never answers as failed within the deadline', async () => {
    const referral = await newReferral();
    const provider = await providerWithForm('/hang');
    const started = Date.now();
    const res = await withConfig({ webFormTimeoutMs: 3000 }, () =>
      submit(provider, { referral_id: referral.id }),
    );
    const elapsed = Date.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      status: 'failed',
      form_submitted: false,
      error: WEB_FORM_MESSAGES.timedOut,
    });
    expect(elapsed).toBeLessThan(3000 + 6000);
    const events = await t.database.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM referral_events WHERE referral_id = $1 AND type = 'web_form_submitted'",
      [referral.id],
    );
    expect(events[0]!.details).toMatchObject({ status: 'failed', form_submitted: false, success: false });
  });

  it('refuses a form on a private address when private hosts are not allowed, without opening it', async () => {
    const referral = await newReferral();
    const provider = await providerWithForm('/simple');
    const hits = forms.hits.length;
    const res = await withConfig({ webFormAllowPrivateHosts: false }, () =>
      submit(provider, { referral_id: referral.id }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      status: 'failed',
      error: WEB_FORM_MESSAGES.privateHost,
    });
    expect(forms.hits.length).toBe(hits);
  });

  it('answers 422 with the spec’s warning for a provider without web form or website, and stores nothing', async () => {
    const referral = await newReferral();
    const provider = await providerWithForm(null);
    const count = async () =>
      Number((await one<{ n: string }>('SELECT count(*) AS n FROM web_form_submissions')).n);
    const before = await count();
    const res = await submit(provider, { referral_id: referral.id });
    const error = expectEnvelope(res, 422, 'rule_broken');
    expect(error.message).toBe(
      'Provider website URL not available. Please add a website URL to use this feature.',
    );
    expect(await count()).toBe(before);
  });

  it('answers 400 "Please select a referral first" without a referral', async () => {
    const provider = await providerWithForm('/simple');
    for (const payload of [{}, { referral_id: null }, { referral_id: 0 }]) {
      const res = await submit(provider, payload);
      const error = expectEnvelope(res, 400);
      expect(error.message).toBe('Please select a referral first');
      expect((res.json() as { fields: Record<string, string> }).fields).toEqual({
        referral_id: 'Please select a referral first',
      });
    }
  });

  it('answers 404 for another organization’s referral and for an unknown provider', async () => {
    const provider = await providerWithForm('/simple');
    const theirs = await newReferral(cbo, harbor);
    const hits = forms.hits.length;
    expectEnvelope(await submit(provider, { referral_id: theirs.id }), 404, 'not_found');
    const ours = await newReferral();
    expectEnvelope(await submit(999_999_999, { referral_id: ours.id }), 404, 'not_found');
    expect(forms.hits.length).toBe(hits);
  });

  it('answers 403 to a viewer and 401 without a session', async () => {
    const provider = await providerWithForm('/simple');
    const referral = await newReferral();
    expectEnvelope(await submit(provider, { referral_id: referral.id }, viewer, plan), 403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/providers/${provider}/communications/webform`,
      payload: { referral_id: referral.id },
    });
    expectEnvelope(res, 401);
  });
});

describe('records a stopped process left behind', () => {
  it('ends a submission still running long after any run could last as failed', async () => {
    const referral = await newReferral();
    const stale = await one<{ id: number }>(
      `INSERT INTO web_form_submissions (referral_id, organization_id, status, target_url, created_at)
       VALUES ($1, $2, 'running', 'https://example.org/form', now() - interval '2 hours') RETURNING id`,
      [referral.id, plan],
    );
    const fresh = await one<{ id: number }>(
      `INSERT INTO web_form_submissions (referral_id, organization_id, status, target_url)
       VALUES ($1, $2, 'running', 'https://example.org/form') RETURNING id`,
      [referral.id, plan],
    );
    expect(await endStaleSubmissions(systemContext(t.app.deps, 'test'), { now: new Date() })).toBe(1);
    const rows = await t.database.query<{ id: number; status: string; error: string | null }>(
      'SELECT id, status, error FROM web_form_submissions WHERE id IN ($1, $2) ORDER BY id',
      [stale.id, fresh.id],
    );
    expect(rows).toEqual([
      { id: stale.id, status: 'failed', error: WEB_FORM_MESSAGES.interrupted },
      { id: fresh.id, status: 'running', error: null },
    ]);
  });
});

describe('webFormTarget', () => {
  it('opens the web form, else the website, with https:// added when it has no scheme', () => {
    expect(webFormTarget({ web_form_url: 'https://a.example/form', website: 'b.example' })).toBe(
      'https://a.example/form',
    );
    expect(webFormTarget({ web_form_url: null, website: 'harbor.example.org/intake' })).toBe(
      'https://harbor.example.org/intake',
    );
    expect(webFormTarget({ web_form_url: '  ', website: 'http://c.example' })).toBe('http://c.example');
    expect(webFormTarget({ web_form_url: null, website: null })).toBeNull();
  });
});

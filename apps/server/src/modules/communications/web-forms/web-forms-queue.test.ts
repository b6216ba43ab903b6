import type { WebFormResult } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import { bearer, buildTestApp, login, type TestApp } from '../../../../test/helpers.ts';
import {
  type FormServer,
  isBase64Png,
  startFormServer,
} from '../../../adapters/web-form/test-form-server.ts';
import { WEB_FORM_JOB } from './submission-job.ts';

// With the job queue running (pg-boss, as a server with JOBS on), the submission is the 'web-form.submit' job
// and the call still answers its result once the job has run.

let t: TestApp;
let forms: FormServer;

beforeAll(async () => {
  forms = await startFormServer();
  t = await buildTestApp({
    jobs: true,
    env: { WEB_FORM_ALLOW_PRIVATE_HOSTS: 'true', WEB_FORM_TIMEOUT_MS: '20000' },
  });
});
afterAll(async () => {
  await t?.close();
  await forms?.close();
});

describe('web-form submission on the job queue', () => {
  it('runs the web-form.submit job once and answers its result', async () => {
    const [plan] = await t.database.query<{ id: number }>(
      "SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'",
    );
    const token = await login(t.app, 'coordinator@trust.demo');
    const referral = await createReferral(t, {
      token,
      orgId: plan!.id,
      first_name: 'Imani',
      last_name: 'Okafor',
      sdoh_needs: ['Housing Assistance'],
    });
    const [provider] = await t.database.query<{ id: number }>(
      `INSERT INTO providers (name, organization_type, web_form_url, latitude, longitude)
       VALUES ('Queue Test Shelter', 'Shelter', $1, 34.05, -118.25) RETURNING id`,
      [`${forms.url}/simple`],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/providers/${provider!.id}/communications/webform`,
      headers: bearer(token, plan!.id),
      payload: { referral_id: referral.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as WebFormResult;
    expect(body).toMatchObject({ success: true, status: 'submitted', submission_success: true });
    expect(isBase64Png(body.screenshot_after)).toBe(true);
    expect(forms.received).toHaveLength(1);
    expect(forms.received[0]!.fields).toMatchObject({
      first_name: 'Imani',
      last_name: 'Okafor',
      service: 'housing',
    });

    const jobs = await t.database.query<{ state: string; data: Record<string, unknown> }>(
      'SELECT state, data FROM pgboss.job WHERE name = $1',
      [WEB_FORM_JOB],
    );
    expect(jobs).toHaveLength(1);
    // The job carries ids and the referrer, never the member's details.
    expect(JSON.stringify(jobs[0]!.data)).not.toContain('Imani');
    let state = jobs[0]!.state;
    for (let i = 0; i < 20 && state !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      [{ state }] = (await t.database.query<{ state: string }>(
        'SELECT state FROM pgboss.job WHERE name = $1',
        [WEB_FORM_JOB],
      )) as [{ state: string }];
    }
    expect(state).toBe('completed');
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Enrollment } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers.ts';
import { type Demo, enroll, makeMember, makeProgram, signInDemo } from '../enrollments/test-support.ts';
import { executionsOf, instanceReaches, startWorkflow, workflowWithSteps } from './test-support.ts';

// Issue #17 item 2 `api_call` and "Bad input and failure": a real HTTP server on loopback (allowed by
// WORKFLOW_API_ALLOW_HOSTS, as a deployment allows an internal service) receives the request with its method,
// headers, filled body and Idempotency-Key; its answer is stored with the execution; a failing server is retried
// with backoff and then fails the instance with the reason; a private address not on the list is refused.

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

let t: TestApp;
let d: Demo;
let enrollment: Enrollment;
let peer: http.Server;
let base: string;
const seen: Seen[] = [];
/** What the peer answers next, by path. */
const plans = new Map<string, number[]>();

beforeAll(async () => {
  peer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const path = req.url!.split('?')[0]!;
      if (path === '/slow') return; // never answers: the step's timeout cuts it
      const status = plans.get(path)?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: status < 300, path }));
    });
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  t = await buildTestApp({ jobs: true, env: { WORKFLOW_API_ALLOW_HOSTS: '127.0.0.1' } });
  d = await signInDemo(t);
  enrollment = await enroll(t, d.manager, d.plan, {
    member_id: (await makeMember(t, d.plan)).id,
    program_id: (await makeProgram(t, d.plan, { name: 'Housing Navigation' })).id,
    case_manager_user_id: d.ids.staff,
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  peer.closeAllConnections();
  await new Promise((r) => peer.close(r));
});

function apiStep(config: Record<string, unknown>) {
  return [{ step_type: 'api_call' as const, step_name: 'Tell the housing system', step_config: config }];
}

describe('api_call steps', () => {
  it('sends the request with its headers, the filled body and an idempotency key; stores the answer', async () => {
    const template = await workflowWithSteps(
      t,
      d.manager,
      d.plan,
      apiStep({
        method: 'POST',
        url: `${base}/referrals?source=trust`,
        headers: { 'X-Api-Key': 'k-123' },
        body: '{"enrollment": {{enrollment_id}}, "program": "{{program_name}}"}',
      }),
    );
    const started = await startWorkflow(t, d.manager, d.plan, template.id, enrollment.id);
    await instanceReaches(t, d.manager, d.plan, started.id, 'completed');
    const request = seen.find((s) => s.url === '/referrals?source=trust')!;
    expect(request.method).toBe('POST');
    expect(request.headers['x-api-key']).toBe('k-123');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ enrollment: enrollment.id, program: 'Housing Navigation' });
    const [execution] = await executionsOf(t, d.manager, d.plan, started.id);
    expect(request.headers['idempotency-key']).toBe(`workflow-execution-${execution!.id}`);
    expect(execution!.output).toMatchObject({ status: 200, body: '{"ok":true,"path":"/referrals"}' });
    expect(execution!.attempts).toBe(1);
  }, 30_000);

  it('retries a server error with backoff and goes on when it answers', async () => {
    plans.set('/flaky', [500, 503]);
    const template = await workflowWithSteps(
      t,
      d.manager,
      d.plan,
      apiStep({ url: `${base}/flaky`, retries: 2 }),
    );
    const started = await startWorkflow(t, d.manager, d.plan, template.id, enrollment.id);
    await instanceReaches(t, d.manager, d.plan, started.id, 'completed');
    const [execution] = await executionsOf(t, d.manager, d.plan, started.id);
    expect(execution).toMatchObject({ status: 'completed', attempts: 3, error: null });
    expect(seen.filter((s) => s.url === '/flaky')).toHaveLength(3);
  }, 40_000);

  it('fails the instance with the reason after the configured retries, never leaving it running', async () => {
    plans.set('/down', [500, 500, 500]);
    const template = await workflowWithSteps(
      t,
      d.manager,
      d.plan,
      apiStep({ url: `${base}/down`, retries: 1 }),
    );
    const started = await startWorkflow(t, d.manager, d.plan, template.id, enrollment.id);
    const failed = await instanceReaches(t, d.manager, d.plan, started.id, 'failed');
    expect(failed.error_message).toBe('Tell the housing system: The server answered HTTP 500.');
    const [execution] = await executionsOf(t, d.manager, d.plan, started.id);
    expect(execution).toMatchObject({ status: 'failed', attempts: 2 });
    // A client error is not retried.
    plans.set('/bad', [422]);
    const once = await workflowWithSteps(t, d.manager, d.plan, apiStep({ url: `${base}/bad`, retries: 3 }));
    const second = await startWorkflow(t, d.manager, d.plan, once.id, enrollment.id);
    await instanceReaches(t, d.manager, d.plan, second.id, 'failed');
    expect(seen.filter((s) => s.url === '/bad')).toHaveLength(1);
  }, 40_000);

  it('cuts a request off at its timeout', async () => {
    const template = await workflowWithSteps(
      t,
      d.manager,
      d.plan,
      apiStep({ url: `${base}/slow`, timeout_seconds: 1, retries: 0 }),
    );
    const started = await startWorkflow(t, d.manager, d.plan, template.id, enrollment.id);
    const failed = await instanceReaches(t, d.manager, d.plan, started.id, 'failed');
    expect(failed.error_message).toBe('Tell the housing system: No answer within 1 seconds.');
  }, 30_000);

  it('refuses a private address that is not on the allow-list, without calling it', async () => {
    const before = seen.length;
    // `localhost` resolves to loopback and is not on the list (only 127.0.0.1 is).
    const port = (peer.address() as AddressInfo).port;
    const template = await workflowWithSteps(
      t,
      d.manager,
      d.plan,
      apiStep({ url: `http://localhost:${port}/x` }),
    );
    const started = await startWorkflow(t, d.manager, d.plan, template.id, enrollment.id);
    const failed = await instanceReaches(t, d.manager, d.plan, started.id, 'failed');
    expect(failed.error_message).toBe(
      'Tell the housing system: Refused: localhost is a private or local address (only public addresses may be called).',
    );
    expect(seen.length).toBe(before);
  }, 30_000);
});

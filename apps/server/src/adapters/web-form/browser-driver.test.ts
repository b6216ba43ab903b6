import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEB_FORM_MESSAGES } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, startGuardProxy } from './address-guard.ts';
import { fillWebForm, type WebFormRun } from './browser-driver.ts';
import type { FormValues } from './field-matcher.ts';
import { type FormServer, isBase64Png, startFormServer } from './test-form-server.ts';

// The browser driver against Debian's Chromium and pages on loopback (CI installs it in .ci/run).

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const values: FormValues = {
  firstName: 'Rosalind',
  lastName: 'Achterberg',
  dateOfBirth: '1971-03-02',
  phone: '(213) 555-0199',
  email: 'r.ach@example.org',
  streetAddress: '4 Alameda Walk',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90012',
  medicaidId: 'SD700000001',
  healthPlan: 'Molina Healthcare',
  language: 'English',
  needs: ['Food Assistance'],
  urgency: 'Urgent',
  availability: 'Weekends',
  referrerName: 'Casey Morgan',
  referrerEmail: 'coordinator@trust.demo',
  referrerPhone: null,
  organization: 'Golden Valley Health Plan',
  country: 'USA',
  consentObtained: true,
  subject: 'Referral 4821093756 from Golden Valley Health Plan',
  message: 'Referral 4821093756 from Golden Valley Health Plan.',
};

let forms: FormServer;
const run = (path: string, extra: Partial<WebFormRun> = {}) =>
  fillWebForm({
    url: `${forms.url}${path}`,
    values,
    chromiumPath: CHROMIUM,
    timeoutMs: 15_000,
    allowPrivateHosts: true,
    ...extra,
  });

beforeAll(async () => {
  forms = await startFormServer();
});
afterAll(async () => forms?.close());

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['not-an-ip', true],
    ['93.184.216.34', false],
    ['8.8.8.8', false],
    ['2606:4700:4700::1111', false],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('fillWebForm', () => {
  it('fills a form whose Continue reveals its second half, then sends it', async () => {
    const before = forms.received.length;
    const outcome = await run('/reveal');
    expect(outcome).toMatchObject({
      status: 'submitted',
      formSubmitted: true,
      submissionSuccess: true,
      error: null,
    });
    expect(forms.received.slice(before)).toEqual([
      {
        path: '/reveal/submit',
        fields: {
          first: 'Rosalind',
          last: 'Achterberg',
          mobile: '(213) 555-0199',
          mail: 'r.ach@example.org',
        },
      },
    ]);
    expect(outcome.fieldsFilled).toEqual({
      'First name': true,
      'Last name': true,
      'Mobile phone': true,
      'E-mail': true,
    });
  });

  it('fills a form in Spanish', async () => {
    const before = forms.received.length;
    const outcome = await run('/es');
    expect(outcome).toMatchObject({ status: 'submitted', submissionSuccess: true, pageTitle: 'Gracias' });
    expect(forms.received.slice(before)).toEqual([
      {
        path: '/es/enviar',
        fields: {
          campo1: 'Rosalind',
          campo2: 'Achterberg',
          campo3: '02/03/1971',
          campo4: '(213) 555-0199',
          campo5: 'r.ach@example.org',
          campo6: '90012',
          campo7: values.message,
        },
      },
    ]);
  });

  it('ends as failed when the form changes shape while it is filled, with a screenshot', async () => {
    const before = forms.received.length;
    const outcome = await run('/changes');
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toBe(WEB_FORM_MESSAGES.formChanged);
    expect(outcome.formSubmitted).toBe(false);
    expect(isBase64Png(outcome.screenshotBefore)).toBe(true);
    expect(forms.received.length).toBe(before);
  });

  it('ends as failed on a page without a form', async () => {
    const outcome = await run('/no-form');
    expect(outcome).toMatchObject({
      status: 'failed',
      error: WEB_FORM_MESSAGES.noForm,
      pageTitle: 'About us',
    });
    expect(isBase64Png(outcome.screenshotBefore)).toBe(true);
  });

  it('ends a page that never answers as failed within its deadline', async () => {
    const started = Date.now();
    const outcome = await run('/hang', { timeoutMs: 3000 });
    expect(Date.now() - started).toBeLessThan(3000 + 2000);
    expect(outcome).toMatchObject({
      status: 'failed',
      error: WEB_FORM_MESSAGES.timedOut,
      formSubmitted: false,
    });
  });

  it('says so when Chromium is not installed', async () => {
    const outcome = await run('/simple', { chromiumPath: '/nonexistent/chromium' });
    expect(outcome).toMatchObject({ status: 'failed', error: WEB_FORM_MESSAGES.browserMissing });
  });

  it('refuses a URL that is not http(s)', async () => {
    const outcome = await fillWebForm({
      url: 'file:///etc/passwd',
      values,
      chromiumPath: CHROMIUM,
      timeoutMs: 5000,
      allowPrivateHosts: false,
    });
    expect(outcome).toMatchObject({ status: 'failed', error: WEB_FORM_MESSAGES.badUrl });
  });
});

describe('the address guard', () => {
  let internal: Server;
  let internalHits: string[];
  let publicSite: Server;
  let publicPort: number;
  let internalPort: number;

  beforeAll(async () => {
    internalHits = [];
    internal = createServer((req, res) => {
      internalHits.push(req.url ?? '');
      res.end('<form><label>Name <input name="n"></label><button>Submit</button></form>');
    });
    await new Promise<void>((r) => internal.listen(0, '127.0.0.1', () => r()));
    internalPort = (internal.address() as AddressInfo).port;
    // "public.test" stands for a provider's public site; it redirects to the server's own network.
    publicSite = createServer((req, res) => {
      if (req.url === '/form') {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<title>Public</title><img src="http://127.0.0.1:${internalPort}/pixel"><form method="post" action="/done"><label>Name <input name="n"></label><button>Submit</button></form>`,
          );
        return;
      }
      if (req.url === '/done') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Thank you, received.</p>');
        return;
      }
      res.writeHead(302, { location: `http://127.0.0.1:${internalPort}/admin` }).end();
    });
    await new Promise<void>((r) => publicSite.listen(0, '127.0.0.1', () => r()));
    publicPort = (publicSite.address() as AddressInfo).port;
  });
  afterAll(async () => {
    internal?.close();
    publicSite?.close();
  });

  // Only the "public" site's port counts as public; the internal server's loopback address does not.
  const guard = () => ({
    policy: (_address: string, port: number) => port === publicPort,
    lookup: async (host: string) =>
      host === 'public.test' ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.5', family: 4 }],
  });

  it('refuses a private target before starting a browser', async () => {
    const outcome = await fillWebForm({
      url: `http://127.0.0.1:${internalPort}/admin`,
      values,
      chromiumPath: CHROMIUM,
      timeoutMs: 5000,
      allowPrivateHosts: false,
    });
    expect(outcome).toMatchObject({ status: 'failed', error: WEB_FORM_MESSAGES.privateHost });
    expect(internalHits).toEqual([]);
  });

  it('follows no redirect and loads no resource into the private network, through the browser', async () => {
    const redirected = await fillWebForm({
      url: `http://public.test:${publicPort}/start`,
      values,
      chromiumPath: CHROMIUM,
      timeoutMs: 15_000,
      allowPrivateHosts: false,
      guard: guard(),
    });
    expect(redirected).toMatchObject({ status: 'failed', error: WEB_FORM_MESSAGES.privateHost });

    const served = await fillWebForm({
      url: `http://public.test:${publicPort}/form`,
      values,
      chromiumPath: CHROMIUM,
      timeoutMs: 15_000,
      allowPrivateHosts: false,
      guard: guard(),
    });
    expect(served).toMatchObject({
      status: 'submitted',
      submissionSuccess: true,
      fieldsFilled: { Name: true },
    });
    // Neither the redirect nor the page's <img> reached the internal server.
    expect(internalHits).toEqual([]);
  });

  it('answers 403 to a plain request or a tunnel towards a refused address', async () => {
    const proxy = await startGuardProxy(guard());
    try {
      const plain = await new Promise<number>((resolve, reject) => {
        const port = Number(new URL(proxy.server).port);
        const target = `http://127.0.0.1:${internalPort}/x`;
        const req = httpRequest({ host: '127.0.0.1', port, path: target }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(plain).toBe(403);
      expect(proxy.refused).toEqual([`127.0.0.1:${internalPort}`]);
      expect(internalHits).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});

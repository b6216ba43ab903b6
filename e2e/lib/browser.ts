import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
  request,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Browser = {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors, shown when the journey fails. */
  problems: string[];
  close: () => Promise<void>;
};

/**
 * A fresh Chromium profile (its own local storage, cookies and cache), so no journey sees another's session.
 * Wide viewport: 1280 px is in the 003 §2.1 wide band, where the sidebar (and its organization switcher) is
 * always shown.
 */
export async function openBrowser(
  baseURL: string,
  options: {
    /**
     * A WAV file Chromium's fake microphone plays, looping, to every getUserMedia (issue #19's voice journeys);
     * the permission prompt is answered yes.
     */
    fakeMicrophoneWav?: string;
  } = {},
): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-e2e-profile-'));
  const microphone = options.fakeMicrophoneWav
    ? [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${options.fakeMicrophoneWav}`,
      ]
    : [];
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, ...microphone],
      ...(options.fakeMicrophoneWav ? { permissions: ['microphone'] } : {}),
      baseURL,
      viewport: { width: 1280, height: 800 },
    });
  } catch (err) {
    fs.rmSync(profile, { recursive: true, force: true });
    throw err;
  }
  baseURLs.set(context, baseURL);
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return {
    context,
    page,
    problems,
    close: async () => {
      await apiClients
        .get(context)
        ?.then((client) => client.dispose())
        .catch(() => undefined);
      await context.close().catch(() => undefined);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

const baseURLs = new WeakMap<BrowserContext, string>();
const apiClients = new WeakMap<BrowserContext, Promise<APIRequestContext>>();

/**
 * An HTTP client of the app for the API calls that set a scene or read the outbox, with a cookie jar of its own.
 * The browser's session is an HttpOnly cookie (issue #12) and `page.request` shares the page's cookies, so a
 * sign-in through it would sign the page in as that user too; through this client it signs in nobody else.
 */
export function apiClient(page: Page): Promise<APIRequestContext> {
  const context = page.context();
  let client = apiClients.get(context);
  if (!client) {
    const baseURL = baseURLs.get(context);
    if (!baseURL) throw new Error('apiClient needs a page of openBrowser()');
    client = request.newContext({ baseURL });
    apiClients.set(context, client);
  }
  return client;
}

/** The session cookie of the app (`__Host-` over https), as the browser holds it. */
export async function sessionCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'tm_session' || c.name === '__Host-tm_session');
}

/**
 * Issue #12: the browser's session is an HttpOnly, SameSite=Strict cookie that no script can read, and nothing
 * secret is in web storage (one injected script would read it): `document.cookie` does not show it, and
 * neither local nor session storage holds it or the spec's old `auth_token`.
 */
export async function expectSessionOutOfScriptsReach(page: Page): Promise<void> {
  const cookie = await sessionCookie(page);
  if (!cookie) throw new Error('no session cookie was set');
  if (!cookie.httpOnly) throw new Error('the session cookie is not HttpOnly');
  if (cookie.sameSite !== 'Strict') throw new Error(`the session cookie is SameSite=${cookie.sameSite}`);
  const seen = await page.evaluate(() => ({
    cookie: document.cookie,
    stored: [...Object.entries(window.localStorage), ...Object.entries(window.sessionStorage)],
  }));
  if (seen.cookie.includes('tm_session') || seen.cookie.includes(cookie.value))
    throw new Error('document.cookie shows the session cookie');
  for (const [key, value] of seen.stored) {
    if (key === 'auth_token' || value.includes(cookie.value))
      throw new Error(`web storage holds the session token (${key})`);
  }
  if (!seen.stored.some(([key]) => key === 'signed_in')) throw new Error('the signed-in marker is missing');
}

// playwright-core has no `expect`; these few waits are the assertions the journeys need.

export async function expectVisible(locator: Locator, what: string, timeout = 15_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`expected to see ${what}`);
  }
}

export async function expectHidden(locator: Locator, what: string, timeout = 5_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout });
  } catch {
    throw new Error(`expected not to see ${what}`);
  }
}

export async function expectPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout });
  } catch {
    throw new Error(`expected to be on ${pathname}, but the page is at ${new URL(page.url()).pathname}`);
  }
}

export function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

export async function expectStorage(page: Page, key: string, expected: string | null, timeout = 10_000) {
  try {
    await page.waitForFunction(([k, v]) => window.localStorage.getItem(k as string) === v, [key, expected], {
      timeout,
    });
  } catch {
    const actual = await readStorage(page, key);
    throw new Error(
      `expected local storage ${key} to be ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
    );
  }
}

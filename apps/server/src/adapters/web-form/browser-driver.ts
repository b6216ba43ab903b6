import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import { WEB_FORM_MESSAGES, webFormHttpError } from '@trust/domain';
import type { Browser, Page } from 'playwright-core';
import {
  type AddressPolicy,
  AddressRefused,
  type GuardProxy,
  type Lookup,
  publicAddressesOnly,
  resolveAllowed,
  startGuardProxy,
  systemLookup,
} from './address-guard.ts';
import {
  type FormValues,
  isAvoidedButtonText,
  isNextButtonText,
  isSubmitButtonText,
  readOutcomeText,
} from './field-matcher.ts';
import { planFills } from './fill-plan.ts';
import { BUTTON_ATTR, callPage, FIELD_ATTR, type PageButton, type PageScan } from './page-script.ts';

// The headless-browser driver of automated web-form submission (001 §5 web form, §3 Web form submission
// record): Debian's Chromium through playwright-core, a fresh context per submission, one overall deadline that
// closes the browser (never a hung worker), screenshots before and after. It fills only what the referral
// holds, and submits only when every required input was filled.

export type WebFormRun = {
  url: string;
  values: FormValues;
  chromiumPath: string;
  /** The whole run, launch to close (config.webFormTimeoutMs). */
  timeoutMs: number;
  /** Loopback and private-network targets allowed (tests, a form on the LAN): no address guard. */
  allowPrivateHosts: boolean;
  /** Tests: the guard's address policy and resolver (default: public addresses, the system resolver). */
  guard?: { policy?: AddressPolicy; lookup?: Lookup };
  log?: { warn: (obj: object, msg: string) => void };
};

export type WebFormOutcome = {
  status: 'submitted' | 'filled' | 'failed';
  formSubmitted: boolean;
  submissionSuccess: boolean;
  message: string | null;
  error: string | null;
  /** Each input of the form (its label or name) → whether it was filled. */
  fieldsFilled: Record<string, boolean>;
  pageUrl: string | null;
  pageTitle: string | null;
  /** Base64 PNG. */
  screenshotBefore: string | null;
  screenshotAfter: string | null;
};

export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A screenshot larger than this is retaken of the viewport only, and dropped if still larger. */
export const MAX_SCREENSHOT_BYTES = 2_000_000;
/** Full-page screenshots are cut at this height (px): a very long page would make a huge image. */
const MAX_SCREENSHOT_HEIGHT = 6000;
const VIEWPORT = { width: 1280, height: 900 };
/** The longest one fill, click or screenshot may take. */
const ACTION_MS = 4000;
/** How long the page may take to react to Next or Submit. */
const SETTLE_MS = 10_000;
/** After a fetch() submission is answered, how long the page may take to show the answer. */
const FETCH_RENDER_MS = 2000;
/** Steps of a multi-page form before giving up. */
const MAX_STEPS = 5;
/** How long a page's scripts may take to draw its form after it loaded. */
const FORM_APPEAR_MS = 2000;
/** Browsers at once in this process (a Chromium is a few hundred MB; the machine may have 2 cores). */
const MAX_BROWSERS = 2;

/** Ends the run as failed with one of our messages (never a raw browser error: it could quote the page). */
class RunFailure extends Error {}

let running = 0;
const waiting: (() => void)[] = [];
async function acquireBrowserSlot(): Promise<() => void> {
  if (running >= MAX_BROWSERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The promise's value, or `fallback` after `ms`: for the browser calls that take no timeout of their own
 * (evaluate, title), which a page stuck mid-navigation can keep waiting.
 */
async function bounded<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

function isDetachedError(err: unknown): boolean {
  const text = err instanceof Error ? err.message : String(err);
  return /not attached|detached|Execution context was destroyed|Target (page, context or browser )?(has been )?closed|navigat/i.test(
    text,
  );
}

async function executableExists(file: string): Promise<boolean> {
  try {
    await fs.access(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where the run is, so a deadline or an error still reports what was done. */
type RunState = {
  outcome: WebFormOutcome;
  page: Page | null;
  browser: Browser | null;
  proxy: GuardProxy | null;
  /** The deadline passed: whatever still runs is abandoned. */
  ended: boolean;
  /** Main-frame navigations since the page opened. */
  navigations: number;
  /** The HTTP status of the last main-frame document, and of the last non-GET request of the page. */
  documentStatus: number | null;
  postStatus: number | null;
  /** Dialog texts (alert('Thank you!')). */
  dialogs: string[];
};

function emptyOutcome(): WebFormOutcome {
  return {
    status: 'failed',
    formSubmitted: false,
    submissionSuccess: false,
    message: null,
    error: null,
    fieldsFilled: {},
    pageUrl: null,
    pageTitle: null,
    screenshotBefore: null,
    screenshotAfter: null,
  };
}

/** A full-page PNG (cut at MAX_SCREENSHOT_HEIGHT), else the viewport, as base64; null if none could be taken. */
async function capture(page: Page, timeout: number): Promise<string | null> {
  if (timeout < 200) return null;
  try {
    const height = await bounded(
      callPage<number>(page, 'height'),
      Math.min(1000, timeout / 2),
      VIEWPORT.height,
    );
    const clipHeight = Math.max(1, Math.min(height || VIEWPORT.height, MAX_SCREENSHOT_HEIGHT));
    let png = await page.screenshot({
      type: 'png',
      fullPage: true,
      clip: { x: 0, y: 0, width: VIEWPORT.width, height: clipHeight },
      timeout,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    });
    if (png.length > MAX_SCREENSHOT_BYTES) {
      png = await page.screenshot({ type: 'png', timeout, animations: 'disabled', scale: 'css' });
    }
    return png.length > MAX_SCREENSHOT_BYTES ? null : png.toString('base64');
  } catch {
    return null;
  }
}

async function readPage(state: RunState) {
  const page = state.page;
  if (!page) return;
  state.outcome.pageUrl = page.url() === 'about:blank' ? state.outcome.pageUrl : page.url();
  state.outcome.pageTitle =
    (await bounded(page.title(), 1000, state.outcome.pageTitle)) || state.outcome.pageTitle;
}

/** A readable name for each form input in fields_filled; a repeated one gets " (2)". */
function uniqueName(taken: Record<string, boolean>, wanted: string, fallback: number): string {
  const base = wanted.trim() || `Field ${fallback}`;
  let name = base;
  for (let n = 2; name in taken; n++) name = `${base} (${n})`;
  return name;
}

/**
 * Opens the provider's form, fills it from the referral, submits it when every required input is filled, and
 * says what happened. Never throws and never outlives `timeoutMs` (plus closing the browser).
 */
export async function fillWebForm(run: WebFormRun): Promise<WebFormOutcome> {
  const state: RunState = {
    outcome: emptyOutcome(),
    page: null,
    browser: null,
    proxy: null,
    ended: false,
    navigations: 0,
    documentStatus: null,
    postStatus: null,
    dialogs: [],
  };
  const started = Date.now();
  const deadline = started + run.timeoutMs;
  // The last moments are kept for a final screenshot of whatever the page shows.
  const reserve = Math.min(3000, Math.floor(run.timeoutMs / 5));

  let target: URL;
  try {
    target = new URL(run.url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    return { ...state.outcome, error: WEB_FORM_MESSAGES.badUrl };
  }
  state.outcome.pageUrl = target.toString();
  if (!(await executableExists(run.chromiumPath))) {
    return { ...state.outcome, error: WEB_FORM_MESSAGES.browserMissing };
  }
  if (!run.allowPrivateHosts) {
    const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
    const checked = resolveAllowed(
      target.hostname,
      port,
      run.guard?.policy ?? publicAddressesOnly,
      run.guard?.lookup ?? systemLookup,
    ).then(
      () => 'allowed' as const,
      (err: unknown) => (err instanceof AddressRefused ? err.reason : 'unresolved'),
    );
    // A resolver that does not answer counts against the same deadline.
    const verdict = await bounded(checked, run.timeoutMs - reserve, 'unresolved' as const);
    if (verdict !== 'allowed') {
      return {
        ...state.outcome,
        error: verdict === 'private' ? WEB_FORM_MESSAGES.privateHost : WEB_FORM_MESSAGES.unreachable,
      };
    }
  }

  const release = await acquireBrowserSlot();
  const work = drive(run, state, target, deadline - reserve);
  // The work may still be running when the deadline passes; its later failure is expected and ignored.
  work.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - reserve - Date.now()));
  });
  try {
    const result = await Promise.race([work.then(() => 'done' as const), timedOut]);
    if (result === 'timeout') {
      state.ended = true;
      state.outcome.status = 'failed';
      state.outcome.error = WEB_FORM_MESSAGES.timedOut;
      state.outcome.message = null;
      if (state.page) {
        const shot = await capture(state.page, Math.max(0, deadline - Date.now() - 300));
        if (state.outcome.screenshotBefore === null) state.outcome.screenshotBefore = shot;
        else state.outcome.screenshotAfter = shot;
        await readPage(state);
      }
    }
  } catch (err) {
    state.ended = true;
    state.outcome.status = 'failed';
    if (err instanceof RunFailure) {
      state.outcome.error = err.message;
    } else {
      run.log?.warn({ err }, 'web form run failed');
      state.outcome.error = WEB_FORM_MESSAGES.unreachable;
    }
    if (state.page && state.outcome.screenshotAfter === null) {
      const shot = await capture(state.page, Math.min(ACTION_MS, Math.max(0, deadline - Date.now())));
      if (state.outcome.screenshotBefore === null) state.outcome.screenshotBefore = shot;
      else state.outcome.screenshotAfter = shot;
    }
    await readPage(state);
  } finally {
    clearTimeout(timer);
    state.ended = true;
    await closeAll(state);
    release();
  }
  // A copy: an abandoned step of the run may still touch `state` after this returns.
  return { ...state.outcome, fieldsFilled: { ...state.outcome.fieldsFilled } };
}

async function closeAll(state: RunState) {
  const browser = state.browser;
  state.browser = null;
  if (browser) {
    // Closing kills the browser process; it does not wait for the page.
    await Promise.race([browser.close().catch(() => {}), sleep(5000)]);
  }
  await state.proxy?.close().catch(() => {});
  state.proxy = null;
}

async function drive(run: WebFormRun, state: RunState, target: URL, workDeadline: number) {
  const remaining = () => Math.max(1, workDeadline - Date.now());
  const step = (ms: number) => Math.max(1, Math.min(ms, remaining()));
  const guard = run.allowPrivateHosts ? null : await startGuardProxy(run.guard ?? {});
  state.proxy = guard;
  let browser: Browser;
  try {
    // playwright-core is loaded on first use: it is 7 MB of bundled code that a server not filling web forms
    // would otherwise hold in memory (~20 MB resident) from start-up.
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({
      executablePath: run.chromiumPath,
      headless: true,
      timeout: step(30_000),
      args: guard
        ? [
            ...LAUNCH_ARGS,
            // WebRTC must not reach the local network around the proxy either.
            '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
          ]
        : LAUNCH_ARGS,
      ...(guard ? { proxy: { server: guard.server } } : {}),
    });
  } catch (err) {
    const missing = /doesn't exist|ENOENT|no such file/i.test(err instanceof Error ? err.message : '');
    throw new RunFailure(missing ? WEB_FORM_MESSAGES.browserMissing : WEB_FORM_MESSAGES.unreachable);
  }
  if (state.ended) {
    // The deadline passed while the browser started.
    await browser.close().catch(() => {});
    return;
  }
  state.browser = browser;
  const context = await browser.newContext({
    viewport: VIEWPORT,
    serviceWorkers: 'block',
    acceptDownloads: false,
    locale: 'en-US',
  });
  const page = await context.newPage();
  state.page = page;
  page.on('popup', (popup) => void popup.close().catch(() => {}));
  page.on('dialog', (dialog) => {
    state.dialogs.push(dialog.message());
    void dialog.accept().catch(() => {});
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) state.navigations += 1;
  });
  page.on('response', (response) => {
    try {
      const request = response.request();
      if (request.frame() !== page.mainFrame()) return;
      if (request.isNavigationRequest()) state.documentStatus = response.status();
      else if (request.method() !== 'GET') state.postStatus = response.status();
    } catch {
      // A request of no frame (a worker's): not the form's.
    }
  });

  // Open the page (its scripts may draw the form after the document is parsed: wait for load, briefly).
  let opened: Awaited<ReturnType<Page['goto']>>;
  try {
    opened = await page.goto(target.toString(), {
      waitUntil: 'domcontentloaded',
      timeout: step(SETTLE_MS * 3),
    });
    await page.waitForLoadState('load', { timeout: step(SETTLE_MS / 2) }).catch(() => {});
  } catch (err) {
    if (state.ended) return;
    if (guard?.refused.length) throw new RunFailure(WEB_FORM_MESSAGES.privateHost);
    if (/timeout/i.test(err instanceof Error ? err.name + err.message : '')) {
      throw new RunFailure(WEB_FORM_MESSAGES.timedOut);
    }
    throw new RunFailure(WEB_FORM_MESSAGES.unreachable);
  }
  await readPage(state);
  state.outcome.screenshotBefore = await capture(page, step(ACTION_MS));
  if (guard && opened && wasRefused(guard, opened.url())) throw new RunFailure(WEB_FORM_MESSAGES.privateHost);
  if (opened && opened.status() >= 400) throw new RunFailure(webFormHttpError(opened.status()));

  // Fill, step by step (a Next button that reveals or loads a second page), then submit.
  const names = new Map<string, string>();
  const fields = state.outcome.fieldsFilled;
  for (let stepNo = 0; stepNo < MAX_STEPS; stepNo++) {
    if (state.ended) return;
    const navigationsBefore = state.navigations;
    const scan = await scanForm(page, state, `s${stepNo}-`, stepNo === 0 ? step(FORM_APPEAR_MS) : 0);
    if (scan.controls.length === 0) {
      if (stepNo === 0) throw new RunFailure(WEB_FORM_MESSAGES.noForm);
      // The last "Next" or "Continue" sent the form: this page is its answer.
      state.outcome.formSubmitted = true;
      state.outcome.status = 'submitted';
      await readAnswer(page, state, (await pageLines(page)).join('\n'), true, null, step);
      return;
    }
    const fresh = scan.controls.filter((c) => !names.has(c.token));
    const plan = planFills(fresh, run.values);
    for (const [i, control] of fresh.entries()) {
      const name = uniqueName(fields, control.display, Object.keys(fields).length + 1);
      names.set(control.token, name);
      fields[name] = false;
      const action = plan[i];
      if (!action) continue;
      if (state.ended) return;
      if (state.navigations !== navigationsBefore) throw new RunFailure(WEB_FORM_MESSAGES.formChanged);
      const locator = page.locator(`[${FIELD_ATTR}="${action.token}"]`);
      // An input gone since the scan: the page redrew its form (no point waiting for it to come back).
      if ((await locator.count().catch(() => 0)) === 0) throw new RunFailure(WEB_FORM_MESSAGES.formChanged);
      try {
        if (action.action === 'type') await locator.fill(action.value, { timeout: step(ACTION_MS) });
        else if (action.action === 'select') {
          await locator.selectOption({ index: action.index }, { timeout: step(ACTION_MS) });
        } else await locator.check({ timeout: step(ACTION_MS) });
        fields[name] = true;
      } catch (err) {
        if (state.ended) return;
        const gone = (await locator.count().catch(() => 0)) === 0;
        if (gone || isDetachedError(err)) throw new RunFailure(WEB_FORM_MESSAGES.formChanged);
        // The input refused the value (a masked or custom widget): it stays unfilled.
      }
    }

    // Submit only when every required input holds a value (ours or the page's own default).
    const required = scan.controls.filter((c) => c.required).map((c) => c.token);
    const missing = await callPage<string[]>(page, 'missing', required);
    if (missing.length > 0) {
      await finishFilled(state, page, step, WEB_FORM_MESSAGES.requiredUnfilled);
      return;
    }

    const buttons = scan.buttons.filter((b) => !isAvoidedButtonText(b.text));
    const next = buttons.find((b) => isNextButtonText(b.text));
    const submit =
      buttons.find((b) => !isNextButtonText(b.text) && isSubmitButtonText(b.text)) ??
      buttons.find((b) => !isNextButtonText(b.text) && (b.type === 'submit' || b.type === 'image'));
    if (next && !submit) {
      // A Next that posts the page is held back by the browser's own validation: say so rather than wait.
      if (next.type === 'submit' && !(await callPage<boolean>(page, 'valid', scan.formToken))) {
        await finishFilled(state, page, step, WEB_FORM_MESSAGES.invalidValues);
        return;
      }
      await clickButton(page, next, step);
      const moved = await waitForNextStep(page, state, navigationsBefore, step);
      if (!moved) throw new RunFailure(WEB_FORM_MESSAGES.formChanged);
      continue;
    }
    if (!(await callPage<boolean>(page, 'valid', scan.formToken))) {
      await finishFilled(state, page, step, WEB_FORM_MESSAGES.invalidValues);
      return;
    }
    if (!submit && !scan.formToken) {
      // Nothing to send it with: the fields are filled for a person to send.
      await finishFilled(state, page, step, null);
      return;
    }
    await submitAndRead(page, state, scan, submit ?? null, step);
    return;
  }
  throw new RunFailure(WEB_FORM_MESSAGES.formChanged);
}

/** Did the guard refuse the host of this URL (the page, or a redirect of it)? */
function wasRefused(guard: GuardProxy, url: string): boolean {
  try {
    const u = new URL(url);
    const port = u.port || (u.protocol === 'https:' ? '443' : '80');
    return guard.refused.some((r) => r === u.host || r === `${u.hostname}:${port}`);
  } catch {
    return false;
  }
}

/** The form, waiting up to `waitMs` for a page whose scripts draw it late. */
async function scanForm(page: Page, state: RunState, prefix: string, waitMs: number): Promise<PageScan> {
  const until = Date.now() + waitMs;
  for (;;) {
    const scan = await callPage<PageScan>(page, 'scan', prefix).catch((err) => {
      if (isDetachedError(err)) throw new RunFailure(WEB_FORM_MESSAGES.formChanged);
      throw err;
    });
    if (scan.controls.length > 0 || Date.now() >= until || state.ended) return scan;
    await sleep(250);
  }
}

async function clickButton(page: Page, button: PageButton, step: (ms: number) => number) {
  try {
    await page.locator(`[${BUTTON_ATTR}="${button.token}"]`).click({ timeout: step(ACTION_MS) });
  } catch (err) {
    if (isDetachedError(err)) return; // the click started a navigation
    throw new RunFailure(WEB_FORM_MESSAGES.formChanged);
  }
}

/** Ends with the form filled and not sent (`error` says why, if it is not a success). */
async function finishFilled(state: RunState, page: Page, step: (ms: number) => number, error: string | null) {
  state.outcome.status = 'filled';
  state.outcome.error = error;
  state.outcome.message = error ? null : WEB_FORM_MESSAGES.filled;
  state.outcome.screenshotAfter = await capture(page, step(ACTION_MS));
  await readPage(state);
}

/** After Next: a new page loaded, or new inputs appeared. */
async function waitForNextStep(
  page: Page,
  state: RunState,
  navigationsBefore: number,
  step: (ms: number) => number,
): Promise<boolean> {
  const until = Date.now() + step(SETTLE_MS);
  while (Date.now() < until && !state.ended) {
    if (state.navigations !== navigationsBefore) {
      await page.waitForLoadState('load', { timeout: step(SETTLE_MS) }).catch(() => {});
      if (state.documentStatus !== null && state.documentStatus >= 400) {
        throw new RunFailure(webFormHttpError(state.documentStatus));
      }
      return true;
    }
    const unseen = await callPage<number>(page, 'unseen').catch(() => 0);
    if (unseen > 0) return true;
    await sleep(150);
  }
  return false;
}

/** The page's text as lines, for telling what changed after a submit. */
async function pageLines(page: Page): Promise<string[]> {
  const text = await callPage<string>(page, 'text').catch(() => '');
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/**
 * Sends the form and reads the answer: a navigation to a new page or a change in this one that confirms (thank
 * you, received, submitted…) without an error is a success; an HTTP error, error text or silence is not.
 */
async function submitAndRead(
  page: Page,
  state: RunState,
  scan: PageScan,
  submit: PageButton | null,
  step: (ms: number) => number,
) {
  const beforeUrl = page.url();
  const beforeLines = new Set(await pageLines(page));
  const navigationsBefore = state.navigations;
  state.postStatus = null;
  const dialogsBefore = state.dialogs.length;
  if (submit) await clickButton(page, submit, step);
  else await callPage<boolean>(page, 'requestSubmit', scan.formToken);
  state.outcome.formSubmitted = true;
  state.outcome.status = 'submitted';

  let navigated = false;
  let newText = '';
  let answeredAt: number | null = null;
  const until = Date.now() + step(SETTLE_MS);
  while (Date.now() < until && !state.ended) {
    await sleep(200);
    if (state.navigations !== navigationsBefore) {
      navigated = true;
      await page.waitForLoadState('load', { timeout: step(SETTLE_MS) }).catch(() => {});
    }
    const lines = await bounded(pageLines(page), ACTION_MS, []);
    const fresh = navigated ? lines : lines.filter((l) => !beforeLines.has(l));
    newText = [...fresh, ...state.dialogs.slice(dialogsBefore)].join('\n');
    const read = readOutcomeText(newText);
    if (navigated || read.success || read.error) break;
    // A fetch() submission was answered: the page has a moment to say so before silence counts.
    if (state.postStatus !== null) {
      answeredAt ??= Date.now();
      if (Date.now() - answeredAt > FETCH_RENDER_MS) break;
    }
  }
  if (state.ended) return;
  await readAnswer(page, state, newText, navigated, beforeUrl, step);
}

/**
 * What the page answered to the form: a confirmation (thank you, received, submitted…) or a new page (a new
 * URL, or no form any more) with a 2xx status, and no error text, is a success.
 */
async function readAnswer(
  page: Page,
  state: RunState,
  newText: string,
  navigated: boolean,
  beforeUrl: string | null,
  step: (ms: number) => number,
) {
  const read = readOutcomeText(newText);
  const httpStatus = navigated ? state.documentStatus : state.postStatus;
  const httpOk = httpStatus === null || (httpStatus >= 200 && httpStatus < 400);
  const formGone =
    navigated &&
    ((await callPage<PageScan>(page, 'scan', 'after-').catch(() => null))?.controls.length ?? 0) === 0;
  const newPage = beforeUrl === null || page.url() !== beforeUrl || formGone;
  const confirmed = read.success || (navigated && httpStatus !== null && newPage);
  state.outcome.submissionSuccess = httpOk && !read.error && confirmed;
  if (state.outcome.submissionSuccess) {
    state.outcome.message = WEB_FORM_MESSAGES.submitted;
    state.outcome.error = null;
  } else {
    state.outcome.message = null;
    state.outcome.error =
      !httpOk && httpStatus !== null
        ? webFormHttpError(httpStatus)
        : read.error
          ? WEB_FORM_MESSAGES.errorShown
          : WEB_FORM_MESSAGES.notConfirmed;
  }
  state.outcome.screenshotAfter = await capture(page, step(ACTION_MS));
  await readPage(state);
}

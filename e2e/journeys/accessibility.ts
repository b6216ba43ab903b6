import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expectVisible } from '../lib/browser.ts';
import { signInAs } from '../lib/sign-in.ts';
import type { Journey } from './types.ts';

// Issue 13 item 8, "Done when": every screen at 1280 and 390 px passes axe with no serious or critical
// violation. A signed-out visitor checks the open pages and the login dialog; the platform operator checks
// every route of the app (the screens not built yet too), a referral's views and a few dialogs and menus; each
// other demo role checks what its sidebar offers, and nothing there may answer "Your role does not allow
// this action" or "not built yet" (item 10). Each finding prints its rule, impact, targets and axe's summary.

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** 003 §2.1 layout bands: the wide layout with its fixed sidebar, and a phone (navigation in a drawer). */
const WIDE = { label: '1280px', width: 1280, height: 800 };
const PHONE = { label: '390px', width: 390, height: 844 };
type Width = typeof WIDE;
const WIDTHS: Width[] = [WIDE, PHONE];

/** Dozens of screens, each checked by axe (a second or two apiece on a busy machine). */
const TIMEOUT_MS = 420_000;
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const NOT_BUILT = 'This screen is not built yet.';
const ROLE_REFUSAL = 'Your role does not allow this action';

/** A screen: a path, or a path and what to open on it (a dialog, a menu). */
type Screen = { path: string; label?: string; open?: (page: Page, width: Width) => Promise<void> };

export type Finding = {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
};

/**
 * Every route of apps/web/src/app/navigation/app-routes.tsx a signed-in user can open, but the views of one
 * item (see `itemScreens`). Keep in step with `TABS`; a sidebar entry missing here is still visited, from
 * the sidebar.
 */
const SIGNED_IN_PATHS = [
  '/dashboard',
  '/livefeed',
  '/queue',
  '/create-referral',
  '/finder',
  '/matching',
  '/provider-directory',
  '/directory',
  '/capacity',
  '/provider-communications',
  '/workspace',
  '/cbo-management',
  '/user-management',
  '/security-log',
  '/outbox',
  '/provider-verification',
  '/otfrtf',
  '/railway-test',
  '/consent-admin',
  '/terms',
  '/hipaa',
  '/no-such-page',
  '/members',
  '/members-new',
  '/members-edit/1',
  '/members-view/1',
  '/enrollments',
  '/enrollments-view/1',
  '/programs',
  '/workflows',
  '/workflow-instances',
  '/automation-rules',
  '/form-templates',
  '/form-library',
  '/form-analytics',
  '/field-config',
  '/field-mapping',
  // The Import Manager's four tabs (at 390 px it says it needs a wider screen).
  '/admin',
  '/admin?tab=schedules',
  '/admin?tab=analytics',
  '/admin?tab=dependencies',
  // Issue #20: the figures (organization admins and operators).
  '/metrics',
  '/service-gaps',
  // Issue #21: the organization's interop settings (its admins).
  '/interop',
];

/** The tabs whose screens are not built yet (the shared placeholder): in no sidebar, but reachable. */
const NOT_BUILT_PATHS: string[] = [];

const SIGNED_OUT_SCREENS: Screen[] = [
  { path: '/', label: 'home' },
  { path: '/livefeed', label: 'login dialog', open: openLoginDialog },
  { path: '/livefeed' },
  { path: '/provider-directory' },
  { path: '/railway-test' },
  { path: '/register' },
  { path: '/forgot-password' },
  { path: '/reset-password?token=not-a-real-token' },
  { path: '/login' },
  { path: '/terms' },
  { path: '/hipaa' },
  { path: '/queue', label: 'a protected tab, signed out' },
  { path: '/no-such-page' },
  { path: '/livefeed', label: 'navigation', open: openNavigation },
  { path: '/provider-directory', label: 'directory results on the map', open: searchNearby },
];

/** What one journey found: each axe violation, the screens seen, and the sidebar's wrong entries. */
class Audit {
  readonly findings: Finding[] = [];
  readonly seen: string[] = [];
  readonly wrongEntries: string[] = [];

  async check(page: Page, where: string): Promise<void> {
    this.seen.push(where);
    this.findings.push(...(await runAxe(page, where)));
  }

  /** Fails with everything at once: the sidebar's wrong entries, a count per rule, then each violation. */
  finish(): void {
    if (this.findings.length === 0 && this.wrongEntries.length === 0) return;
    const byRule = new Map<string, number>();
    for (const f of this.findings) {
      const key = `${f.rule} (${f.impact})`;
      byRule.set(key, (byRule.get(key) ?? 0) + 1);
    }
    const screens = new Set(this.findings.map((f) => f.where)).size;
    const lines = [
      ...this.wrongEntries,
      `${this.findings.length} serious or critical axe violations on ${screens} of ${this.seen.length} screens`,
      ...[...byRule].map(([rule, count]) => `  ${rule}: ${count} screens`),
      ...this.findings.map((f) => {
        const more = f.targets.length > 4 ? ` (+${f.targets.length - 4} more)` : '';
        return `- ${f.where}: ${f.rule} (${f.impact}) ${f.help}\n    ${f.targets.slice(0, 4).join(' | ')}${more}\n    ${f.summary}`;
      }),
    ];
    throw new Error(lines.join('\n'));
  }
}

/** Loads axe into the page (through the debugger, so the page's script policy does not apply) and runs it. */
export async function runAxe(page: Page, where: string): Promise<Finding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type AxeNode = { target: unknown[]; failureSummary?: string };
    type AxeViolation = { id: string; impact?: string | null; help: string; nodes: AxeNode[] };
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const results = await axe.run(document, {
      resultTypes: ['violations'],
      // Lighthouse runs these three too; axe calls them experimental.
      rules: {
        'label-content-name-mismatch': { enabled: true },
        'table-fake-caption': { enabled: true },
        'td-has-header': { enabled: true },
      },
    });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      summary: v.nodes[0]?.failureSummary ?? '',
    }));
  });
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact))
    .map((v) => ({ ...v, where, summary: v.summary.split('\n').slice(0, 3).join(' ').trim() }));
}

/**
 * Waits until the screen shows a heading of its own (up to 3 s: a screen that keeps its heading element is
 * taken as it is) and no spinner (up to 8 s: a live stream connecting is checked as it is), then lets
 * transitions end.
 */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const heading = (document.querySelector('main') ?? document.body).querySelector('h1, h2, h3');
        return heading !== null && !heading.hasAttribute('data-a11y-before');
      },
      null,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  await page
    .waitForFunction(
      () => document.querySelector('.mantine-Loader-root, [aria-busy="true"]') === null,
      null,
      {
        timeout: 8_000,
      },
    )
    .catch(() => undefined);
  await transitionsEnded(page);
}

/**
 * Mantine's fades and the drawer's slide take about 200 ms, longer on a busy machine; axe would read colours
 * mid-fade. Waits for every finite animation and transition to end (spinners and pulses run forever).
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForTimeout(100);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * Opens a path. Within one page load the app's own router moves (as a link would), which spares a reload of
 * the app per screen; a screen that opens a dialog or a menu starts from a fresh load.
 */
async function go(page: Page, path: string, fresh: boolean): Promise<void> {
  const loaded = await page.evaluate(() => 'axe' in window).catch(() => false);
  if (fresh || !loaded) {
    await page.goto(path);
  } else {
    await page.evaluate((to) => {
      document.querySelector('main')?.querySelector('h1, h2, h3')?.setAttribute('data-a11y-before', '');
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
  }
  await settle(page);
}

async function visit(page: Page, screen: Screen, width: Width, audit: Audit): Promise<void> {
  const started = Date.now();
  await go(page, screen.path, screen.open !== undefined);
  if (screen.open) {
    await screen.open(page, width);
    await settle(page);
  }
  const notBuilt = await page.getByText(NOT_BUILT, { exact: true }).isVisible();
  const where = `${screen.label ?? screen.path}${notBuilt ? ' (not built yet)' : ''} @ ${width.label}`;
  const shown = Date.now();
  await audit.check(page, where);
  // A11Y_TRACE=1 prints how long each screen took to show and to check.
  if (process.env.A11Y_TRACE) console.log(`    ${where}: ${shown - started} + ${Date.now() - shown} ms`);
  // What was opened stays open across the router's moves: the next screen starts from a fresh load.
  if (screen.open) await page.goto('about:blank');
}

/** 003 §2.2: the header's Login button opens the sign-in dialog (on any page, at any width). */
async function openLoginDialog(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  await expectVisible(page.getByRole('dialog', { name: 'Sign in' }), 'the login dialog');
}

/** 001 §2.6: a search by ZIP code shows its results on the map, a pin per provider. */
async function searchNearby(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Location' }).fill('90012');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expectVisible(page.getByText(/^\d+ providers? found$/), 'the result count');
  await expectVisible(page.locator('.tm-map-pin').first(), 'a provider pin on the map');
}

/** Mantine's segmented control: the label is what a person clicks (its radio input is visually hidden). */
function viewSwitch(page: Page, view: 'Map' | 'List') {
  return page.locator('label.mantine-SegmentedControl-label', { hasText: view });
}

/** Under 1024 px the sidebar is a drawer behind the header's menu button. */
async function openNavigation(page: Page, width: Width): Promise<void> {
  if (width.width >= 1024) return;
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expectVisible(page.getByRole('navigation', { name: 'Main navigation' }), 'the navigation drawer');
  await transitionsEnded(page);
}

/** The sidebar's entries, as paths. */
async function sidebarPaths(page: Page, width: Width): Promise<string[]> {
  await page.goto('/dashboard');
  await settle(page);
  await openNavigation(page, width);
  const paths = await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  if (paths.length === 0) throw new Error(`the sidebar lists nothing @ ${width.label}`);
  return paths;
}

/** The views of one item: the newest referral of the active organization, and a directory listing. */
async function itemScreens(page: Page): Promise<Screen[]> {
  const referrals = await page.request.get('/api/referrals?page_size=1');
  const referral = ((await referrals.json()) as { referrals?: { id: number }[] }).referrals?.[0];
  const providers = await page.request.get('/api/providers?page_size=1');
  const provider = ((await providers.json()) as { providers?: { id: number }[] }).providers?.[0];
  return [
    ...(referral
      ? [
          { path: `/queue/${referral.id}`, label: 'referral details' },
          { path: `/queue/${referral.id}/edit`, label: 'edit referral' },
          { path: `/workspace/${referral.id}`, label: 'case workspace' },
          {
            path: `/workspace/${referral.id}`,
            label: 'voice note tab',
            open: async (p: Page) => {
              await p.getByRole('tab', { name: /Notes/ }).click();
              await p.getByRole('tab', { name: 'Voice Note' }).click();
              await expectVisible(p.getByRole('button', { name: 'Start Recording' }), 'the voice recorder');
            },
          },
        ]
      : []),
    ...(provider
      ? [{ path: `/provider-communications/${provider.id}`, label: "a provider's communications" }]
      : []),
  ];
}

/** Dialogs and menus of the signed-in app. */
function dialogScreens(name: string): Screen[] {
  const click = (button: string | RegExp) => (page: Page) =>
    page.getByRole('button', { name: button }).first().click();
  return [
    { path: '/dashboard', label: 'profile menu', open: click(`Profile: ${name}`) },
    {
      path: '/dashboard',
      label: 'profile dialog',
      open: async (page) => {
        await click(`Profile: ${name}`)(page);
        await page.getByRole('menuitem', { name: 'Profile' }).click();
        await expectVisible(page.getByRole('dialog', { name: 'Profile' }), 'the profile dialog');
      },
    },
    {
      path: '/dashboard',
      label: 'organization switcher',
      open: async (page, width) => {
        await openNavigation(page, width);
        await click(/^Organization: /)(page);
      },
    },
    { path: '/user-management', label: 'invite user dialog', open: click('Invite User') },
    {
      path: '/create-referral',
      label: 'voice referral tab',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Voice Referral' }).click();
        await expectVisible(page.getByRole('button', { name: 'Start Speaking' }), 'the voice referral');
      },
    },
    { path: '/directory', label: 'add provider dialog', open: click(/Add (New )?Provider/) },
  ];
}

/** For each width: every sidebar entry (none refused, none unbuilt), then `more`. */
async function checkRole(page: Page, widths: Width[], more: Screen[], audit: Audit): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width: width.width, height: width.height });
    const entries = await sidebarPaths(page, width);
    await audit.check(page, `navigation @ ${width.label}`);
    await page.goto('about:blank');
    for (const path of entries) {
      await visit(page, { path }, width, audit);
      if (await page.getByText(NOT_BUILT, { exact: true }).isVisible())
        audit.wrongEntries.push(`the sidebar lists ${path} @ ${width.label}, which is not built yet`);
      if (await page.getByText(ROLE_REFUSAL).first().isVisible())
        audit.wrongEntries.push(
          `the sidebar lists ${path} @ ${width.label}, which answers "${ROLE_REFUSAL}"`,
        );
    }
    // A path the sidebar already led to is not checked twice (a dialog on it is).
    for (const screen of more)
      if (screen.open || !entries.includes(screen.path)) await visit(page, screen, width, audit);
  }
}

const OPERATOR = { email: 'admin@trust.demo', name: 'Alex Admin' };

/** The other demo roles (apps/server/src/db/demo-data/people.ts). */
const ROLES = [
  { email: 'coordinator@trust.demo', name: 'Casey Coordinator', role: 'case manager, staff' },
  { email: 'orgadmin@trust.demo', name: 'Olive Orgadmin', role: "an organization's admin" },
  { email: 'cbo@trust.demo', name: 'Corey Community', role: 'community provider, org admin' },
  { email: 'viewer@trust.demo', name: 'Vic Viewer', role: 'viewer' },
  { email: 'provider@trust.demo', name: 'Parker Provider', role: 'healthcare provider, staff' },
];

function operatorJourney(width: Width): Journey {
  return {
    name: `a11y-operator-${width.width}`,
    title: `the platform operator at ${width.label}: every route (the unbuilt ones too), a referral's views, dialogs and menus, with no serious or critical axe violation`,
    timeoutMs: TIMEOUT_MS,
    run: async ({ page, password }) => {
      const audit = new Audit();
      await signInAs(page, OPERATOR.email, password);
      const items = await itemScreens(page);
      if (items.length < 4) throw new Error('the demo data has no referral or no provider to open');
      const screens: Screen[] = [
        ...SIGNED_IN_PATHS.map((path) => ({ path })),
        ...NOT_BUILT_PATHS.map((path) => ({ path })),
        ...items,
        ...dialogScreens(OPERATOR.name),
      ];
      await checkRole(page, [width], screens, audit);
      audit.finish();
    },
  };
}

/**
 * Issue 13 item 10: offline, the map shows its pins on a plain background; it asks for no tile (each would be
 * a console error and a broken image) until the browser is back online.
 */
const MAP_OFFLINE: Journey = {
  name: 'map-offline',
  title:
    'offline, the directory map shows its pins on a plain background, asks for no tile and logs no error',
  run: async ({ page }) => {
    await page.goto('/provider-directory');
    await searchNearby(page);
    await viewSwitch(page, 'List').click();
    await page.context().setOffline(true);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const tiles: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') tiles.push(request.url());
    });
    await viewSwitch(page, 'Map').click();
    await expectVisible(page.locator('.tm-map-pin').first(), 'the pins on the map, offline');
    await page.waitForTimeout(1_000);
    const shown = await page.locator('.leaflet-tile').count();
    await page.context().setOffline(false);
    if (tiles.length > 0 || shown > 0)
      throw new Error(`offline, the map asked for ${tiles.length} tiles and shows ${shown}: ${tiles[0]}`);
    if (errors.length > 0) throw new Error(`offline, the map logged errors:\n${errors.join('\n')}`);
  },
};

export const ACCESSIBILITY_JOURNEYS: Journey[] = [
  MAP_OFFLINE,
  {
    name: 'a11y-signed-out',
    title: 'signed out at 1280 and 390 px: the open pages, the login dialog and the navigation pass axe',
    timeoutMs: TIMEOUT_MS,
    run: async ({ page }) => {
      const audit = new Audit();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width: width.width, height: width.height });
        for (const screen of SIGNED_OUT_SCREENS) await visit(page, screen, width, audit);
      }
      audit.finish();
    },
  },
  operatorJourney(WIDE),
  operatorJourney(PHONE),
  ...ROLES.map(
    (user): Journey => ({
      name: `a11y-${user.email.split('@')[0]}`,
      title: `${user.email} (${user.role}) at 1280 and 390 px: every sidebar entry opens a built screen the role may use, and passes axe`,
      timeoutMs: TIMEOUT_MS,
      run: async ({ page, password }) => {
        const audit = new Audit();
        await signInAs(page, user.email, password);
        const details = (await itemScreens(page)).filter((screen) => screen.label === 'referral details');
        await checkRole(page, WIDTHS, details, audit);
        audit.finish();
      },
    }),
  ),
];

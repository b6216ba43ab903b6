import {
  expectHidden,
  expectPath,
  expectSessionOutOfScriptsReach,
  expectStorage,
  expectVisible,
  readStorage,
  sessionCookie,
} from '../lib/browser.ts';
import {
  COORDINATOR,
  homeHeading,
  orgSwitcher,
  signInAsCoordinator,
  submitLogin,
  WRONG_PASSWORD_ACCOUNT,
} from '../lib/sign-in.ts';
import type { Journey } from './types.ts';

// Browser journeys from the issue: "sign in as a demo user, switch organization, reload and stay on the same
// tab, sign out, open the live feed signed out". Each runs in a fresh Chromium profile against the built app
// served by a real server on a fresh embedded database with the demo data.

export const SHELL_JOURNEYS: Journey[] = [
  {
    name: 'sign-in',
    title: 'signs in as the coordinator through the header Login button and lands on the dashboard',
    run: async (ctx) => {
      await signInAsCoordinator(ctx);
      await expectVisible(
        ctx.page.getByRole('heading', { name: `Welcome back, ${COORDINATOR.name}!` }),
        `'Welcome back, ${COORDINATOR.name}!'`,
      );
      await expectHidden(ctx.page.getByRole('dialog'), 'the login modal after signing in');
      // Issue #12: the session is an HttpOnly cookie; local storage holds no token and scripts cannot see it.
      await expectSessionOutOfScriptsReach(ctx.page);
    },
  },
  {
    name: 'switch-organization',
    title: 'switches organization from Golden Valley to Riverbend; the page reloads and keeps Riverbend',
    run: async (ctx) => {
      const { page } = ctx;
      await signInAsCoordinator(ctx);
      // 002 §2: the primary organization is chosen when none is stored.
      await expectVisible(orgSwitcher(page, 'Golden Valley Health Plan'), 'the switcher on Golden Valley');
      await expectStorage(page, 'active_cbo_id', '1');
      // A mark on the window that only a real page reload removes.
      await page.evaluate(() => {
        (window as unknown as { __beforeSwitch?: boolean }).__beforeSwitch = true;
      });
      await orgSwitcher(page, 'Golden Valley Health Plan').click();
      await page.getByRole('menuitem', { name: /Riverbend Family Clinic/ }).click();
      await page.waitForFunction(() => !(window as unknown as { __beforeSwitch?: boolean }).__beforeSwitch);
      await expectVisible(
        orgSwitcher(page, 'Riverbend Family Clinic'),
        'the switcher on Riverbend after reload',
      );
      await expectStorage(page, 'active_cbo_id', '2');
    },
  },
  {
    name: 'reload-keeps-tab',
    title: 'opens the Referral Queue tab, reloads, and is still on the same tab',
    run: async (ctx) => {
      const { page } = ctx;
      await signInAsCoordinator(ctx);
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Referral Queue' })
        .click();
      await expectPath(page, '/queue');
      const queueHeading = page.getByRole('heading', { name: 'Referral Queue', exact: true });
      await expectVisible(queueHeading, 'the Referral Queue tab');
      await page.reload();
      await expectPath(page, '/queue');
      await expectVisible(queueHeading, 'the Referral Queue tab after reload');
      await expectHidden(homeHeading(page), 'the home page after reload');
      await expectVisible(orgSwitcher(page, 'Golden Valley Health Plan'), 'still signed in after reload');
    },
  },
  {
    name: 'sign-out',
    title:
      'signs out from the profile menu and is back on the home page with the session gone, in every open tab',
    run: async (ctx) => {
      const { page } = ctx;
      await signInAsCoordinator(ctx);
      // A second tab of the same browser shares the session.
      const other = await page.context().newPage();
      await other.goto('/queue');
      await expectVisible(
        other.getByRole('heading', { name: 'Referral Queue', exact: true }),
        'the Referral Queue in a second tab',
      );
      await page.bringToFront();
      await page.getByRole('button', { name: `Profile: ${COORDINATOR.name}` }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await expectPath(page, '/');
      await expectVisible(homeHeading(page), 'the home page');
      await expectVisible(
        page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }),
        'the Login button',
      );
      await expectStorage(page, 'signed_in', null);
      if (await sessionCookie(page)) throw new Error('the session cookie outlived sign-out');
      // The other tab hears of it (a storage event) and shows the signed-out state too.
      await expectVisible(homeHeading(other), 'the home page in the second tab');
      await expectHidden(
        other.getByRole('heading', { name: 'Referral Queue', exact: true }),
        'the Referral Queue in the second tab',
      );
      await other.close();
    },
  },
  {
    name: 'livefeed-signed-out',
    title: 'opens /livefeed signed out and sees the live feed, not the home page, with no login',
    run: async ({ page }) => {
      await page.goto('/livefeed');
      await expectVisible(
        page.getByRole('heading', { name: 'Live Referral Feed', exact: true }),
        'the Live Referral Feed',
      );
      await expectPath(page, '/livefeed');
      await expectHidden(homeHeading(page), 'the home page');
      await expectHidden(page.getByRole('dialog'), 'a login modal');
      await expectVisible(
        page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }),
        'the Login button (signed out)',
      );
    },
  },
  {
    name: 'protected-tab-signed-out',
    title: 'asks for the Referral Queue signed out and is shown the home page',
    run: async ({ page }) => {
      await page.goto('/queue');
      await expectVisible(homeHeading(page), 'the home page');
      await expectHidden(
        page.getByRole('heading', { name: 'Referral Queue', exact: true }),
        'the Referral Queue tab',
      );
    },
  },
  {
    name: 'wrong-password',
    title: "a wrong password shows 'Incorrect email or password' and signs nobody in",
    run: async ({ page, password }) => {
      await submitLogin(page, WRONG_PASSWORD_ACCOUNT, `${password}-wrong`);
      await expectVisible(
        page.getByRole('dialog').getByRole('alert').filter({ hasText: 'Incorrect email or password' }),
        "'Incorrect email or password'",
      );
      await expectVisible(
        page.getByRole('dialog').getByRole('heading', { name: 'Sign in to your account' }),
        'the login modal still open',
      );
      if ((await readStorage(page, 'signed_in')) !== null)
        throw new Error('the page counts itself signed in');
      if (await sessionCookie(page)) throw new Error('a session cookie was set');
    },
  },
];

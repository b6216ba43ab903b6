import type { Page } from 'playwright-core';
import { expectPath, expectVisible } from '../lib/browser.ts';
import { findInOutbox } from '../lib/outbox.ts';
import type { Journey } from './types.ts';

// Issue 3 "Done when": forgot/reset password end to end. The account is one no other journey signs in with,
// because its password changes here for the rest of the run.

const RESET_ACCOUNT = 'staff@trust.demo';
const NEW_PASSWORD = 'Journey-Reset-2026!';
/** The newest reset link emailed to an address. */
function readResetLink(page: Page, password: string, email: string): Promise<string> {
  return findInOutbox(
    page,
    password,
    'email',
    (m) =>
      m.to.toLowerCase() === email
        ? /\/reset-password\?token=[A-Za-z0-9_-]+/.exec(m.body_text)?.[0]
        : undefined,
    `a reset email for ${email}`,
  );
}

export const ACCOUNT_JOURNEYS: Journey[] = [
  {
    name: 'forgot-reset-password',
    title:
      'asks for a reset link from the sign-in page, opens the emailed link from the outbox, sets a new password and signs in with it',
    run: async ({ page, password }) => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expectPath(page, '/forgot-password');
      // The URL changes before the new screen renders (React Router navigates in a transition); fill only
      // once the form is there, or the sign-in form's Email field gets the text.
      await expectVisible(page.getByRole('heading', { name: 'Forgot Password' }), 'the forgot-password form');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(RESET_ACCOUNT);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Check Your Email' }), "'Check Your Email'");
      await expectVisible(page.getByText(/expires in 1 hour/), 'the 1-hour expiry note');

      const link = await readResetLink(page, password, RESET_ACCOUNT);
      await page.goto(link);
      await expectVisible(page.getByRole('heading', { name: 'Reset Password' }), 'the reset form');
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expectVisible(
        page.getByRole('heading', { name: 'Password Reset Successfully!' }),
        "'Password Reset Successfully!'",
      );
      // 003 §9: on to sign-in after 2 seconds.
      await expectPath(page, '/login');
      await expectVisible(page.getByText(/Your password has been reset/), 'the reset notice on /login');

      // The old password no longer works; the new one does.
      const old = await page.request.post('/auth/login', { data: { email: RESET_ACCOUNT, password } });
      if (old.status() !== 401) throw new Error(`the old password still signs in: ${old.status()}`);
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(RESET_ACCOUNT);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectPath(page, '/dashboard');
      await expectVisible(page.getByRole('heading', { name: /Welcome back/ }), "the dashboard's greeting");
    },
  },
];

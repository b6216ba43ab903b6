import type { Page } from 'playwright-core';
import { expectHidden, expectPath, expectVisible, readStorage } from '../lib/browser.ts';
import { findInOutbox, readSmsCode } from '../lib/outbox.ts';
import { signOut, submitLogin } from '../lib/sign-in.ts';
import { totpCode, totpStep } from '../lib/totp.ts';
import type { Journey } from './types.ts';

// Issue 3 "Done when": invite a user → open the emailed link from the outbox → register → sign in with an SMS
// code read from the outbox → set up an authenticator app (code computed here from the shown secret) → sign
// out → sign in with TOTP and "Trust this device" → sign in again without a code.

const ADMIN = { email: 'admin@trust.demo', name: 'Alex Admin' };
const NEW_PASSWORD = 'Invited-User-2026!';
const PHONE = '(312) 555-0177';
const PHONE_DIGITS = '3125550177';

async function expectDashboard(page: Page, what: string) {
  await expectPath(page, '/dashboard');
  await expectVisible(page.getByRole('heading', { name: /Welcome back/ }), what);
}

/** The second-factor screen after a correct password (003 §2.7). */
function secondFactorDialog(page: Page) {
  return page
    .getByRole('dialog')
    .filter({ has: page.getByRole('heading', { name: 'Two-Factor Authentication' }) });
}

async function typeCode(page: Page, digitLabel: string, code: string) {
  await page.getByLabel(digitLabel).first().click();
  await page.keyboard.type(code);
}

export const INVITATION_JOURNEYS: Journey[] = [
  {
    name: 'invite-register-two-factor',
    title:
      'an admin invites a user; the user registers from the emailed link, signs in with an SMS code, sets up an authenticator app, then signs in with it on a trusted device and again without a code',
    run: async ({ page, password }) => {
      const stamp = Date.now().toString(36);
      const invitee = { name: `Jordan Newhire ${stamp}`, email: `jordan.${stamp}@example.org` };

      // 1. The admin invites the user from User Management.
      await submitLogin(page, ADMIN.email, password);
      await expectDashboard(page, "the admin's dashboard");
      await page.goto('/user-management');
      await page.getByRole('button', { name: 'Invite User' }).click();
      const invite = page.getByRole('dialog', { name: 'Invite User' });
      await invite.getByRole('textbox', { name: 'Full name' }).fill(invitee.name);
      await invite.getByRole('textbox', { name: 'Email' }).fill(invitee.email);
      await invite.getByRole('button', { name: 'Send Invitation' }).click();
      await expectHidden(invite, 'the Invite User dialog after sending');
      await page.getByRole('tab', { name: /Pending Invitations/ }).click();
      await expectVisible(page.getByRole('cell', { name: invitee.email }), 'the pending invitation');

      // 2. The emailed link, as the outbox shows it.
      const link = await findInOutbox(
        page,
        password,
        'email',
        (m) =>
          m.to.toLowerCase() === invitee.email
            ? /\/register\?token=[A-Za-z0-9_-]+/.exec(m.body_text)?.[0]
            : undefined,
        `the invitation to ${invitee.email}`,
      );
      await signOut(page, ADMIN.name);

      // 3. Registration (002 user management, 003 §2.9).
      await page.goto(link);
      await expectVisible(
        page.getByRole('heading', { name: 'Create Your Account' }),
        'the registration form',
      );
      await expectVisible(page.getByText(invitee.email).first(), 'the invited address');
      // By label text: the required asterisk is part of it, and password inputs have no textbox role.
      await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
      await page.getByLabel(/^Confirm password/).fill(NEW_PASSWORD);
      await page.getByLabel(/^Phone number/).fill(PHONE);
      const create = page.getByRole('button', { name: 'Create Account' });
      if (await create.isEnabled()) throw new Error("'Create Account' is enabled before both agreements");
      await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
      await page.getByRole('checkbox', { name: /HIPAA Agreement/ }).check();
      await create.click();
      await expectVisible(
        page.getByRole('heading', { name: 'Account Created Successfully!' }),
        "'Account Created Successfully!'",
      );
      // The new account has SMS two-factor on, so the automatic sign-in hands over to the login page.
      await expectPath(page, '/login', 10_000);

      // 4. Sign in with the SMS code from the outbox.
      await submitLogin(page, invitee.email, NEW_PASSWORD);
      let dialog = secondFactorDialog(page);
      await expectVisible(dialog, 'the second-factor screen');
      await typeCode(page, 'Verification code digit', await readSmsCode(page, password, PHONE_DIGITS));
      await dialog.getByRole('button', { name: 'Verify & Login' }).click();
      await expectDashboard(page, "the new user's dashboard");

      // 5. Set up an authenticator app from the profile panel.
      await page.getByRole('button', { name: `Profile: ${invitee.name}` }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await page.getByRole('button', { name: /Two-Factor Authentication/ }).click();
      await page.getByRole('button', { name: 'Set up authenticator app' }).click();
      // The password first (issue #12: whoever holds the app signs in).
      const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
      await confirm.getByLabel(/Current password/).fill(NEW_PASSWORD);
      await confirm.getByRole('button', { name: 'Continue' }).click();
      const setup = page.getByRole('dialog', { name: 'Set up authenticator app' });
      const secret = (await setup.getByTestId('totp-secret').innerText()).trim();
      const setupStep = totpStep();
      await typeCode(page, 'Authenticator code digit', totpCode(secret, setupStep));
      await setup.getByRole('button', { name: 'Verify' }).click();
      await expectVisible(
        page.getByText('Authenticator app enabled successfully!'),
        "'Authenticator app enabled successfully!'",
      );
      await page.keyboard.press('Escape');
      await expectHidden(page.getByRole('dialog'), 'the profile panel');

      // 6. Sign out; sign in with the authenticator and trust this device. A code is good once: wait for the
      // next 30-second step so the app shows a fresh one.
      await signOut(page, invitee.name);
      await submitLogin(page, invitee.email, NEW_PASSWORD);
      dialog = secondFactorDialog(page);
      await dialog.getByText('Authenticator app', { exact: true }).click();
      while (totpStep() <= setupStep) await page.waitForTimeout(500);
      await typeCode(page, 'Verification code digit', totpCode(secret));
      await dialog.getByRole('checkbox', { name: 'Trust this device for 30 days' }).check();
      await dialog.getByRole('button', { name: 'Verify & Login' }).click();
      await expectDashboard(page, 'the dashboard after the authenticator code');
      if ((await readStorage(page, 'device_token')) === null) throw new Error('device_token was not stored');

      // 7. The trusted device signs in without a code.
      await signOut(page, invitee.name);
      await submitLogin(page, invitee.email, NEW_PASSWORD);
      await expectDashboard(page, 'the dashboard on the trusted device');
      await expectHidden(
        page.getByRole('heading', { name: 'Two-Factor Authentication' }),
        'the second-factor screen on a trusted device',
      );
    },
  },
];

import {
  expectHidden,
  expectPath,
  expectSessionOutOfScriptsReach,
  expectVisible,
  readStorage,
} from '../lib/browser.ts';
import { readSmsCode } from '../lib/outbox.ts';
import { homeHeading, submitLogin } from '../lib/sign-in.ts';
import type { Journey } from './types.ts';

// Issue 3 "Done when": sign in with an SMS code read from the outbox, trust the device, sign out, sign in
// again without a code. The demo account `secure@trust.demo` has SMS two-factor enabled (README).

const SECURE = { email: 'secure@trust.demo', name: 'Sam Secure', phoneDigits: '2135550110' };
export const TWO_FACTOR_JOURNEYS: Journey[] = [
  {
    name: 'two-factor-sms-trusted-device',
    title:
      'signs in with an SMS code from the outbox, trusts the device, signs out and signs in again without a code',
    run: async ({ page, password }) => {
      await submitLogin(page, SECURE.email, password);
      const dialog = page.getByRole('dialog');
      await expectVisible(
        dialog.getByRole('heading', { name: 'Two-Factor Authentication' }),
        "the second-factor screen titled 'Two-Factor Authentication'",
      );
      await expectVisible(dialog.getByText('(•••) •••-0110', { exact: false }), 'the masked phone number');
      const verify = dialog.getByRole('button', { name: 'Verify & Login' });
      if (await verify.isEnabled())
        throw new Error("'Verify & Login' is enabled before the code is complete");

      const code = await readSmsCode(page, password, SECURE.phoneDigits);
      await dialog.getByLabel('Verification code digit').first().click();
      await page.keyboard.type(code);
      await dialog.getByRole('checkbox', { name: 'Trust this device for 30 days' }).check();
      await verify.click();

      await expectPath(page, '/dashboard');
      await expectVisible(page.getByRole('heading', { name: /Welcome back/ }), "the dashboard's greeting");
      await expectHidden(page.getByRole('dialog'), 'the login modal after verifying');
      if ((await readStorage(page, 'device_token')) === null) throw new Error('device_token was not stored');
      // Issue #12: the verify call set the session as an HttpOnly cookie, out of any script's reach.
      await expectSessionOutOfScriptsReach(page);

      await page.getByRole('button', { name: `Profile: ${SECURE.name}` }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await expectPath(page, '/');
      await expectVisible(homeHeading(page), 'the home page after signing out');
      if ((await readStorage(page, 'device_token')) === null)
        throw new Error('sign-out forgot the trusted device');

      // The trusted device skips the second factor.
      await submitLogin(page, SECURE.email, password);
      await expectPath(page, '/dashboard');
      await expectVisible(
        page.getByRole('heading', { name: /Welcome back/ }),
        "the dashboard's greeting again",
      );
      await expectHidden(
        page.getByRole('heading', { name: 'Two-Factor Authentication' }),
        'the second-factor screen on a trusted device',
      );
    },
  },
];

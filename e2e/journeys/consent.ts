import type { Page } from 'playwright-core';
import { expectPath, expectSessionOutOfScriptsReach, expectVisible, readStorage } from '../lib/browser.ts';
import { COORDINATOR, signOut, submitLogin } from '../lib/sign-in.ts';
import type { Journey } from './types.ts';

// Issue 3 "Done when": a consent version published by an admin forces the two-step consent dialog at the next
// sign-in. Runs last (e2e/journeys/index.ts): after it, every demo user must sign the new versions.

const ADMIN = { email: 'admin@trust.demo', name: 'Alex Admin' };

/** Checks the three boxes of one step: agree, typed full name, legally binding (003 §2.8). */
async function signStep(page: Page, agree: RegExp, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Consent Update Required' });
  await dialog.getByRole('checkbox', { name: agree }).check();
  await dialog.getByRole('textbox', { name: /Electronic signature/ }).fill(name);
  await dialog.getByRole('checkbox', { name: /legally binding/ }).check();
}

export const CONSENT_JOURNEYS: Journey[] = [
  {
    name: 'consent-republish',
    title:
      'an admin publishes new Terms (on the Consent documents screen) and HIPAA versions; the coordinator must sign both in the two-step dialog at the next sign-in',
    run: async (ctx) => {
      const { page, password } = ctx;
      const stamp = Date.now().toString(36);
      const termsVersion = `2.${stamp}`;
      const hipaaVersion = `1.${stamp}`;

      await submitLogin(page, ADMIN.email, password);
      await expectPath(page, '/dashboard');
      await page.getByRole('button', { name: `Profile: ${ADMIN.name}` }).click();
      await page.getByRole('menuitem', { name: 'Consent documents' }).click();
      await expectPath(page, '/consent-admin');
      const form = page.getByRole('form', { name: 'Publish a new version' });
      await expectVisible(form, 'the publish form');
      await form.getByRole('textbox', { name: 'Version' }).fill(termsVersion);
      await form.getByRole('textbox', { name: 'Title' }).fill('Terms of Use');
      await form.getByRole('textbox', { name: "What's New" }).fill('Referral sharing rules are clearer.');
      await form.getByRole('textbox', { name: 'Content' }).fill('Use Trust Marketplace only for your work.');
      await form.getByRole('button', { name: 'Publish' }).click();
      await expectVisible(
        page.getByRole('table', { name: 'Published versions' }).getByRole('cell', { name: termsVersion }),
        `Terms version ${termsVersion} in the list`,
      );

      // The HIPAA version through the API, with the admin's session: page.request carries the page's cookie.
      const res = await page.request.post('/api/consent/documents', {
        data: {
          document_type: 'hipaa_authorization',
          version: hipaaVersion,
          title: 'HIPAA Authorization',
          content: 'Protect member information in every referral.',
        },
      });
      if (res.status() !== 201)
        throw new Error(`publishing HIPAA failed: ${res.status()} ${await res.text()}`);
      await signOut(page, ADMIN.name);

      await submitLogin(page, COORDINATOR.email, password);
      const dialog = page.getByRole('dialog', { name: 'Consent Update Required' });
      await expectVisible(dialog, "the 'Consent Update Required' dialog");
      await expectVisible(dialog.getByText(`Version ${termsVersion}`), `Terms version ${termsVersion}`);
      await expectVisible(
        dialog.getByText('Referral sharing rules are clearer.'),
        "the 'What's New' summary",
      );
      if ((await readStorage(page, 'signed_in')) !== null)
        throw new Error('the login completed before consent');

      await dialog.getByRole('button', { name: 'Continue to HIPAA Authorization' }).click();
      await expectVisible(
        dialog.getByText('Please accept the terms and provide your signature'),
        'the terms validation message',
      );
      await signStep(page, /agree to the Terms of Use/, COORDINATOR.name);
      await dialog.getByRole('button', { name: 'Continue to HIPAA Authorization' }).click();
      await expectVisible(dialog.getByText(`Version ${hipaaVersion}`), `HIPAA version ${hipaaVersion}`);
      await signStep(page, /agree to the HIPAA Authorization/, COORDINATOR.name);
      await dialog.getByRole('button', { name: 'Complete' }).click();
      await expectVisible(page.getByText('Consent Updated Successfully'), "'Consent Updated Successfully'");

      // 003 §9: the success view closes after 2000 ms and the login completes.
      await expectPath(page, '/dashboard');
      await expectVisible(page.getByRole('heading', { name: /Welcome back/ }), "the dashboard's greeting");
      await expectSessionOutOfScriptsReach(page);
    },
  },
];

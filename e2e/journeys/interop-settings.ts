import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { apiClient, expectHidden, expectPath, expectVisible } from '../lib/browser.ts';
import { signInAs } from '../lib/sign-in.ts';
import { type Finding, runAxe } from './accessibility.ts';
import type { Journey } from './types.ts';

// Issue #21 item 3 in a browser: an organization's admin opens Interop Settings from the sidebar, creates an API
// client with the read scope, sees its secret once (and the secret really gets a token), closes the dialog, finds
// the client in the table, revokes it, and sees it revoked (its secret no longer gets a token).

const ORG_ADMIN = 'orgadmin@trust.demo';

/** Axe on the screen as it stands (its dialogs included), failing on serious or critical violations. */
async function expectAxeClean(page: Page, where: string): Promise<void> {
  // The tables done loading (no skeleton rows) before axe reads them.
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, null, {
    timeout: 10_000,
  });
  const findings: Finding[] = await runAxe(page, where);
  if (findings.length > 0)
    throw new Error(
      findings
        .map((f) => `${f.where}: ${f.rule} (${f.impact}) ${f.help}\n  ${f.targets.join(' | ')}`)
        .join('\n'),
    );
}

/** POST /oauth/token with client credentials, as an outside system would; the HTTP status it answered. */
async function tokenStatus(page: Page, clientId: string, clientSecret: string): Promise<number> {
  const client = await apiClient(page);
  const res = await client.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });
  return res.status();
}

export const INTEROP_SETTINGS_JOURNEYS: Journey[] = [
  {
    name: 'interop-settings',
    title:
      "an organization's admin opens Interop Settings, creates an API client with the read scope, sees its secret once, finds it in the table, revokes it and sees it revoked",
    run: async ({ page, password }) => {
      await signInAs(page, ORG_ADMIN, password);

      // 1. From the sidebar: the FHIR API, the API clients, the subscriptions and the HSDS endpoint.
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Interop Settings' })
        .click();
      await expectPath(page, '/interop');
      await expectVisible(
        page.getByRole('heading', { name: 'Interop Settings', level: 2 }),
        'the interop screen',
      );
      await expectVisible(page.getByRole('heading', { name: 'FHIR API' }), 'the FHIR API section');
      const baseUrl = await page.getByRole('textbox', { name: 'FHIR base URL', exact: true }).inputValue();
      if (!baseUrl.endsWith('/fhir')) throw new Error(`the FHIR base URL reads "${baseUrl}"`);
      await expectVisible(
        page
          .getByRole('table', { name: 'FHIR resources and their interactions' })
          .getByText('Task', { exact: true }),
        "the CapabilityStatement's Task resource",
      );
      await expectVisible(page.getByRole('heading', { name: 'HSDS directory API' }), 'the HSDS section');
      await expectAxeClean(page, 'interop settings at 1280 px');

      // 2. A new API client with the read scope: the form asks for a name and a scope first.
      const name = `Journey EHR ${randomBytes(3).toString('hex')}`;
      await page.getByRole('button', { name: 'New API client' }).click();
      const form = page.getByRole('dialog', { name: 'New API client' });
      await expectVisible(form, 'the new API client form');
      await form.getByRole('button', { name: 'Create API client' }).click();
      await expectVisible(form.getByText('Choose at least one scope.'), 'the scope required message');
      await expectAxeClean(page, 'the new API client form with its errors');
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form.getByRole('checkbox', { name: /fhir\/\*\.read/ }).check();
      await form.getByRole('button', { name: 'Create API client' }).click();

      // 3. The secret, once, with the warning.
      const created = page.getByRole('dialog', { name: 'API client created' });
      await expectVisible(created, 'the created client dialog');
      await expectHidden(form, 'the new API client form once the client is created');
      await expectVisible(
        created.getByText('it is shown only once', { exact: false }),
        'the shown-once warning',
      );
      const clientId = await created.getByRole('textbox', { name: 'Client ID', exact: true }).inputValue();
      const secret = await created.getByRole('textbox', { name: 'Client secret', exact: true }).inputValue();
      if (!clientId || secret.length < 20)
        throw new Error(`the dialog shows client "${clientId}", secret "${secret}"`);
      await expectAxeClean(page, 'the created client dialog');
      const issued = await tokenStatus(page, clientId, secret);
      if (issued !== 200)
        throw new Error(`the shown secret got HTTP ${issued} from /oauth/token, not a token`);
      await created.getByRole('button', { name: 'I have copied the secret' }).click();
      await expectHidden(created, 'the created client dialog after closing it');
      if (
        (await page.locator(`input[value="${secret}"]`).count()) + (await page.getByText(secret).count()) >
        0
      )
        throw new Error('the secret is still on the page after the dialog closed');

      // 4. The row, active, with the read scope.
      const row = page.getByTestId(`api-client-${clientId}`);
      await expectVisible(row.getByText(name, { exact: true }), 'the new client in the table');
      await expectVisible(row.getByText('Active', { exact: true }), 'the new client active');
      await expectVisible(row.getByText('Read', { exact: true }), 'the read scope');

      // 5. Revoke after the confirmation: revoked in the table, and the secret gets no token any more.
      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke API client?' });
      await expectVisible(confirm, 'the revoke confirmation');
      await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
      await expectHidden(confirm, 'the revoke confirmation after confirming');
      await expectVisible(row.getByText('Revoked', { exact: true }), 'the client revoked');
      await expectHidden(
        row.getByRole('button', { name: `Revoke ${name}` }),
        'the Revoke button of a revoked client',
      );
      const refused = await tokenStatus(page, clientId, secret);
      if (refused !== 401) throw new Error(`a revoked client's secret got HTTP ${refused} from /oauth/token`);

      // 6. On a phone: the same screen, still readable and axe-clean.
      await page.setViewportSize({ width: 390, height: 844 });
      await expectVisible(row.getByText('Revoked', { exact: true }), 'the revoked client at 390 px');
      await expectAxeClean(page, 'interop settings at 390 px');
    },
  },
];

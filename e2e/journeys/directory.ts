import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { apiClient, expectPath, expectVisible, openBrowser } from '../lib/browser.ts';
import { findInOutbox, readOutboxMessage } from '../lib/outbox.ts';
import { signInAs, signInAsCoordinator } from '../lib/sign-in.ts';
import type { Journey } from './types.ts';

// Issue 5 "Done when": the directory for a signed-out visitor; a coordinator saves a provider, matches an
// unpublished referral with it by hand and sends it by SMS; another referral is auto-matched (when created, issue
// #14), one provider changed, sent to all by their best method; the provider's user accepts, the others are not
// selected; the performance dashboard counts it and exports CSV.

/** The demo provider listing that cbo@trust.demo acts for (its users answer referrals sent to it). */
const HARBOR = { name: 'Harbor Community Services', phone: '2135550192', email: 'cbo@trust.demo' };
const COORDINATOR_EMAIL = 'coordinator@trust.demo';

type CreatedReferral = {
  id: number;
  referral_number: string;
  status: string;
  matched_provider_count?: number;
};
type Entry = { provider_id: number; organization_name: string; rank: number };

/** A token for the API calls that set the scene (the journey drives every step it is about through the UI). */
async function apiToken(page: Page, email: string, password: string): Promise<string> {
  // Not page.request: the session cookie of this sign-in would sign the page in as this user.
  const res = await (await apiClient(page)).post('/auth/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`sign-in of ${email} for set-up failed: ${res.status()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * A referral near downtown Los Angeles that needs food assistance, as the health plan's coordinator: Pending
 * for manual selection; with the matching engine, auto-matched when created (issue #14 item 8).
 */
async function createReferral(
  page: Page,
  token: string,
  useMatchingEngine: boolean,
): Promise<CreatedReferral> {
  const tag = String(parseInt(randomBytes(4).toString('hex'), 16))
    .padStart(9, '3')
    .slice(0, 9);
  const res = await page.request.post('/api/referrals', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      first_name: 'Journey',
      last_name: useMatchingEngine ? 'Auto Member' : 'Manual Member',
      phone_number: '2135550148',
      email: 'journey.member@example.test',
      date_of_birth: '1979-04-02',
      zip_code: '90012',
      street_address: '200 N Spring St',
      city: 'Los Angeles',
      state: 'CA',
      medicaid_id: `CA${tag}`,
      health_plan: 'Health Net',
      provider_name: 'Dr. Priya Natarajan',
      npi_number: '1902837465',
      organization: 'Eastside Medical Group',
      provider_phone_number: '2135550190',
      primary_diagnosis: 'Type 2 diabetes (E11.9)',
      availability: 'Weekdays 9am-5pm',
      urgency_level: 'Urgent',
      sdoh_needs: ['Food Assistance'],
      member_consent_obtained: true,
      use_matching_engine: useMatchingEngine,
    },
  });
  if (res.status() !== 201)
    throw new Error(`creating a referral answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as CreatedReferral;
}

async function matchedEntries(page: Page, token: string, referralId: number): Promise<Entry[]> {
  const res = await page.request.get(`/api/referrals/${referralId}/matched-providers`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok()) throw new Error(`reading the matched providers answered ${res.status()}`);
  return ((await res.json()) as { matched_providers: Entry[] }).matched_providers;
}

async function searchDirectory(page: Page, location: string, keyword?: string) {
  await page.goto('/provider-directory');
  await expectVisible(page.getByRole('heading', { name: 'Provider Directory' }), 'the Provider Directory');
  await page.getByRole('textbox', { name: 'Location' }).fill(location);
  if (keyword) await page.getByRole('textbox', { name: 'Keyword' }).fill(keyword);
  // The widest radius (50 miles): the slider takes the keyboard.
  await page.getByRole('slider', { name: 'Search radius in miles' }).focus();
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expectVisible(page.getByText(/^\d+ providers? found$/), 'the result count');
}

export const DIRECTORY_JOURNEYS: Journey[] = [
  {
    name: 'directory-matching-end-to-end',
    title:
      'searches the directory by ZIP signed out and sees the map; the coordinator saves a provider, matches an unpublished referral with it and sends it by SMS; another is auto-matched when created, a provider changed, sent to all; the provider accepts, the others are not selected; the dashboard counts it and exports CSV',
    run: async (ctx) => {
      const { page, password, baseURL } = ctx;
      const visitor = await openBrowser(baseURL);
      const cbo = await openBrowser(baseURL);
      try {
        // A signed-out visitor searches by ZIP code: the result count, then the map with a pin per provider.
        await searchDirectory(visitor.page, '90012');
        await expectVisible(
          visitor.page.getByRole('region', { name: 'Map of providers' }),
          'the map of the results',
        );
        await expectVisible(visitor.page.locator('.tm-map-pin').first(), 'a provider pin on the map');

        // The coordinator finds Harbor Community Services and saves it to My Providers.
        await signInAsCoordinator(ctx);
        await searchDirectory(page, '90012', HARBOR.name);
        // Mantine's segmented control: the label is what a person clicks (its radio input is visually hidden).
        await page.locator('label.mantine-SegmentedControl-label', { hasText: 'List' }).click();
        const harborCard = page.getByRole('article', { name: HARBOR.name }).first();
        await harborCard.getByRole('button', { name: 'Save', exact: true }).click();
        await expectVisible(page.getByText('Provider Saved!'), "the 'Provider Saved!' toast");

        const token = await apiToken(page, COORDINATOR_EMAIL, password);
        const manual = await createReferral(page, token, false);
        const auto = await createReferral(page, token, true);

        // From My Providers to manual matching with Harbor chosen; the referral goes out by SMS.
        await page.goto('/directory');
        await page
          .getByRole('article', { name: HARBOR.name })
          .getByRole('button', { name: 'Select Provider' })
          .click();
        await expectPath(page, '/finder');
        await expectVisible(
          page.getByRole('heading', { name: 'Unpublished Referrals - Manual Matching' }),
          'the manual matching screen',
        );
        await page
          .getByRole('article', { name: `Referral #${manual.referral_number}` })
          .getByRole('button', { name: `Match with ${HARBOR.name}` })
          .click();
        const confirm = page.getByRole('dialog', { name: 'Confirm Referral Submission' });
        await confirm.getByRole('radio', { name: /^SMS \/ Phone/ }).check();
        await confirm.getByRole('button', { name: 'Confirm and Send' }).click();
        await expectVisible(
          page.getByText(/Referral sent via .*Status updated to Matched\./),
          'the match alert',
        );
        // The SMS names the member, so the outbox keeps it sealed; it is read one at a time (audited).
        const smsId = await findInOutbox(
          page,
          password,
          'sms',
          (m) =>
            m.to.replace(/\D/g, '').endsWith(HARBOR.phone) && m.category === 'referral_send'
              ? String(m.id)
              : undefined,
          `the SMS to ${HARBOR.name}`,
        );
        const sms = await readOutboxMessage(page, password, Number(smsId));
        if (!sms.body_text.includes(manual.referral_number))
          throw new Error(`the SMS to ${HARBOR.name} does not name referral ${manual.referral_number}`);

        // The matching engine matched the other referral when it was created (issue #14 item 8): the 4 nearest
        // providers that offer food assistance. The Auto-Match screen shows it matched and the engine's last run.
        if (auto.status !== 'matched' || auto.matched_provider_count !== 4)
          throw new Error(
            `the referral created with the matching engine is ${auto.status} with ${auto.matched_provider_count} providers, not matched to 4`,
          );
        await page.goto('/matching');
        await expectVisible(
          page.getByRole('group', { name: /^Last Run: (?!Never)/ }),
          "the engine's last run",
        );
        const autoCard = page.getByRole('article', { name: `Referral #${auto.referral_number}` });
        await expectVisible(autoCard.getByText('Auto-Matched', { exact: true }), 'the referral auto-matched');
        await autoCard.getByRole('button', { name: 'Show matched providers (4)' }).click();
        // One provider changed: Harbor takes the last place (or, if the matcher chose it, another one does).
        const before = await matchedEntries(page, token, auto.id);
        const harborMatched = before.some((e) => e.organization_name === HARBOR.name);
        const replaced = [...before].reverse().find((e) => e.organization_name !== HARBOR.name)!;
        const newcomer = harborMatched ? 'Lakeside Food Network' : HARBOR.name;
        await autoCard
          .getByRole('listitem', { name: `${replaced.rank}. ${replaced.organization_name}` })
          .getByRole('button', { name: 'Change' })
          .click();
        const picker = page.getByRole('dialog', { name: 'Change Provider' });
        await picker.getByRole('textbox', { name: 'Search providers' }).fill(newcomer);
        await picker.getByRole('option', { name: newcomer, exact: true }).first().click();
        await picker.getByRole('button', { name: 'Select Provider' }).click();
        await expectVisible(autoCard.getByText(newcomer).first(), `${newcomer} among the matched providers`);

        // Sent to all four, each by its best method (the first one that can be sent, highest priority first).
        await autoCard.getByRole('button', { name: 'Send to Providers' }).click();
        const send = page.getByRole('dialog', { name: 'Send Referral to 4 Providers' });
        const groups = send.getByRole('radiogroup');
        await expectVisible(groups.nth(3), 'the methods of all four providers');
        for (let i = 0; i < 4; i++)
          await groups.nth(i).locator('input[type=radio]:not([disabled])').first().check();
        await expectVisible(send.getByText('4 of 4 providers ready'), "'4 of 4 providers ready'");
        await send.getByRole('button', { name: 'Send to 4 Providers' }).click();
        await expectVisible(
          page.getByText('Referral sent to 4 providers via their preferred communication methods'),
          'the send notice',
        );

        // Harbor's user opens the referral it was sent and accepts it.
        await signInAs(cbo.page, HARBOR.email, password);
        await cbo.page.goto(`/queue/${auto.id}`);
        await expectVisible(cbo.page.getByText('Provider Response Required').first(), 'the response panel');
        await cbo.page.getByRole('button', { name: 'Accept', exact: true }).click();
        await cbo.page
          .getByRole('dialog', { name: 'Accept referral' })
          .getByRole('button', { name: 'Accept', exact: true })
          .click();
        await expectVisible(cbo.page.getByText(/accepted this referral/i).first(), 'the accepted banner');

        // The coordinator's workspace: Harbor accepted (if it was among the four), every other one not selected.
        await page.goto(`/workspace/${auto.id}`);
        const winner = HARBOR.name;
        await expectVisible(
          page.getByRole('article', { name: winner }).getByText('Accepted', { exact: true }),
          `${winner} accepted in the workspace`,
        );
        await expectVisible(
          page.getByText('Not Selected', { exact: true }).nth(2),
          'three providers not selected',
        );

        // Provider Performance counts Harbor's referrals and exports what it shows.
        await page.goto('/capacity');
        await page.getByPlaceholder('Search providers by name, city, ZIP or service').fill(HARBOR.name);
        await expectVisible(
          page.getByRole('button', { name: `Open details of ${HARBOR.name}` }).first(),
          `${HARBOR.name} on the dashboard`,
        );
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Export CSV' }).click();
        const file = await (await download).path();
        const csv = fs.readFileSync(file, 'utf8');
        if (!csv.includes(HARBOR.name)) throw new Error(`the exported CSV does not list ${HARBOR.name}`);
      } finally {
        await visitor.close();
        await cbo.close();
      }
    },
  },
];

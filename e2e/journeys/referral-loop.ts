import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { type Api, apiAs, call } from '../lib/api.ts';
import { expectHidden, expectVisible, openBrowser } from '../lib/browser.ts';
import { findInOutbox, openOutboxMessage } from '../lib/outbox.ts';
import { signInAs, signInAsCoordinator } from '../lib/sign-in.ts';
import { fillReferral, newMember } from './referrals.ts';
import type { Journey } from './types.ts';

// Issue #14 "Done when": the referral loop closed in a browser. Created with the matching engine, the referral is
// auto-matched at once and sent by SMS; the four providers decline by text from the outbox, so the cascade
// matches and sends the next ones; one of them (Harbor, whose user is cbo@trust.demo) accepts, marks the
// referral In Progress, then Completed with an outcome; the member is asked whether they got help, answers YES
// from the outbox, and Provider Performance shows Harbor's member-confirmed rate.

const HARBOR = { name: 'Harbor Community Services', email: 'cbo@trust.demo' };
const ADMIN = 'admin@trust.demo';
/**
 * Huntington Beach, 3.6 miles from Harbor's listing: while Harbor is marked full the engine matches the four
 * nearest other food providers; once it accepts again, it is the nearest one left when they all decline.
 */
const NEAR_HARBOR = { zip: '92649', city: 'Huntington Beach', street: '16400 Pacific Coast Hwy' };

type Created = { id: number; referral_number: string; status: string; matched_provider_count?: number };
type Entry = { provider_id: number; organization_name: string; status: string; round: number };
type Confirmed = { memberConfirmed: number; memberAnswers: number; memberConfirmedRate: number | null };

async function setCapacity(page: Page, cbo: Api, listing: number, status: 'full' | 'accepting') {
  await call(page, cbo, 'PUT', `/api/providers/${listing}/capacity`, {
    capacity_status: status,
    capacity_wait_days: null,
  });
}

async function entriesOf(page: Page, who: Api, referralId: number): Promise<Entry[]> {
  const body = (await call(page, who, 'GET', `/api/referrals/${referralId}/matched-providers`)) as {
    matched_providers: Entry[];
  };
  return body.matched_providers;
}

/** Harbor's member-confirmed figures on the coordinator's Provider Performance (GET /api/provider-performance). */
async function harborConfirmed(page: Page, who: Api, listing: number): Promise<Confirmed> {
  const body = (await call(
    page,
    who,
    'GET',
    `/api/provider-performance?search=${encodeURIComponent(HARBOR.name)}`,
  )) as { providers: (Confirmed & { provider: { id: number } })[] };
  const row = body.providers.find((p) => p.provider.id === listing);
  return row ?? { memberConfirmed: 0, memberAnswers: 0, memberConfirmedRate: null };
}

export const REFERRAL_LOOP_JOURNEYS: Journey[] = [
  {
    name: 'referral-loop-closed',
    title:
      'creates a referral with the matching engine (auto-matched at once), sends it by SMS, the providers decline by text, the cascade sends the next ones, Harbor accepts, marks it In Progress and Completed, the member answers YES to the follow-up, and Provider Performance shows the member-confirmed rate',
    timeoutMs: 240_000,
    run: async (ctx) => {
      const { page, password, baseURL } = ctx;
      const cboBrowser = await openBrowser(baseURL);
      const admin = await openBrowser(baseURL);
      const coordinatorApi = await apiAs(page, 'coordinator@trust.demo', password);
      const adminApi = await apiAs(page, ADMIN, password);
      const cboApi = await apiAs(page, HARBOR.email, password);
      const plan = coordinatorApi.org;
      const { settings } = (await call(page, adminApi, 'GET', `/api/cbos/${plan}`)) as {
        settings: Record<string, unknown>;
      };
      const { providers: listings } = (await call(
        page,
        cboApi,
        'GET',
        '/api/provider-performance/own-listings',
      )) as { providers: { id: number }[] };
      const harborListing = listings[0]!.id;
      try {
        // The scene: the plan asks its members right after Completed (0 days, not 3), and Harbor is full for now.
        await call(page, adminApi, 'PUT', `/api/cbos/${plan}`, {
          settings: { ...settings, member_follow_up_days: 0 },
        });
        await setCapacity(page, cboApi, harborListing, 'full');

        // 1. The coordinator creates the referral with the matching engine: it comes back matched to 4.
        const member = { ...newMember(), phone: `909555${String(randomInt(1000, 9999))}` };
        await signInAsCoordinator(ctx);
        await page.goto('/create-referral');
        await expectVisible(page.getByRole('heading', { name: 'Create New Referral' }), 'the referral form');
        await fillReferral(page, member, NEAR_HARBOR);
        const created = page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/referrals',
        );
        await page.getByRole('button', { name: 'Submit Referral' }).click();
        const response = await created;
        if (response.status() !== 201) throw new Error(`creating the referral answered ${response.status()}`);
        const referral = (await response.json()) as Created;
        const number = referral.referral_number;
        if (referral.status !== 'matched' || referral.matched_provider_count !== 4)
          throw new Error(
            `the new referral is ${referral.status} with ${referral.matched_provider_count} providers, not matched to 4`,
          );
        await expectVisible(
          page.getByText(`The matching engine matched it to 4 nearby providers`, { exact: false }),
          'the created notice naming the 4 matched providers',
        );
        await setCapacity(page, cboApi, harborListing, 'accepting');

        // 2. Sent from Referral Details, by SMS to each.
        await page.goto(`/queue/${referral.id}`);
        await page.getByRole('button', { name: 'Send to Providers' }).click();
        const send = page.getByRole('dialog', { name: 'Send Referral to 4 Providers' });
        const groups = send.getByRole('radiogroup');
        await expectVisible(groups.nth(3), 'the methods of all four providers');
        for (let i = 0; i < 4; i++) await groups.nth(i).getByRole('radio', { name: /^SMS/ }).first().check();
        await send.getByRole('button', { name: 'Send to 4 Providers' }).click();
        await expectVisible(
          page.getByText('Referral sent to 4 providers via their preferred communication methods'),
          'the send notice',
        );
        const firstRound = await entriesOf(page, coordinatorApi, referral.id);
        if (firstRound.some((e) => e.status !== 'sent' || e.organization_name === HARBOR.name))
          throw new Error(
            `the first round is not 4 sent providers other than Harbor: ${JSON.stringify(firstRound)}`,
          );

        // 3. Each provider declines by text from the outbox: the first through the reply form, the others alike.
        await signInAs(admin.page, ADMIN, password);
        const sentTo = (await call(
          page,
          coordinatorApi,
          'GET',
          `/api/referrals/${referral.id}/matched-providers`,
        )) as {
          matched_providers: { contact_value: string | null }[];
        };
        const numbers = sentTo.matched_providers.map((e) => e.contact_value!);
        for (const [i, to] of numbers.entries()) {
          const dialog = await openOutboxMessage(
            admin.page,
            'SMS',
            new RegExp(`Open message to .*${to.replace(/\D/g, '').slice(-4)}`),
          );
          await dialog.getByRole('textbox', { name: 'Reply text' }).fill(`NO ${number} sorry, we are full`);
          await dialog.getByRole('button', { name: 'Send reply as the provider' }).click();
          await expectVisible(
            dialog.getByText(/What the reply did: Declined referral/),
            `decline ${i + 1} of 4`,
          );
          await admin.page.keyboard.press('Escape');
        }

        // 4. Nobody left: the cascade matched and sent the next providers, Harbor among them.
        const entries = await entriesOf(page, coordinatorApi, referral.id);
        const secondRound = entries.filter((e) => e.round === 2);
        if (secondRound.length === 0 || !secondRound.some((e) => e.organization_name === HARBOR.name))
          throw new Error(`the cascade did not send the referral to Harbor: ${JSON.stringify(entries)}`);
        if (secondRound.some((e) => e.status !== 'sent'))
          throw new Error(`the second round was not sent: ${JSON.stringify(secondRound)}`);
        await page.goto(`/workspace/${referral.id}`);
        await page.getByRole('tab', { name: /Timeline/ }).click();
        await expectVisible(page.getByText('Matched Again (round 2)').first(), 'the cascade on the timeline');
        await expectVisible(page.getByText('Provider Declined').nth(3), 'the four declines on the timeline');

        // 5. Harbor's user accepts, marks In Progress, then Completed with an outcome.
        await signInAs(cboBrowser.page, HARBOR.email, password);
        const cbo = cboBrowser.page;
        await cbo.goto(`/queue/${referral.id}`);
        await expectVisible(cbo.getByText('Provider Response Required').first(), 'the response panel');
        await cbo.getByRole('button', { name: 'Accept', exact: true }).click();
        await cbo
          .getByRole('dialog', { name: 'Accept referral' })
          .getByRole('button', { name: 'Accept', exact: true })
          .click();
        await expectVisible(cbo.getByText(/accepted this referral/i).first(), 'the accepted banner');
        const status = cbo.getByRole('combobox', { name: `Change the status of referral ${number}` });
        await status.selectOption({ label: 'Mark In Progress' });
        await cbo.getByRole('dialog').getByRole('button', { name: 'Mark In Progress' }).click();
        // The confirmation closes once the step is taken; the status then reads In Progress.
        await expectHidden(cbo.getByRole('dialog'), 'the In Progress confirmation', 10_000);
        await expectVisible(cbo.getByText('In Progress', { exact: true }).first(), 'In Progress');
        await status.selectOption({ label: 'Mark Completed' });
        const complete = cbo.getByRole('dialog', { name: `Mark Completed: referral #${number}` });
        // The outcome list by keyboard: Service provided is its first choice.
        const outcome = complete.getByRole('combobox', { name: 'Outcome' });
        await outcome.focus();
        await cbo.keyboard.press('ArrowDown');
        // On a busy machine the list opens a moment after the key, and the first key may only open it without
        // highlighting an option: Enter picks only once 'Service provided' is the highlighted option.
        const serviceProvided = cbo.getByRole('option', { name: 'Service provided' });
        await expectVisible(serviceProvided, 'the outcome list');
        const highlighted = () =>
          serviceProvided.getAttribute('data-combobox-selected').then((v) => v !== null);
        for (let attempt = 0; attempt < 20 && !(await highlighted()); attempt++) {
          if (attempt === 5) await cbo.keyboard.press('ArrowDown');
          await cbo.waitForTimeout(100);
        }
        await cbo.keyboard.press('Enter');
        if ((await outcome.inputValue()) !== 'Service provided')
          throw new Error(`the outcome chosen is '${await outcome.inputValue()}', not 'Service provided'`);
        await complete.getByRole('textbox', { name: 'Note' }).fill('Groceries delivered for two weeks.');
        await complete.getByRole('button', { name: 'Mark Completed' }).click();
        await expectVisible(cbo.getByText('Completed', { exact: true }).first(), 'Completed');
        // The coordinator sees it live, without a reload.
        await expectVisible(
          page.getByText('Completed', { exact: true }).first(),
          "Completed on the coordinator's screen",
        );

        // 6. The member's follow-up question is in the outbox; the member answers YES.
        await findInOutbox(
          admin.page,
          password,
          'sms',
          (m) =>
            m.category === 'member_follow_up' && m.to.replace(/\D/g, '').endsWith(member.phone)
              ? 'y'
              : undefined,
          "the member's follow-up question",
        );
        const question = await openOutboxMessage(
          admin.page,
          'SMS',
          new RegExp(`Open message to .*${member.phone.slice(-4)}`),
          'member',
        );
        await expectVisible(
          question.getByText('Did you get the help you needed? Reply YES or NO', { exact: false }).first(),
          'the question in English',
        );
        const before = await harborConfirmed(page, coordinatorApi, harborListing);
        await question.getByRole('textbox', { name: 'Reply text' }).fill('YES');
        await question.getByRole('button', { name: 'Send reply as the member' }).click();
        await expectVisible(
          question.getByText("What the reply did: Recorded the member's answer"),
          'the answer recorded',
        );
        await page.reload();
        await page.getByRole('tab', { name: /Timeline/ }).click();
        await expectVisible(
          page.getByText('Member Confirmed Help').first(),
          "the member's YES on the timeline",
        );

        // 7. Provider Performance: the YES counts for Harbor, and its card says so.
        const after = await harborConfirmed(page, coordinatorApi, harborListing);
        if (
          after.memberConfirmed !== before.memberConfirmed + 1 ||
          after.memberAnswers !== before.memberAnswers + 1
        )
          throw new Error(`the YES did not count for Harbor: ${JSON.stringify({ before, after })}`);
        await page.goto('/capacity');
        await page.getByPlaceholder('Search providers by name, city, ZIP or service').fill(HARBOR.name);
        await expectVisible(
          page.getByText(
            `Member-confirmed: ${after.memberConfirmedRate}% (${after.memberConfirmed} of ${after.memberAnswers})`,
          ),
          "Harbor's member-confirmed rate on Provider Performance",
        );
      } finally {
        await setCapacity(page, cboApi, harborListing, 'accepting').catch(() => undefined);
        await call(page, adminApi, 'PUT', `/api/cbos/${plan}`, { settings }).catch(() => undefined);
        await Promise.all([cboBrowser.close(), admin.close()]);
      }
    },
  },
];

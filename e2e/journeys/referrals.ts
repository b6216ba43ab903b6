import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { type Browser, expectHidden, expectPath, expectVisible, openBrowser } from '../lib/browser.ts';
import { findInOutbox, readOutboxMessage } from '../lib/outbox.ts';
import { signInAs, signInAsCoordinator } from '../lib/sign-in.ts';
import type { Journey } from './types.ts';

// Issue 4 "Done when": a referral from the coordinator's form to the provider's acceptance, seen live by a
// community organization and by a signed-out visitor, then worked in the case workspace (note, document).

const CBO = { email: 'cbo@trust.demo', organization: 'Harbor Community Services' };
/** 000 §2.6 / issue 4: a new referral shows on every open feed within a second, no reload. */
const LIVE_WITHIN_MS = 1_000;

/** A member no demo referral has, so every search and card below finds only this journey's referral. */
export function newMember() {
  const tag = randomBytes(3).toString('hex');
  const letters = tag.replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));
  return {
    first: 'Journey',
    last: `Okafor${letters[0]!.toUpperCase()}${letters.slice(1)}`,
    medicaidId: `CA${String(parseInt(tag, 16)).padStart(9, '7')}`,
    phone: '2135550147',
  };
}
export type Member = ReturnType<typeof newMember>;
/** Where the member lives: downtown Los Angeles unless a journey needs them elsewhere. */
type Place = { zip: string; city: string; street: string };
const DOWNTOWN: Place = { zip: '90012', city: 'Los Angeles', street: '410 Alder Way' };

const field = (page: Page, name: string) => page.locator(`#referral-${name}`);

/** Types a complete, valid referral into the Create New Referral form (000 §2.1). */
export async function fillReferral(page: Page, m: Member, place: Place = DOWNTOWN) {
  await field(page, 'first_name').fill(m.first);
  await field(page, 'last_name').fill(m.last);
  await field(page, 'phone_number').fill(m.phone);
  await field(page, 'email').fill('journey.member@example.test');
  await field(page, 'date_of_birth').fill('1984-06-12');
  await field(page, 'medicaid_id').fill(m.medicaidId);
  await field(page, 'street_address').fill(place.street);
  await field(page, 'city').fill(place.city);
  await field(page, 'state').selectOption('CA');
  await field(page, 'zip_code').fill(place.zip);
  await field(page, 'health_plan').selectOption('Health Net');
  await field(page, 'provider_name').fill('Dr. Priya Natarajan');
  await field(page, 'npi_number').fill('1902837465');
  await field(page, 'organization').fill('Eastside Medical Group');
  await field(page, 'provider_phone_number').fill('2135550190');
  await page.getByRole('checkbox', { name: 'Food Assistance' }).check();
  await field(page, 'primary_diagnosis').fill('Type 2 diabetes (E11.9)');
  await field(page, 'availability').selectOption('Weekdays 9am-5pm');
  await field(page, 'member_consent_obtained').check();
}

/** The live-feed card of one referral (cards are articles; the referral number is on every card). */
function feedCard(page: Page, referralNumber: string): Locator {
  return page.getByRole('article').filter({ hasText: `Referral #${referralNumber}` });
}

async function openFeed(browser: Browser) {
  await browser.page.goto('/livefeed');
  await expectVisible(browser.page.getByRole('heading', { name: 'Live Referral Feed' }), 'the live feed');
  // Cards arrive over the stream only once it is open: wait for the indicator to say so.
  await expectVisible(browser.page.getByText('Live', { exact: true }), "the feed's Live indicator");
}

export const REFERRAL_JOURNEYS: Journey[] = [
  {
    name: 'referral-end-to-end',
    title:
      'creates a referral (validation first), sees it live on a provider feed and a masked signed-out feed, the provider claims and accepts it (PHI email), then a note and a document are added and the document downloads unchanged',
    run: async (ctx) => {
      const { page, password, baseURL } = ctx;
      const member = newMember();
      const fullName = `${member.first} ${member.last}`;
      const visitor = await openBrowser(baseURL);
      const cbo = await openBrowser(baseURL);
      try {
        // Two feeds open before the referral exists: a signed-out visitor's and the community organization's.
        await openFeed(visitor);
        await signInAs(cbo.page, CBO.email, password);
        await openFeed(cbo);

        // The coordinator submits an empty form first: every §5.1 message at once, nothing sent.
        await signInAsCoordinator(ctx);
        await page.getByRole('link', { name: 'Create Referral' }).first().click();
        await expectPath(page, '/create-referral');
        await expectVisible(page.getByRole('heading', { name: 'Create New Referral' }), 'the referral form');
        await page.getByRole('button', { name: 'Submit Referral' }).click();
        await expectVisible(
          page.getByText(/^Please fix \d+ errors before submitting\.$/),
          'the error summary',
        );
        for (const message of [
          'First name is required.',
          'Medicaid ID is required.',
          'Availability is required.',
        ])
          await expectVisible(page.getByText(message, { exact: true }), `'${message}'`);
        await expectPath(page, '/create-referral');

        // Then a complete one, for manual selection: with the matching engine it would be auto-matched to the
        // providers near downtown at once (issue #14 item 8) and never reach the live feed, which shows Pending
        // referrals (000 §4.3). Manual selection routes it to the finder.
        await fillReferral(page, member);
        await page.getByRole('radio', { name: /Manual selection/ }).check();
        const created = page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/referrals',
        );
        await page.getByRole('button', { name: 'Submit Referral' }).click();
        const response = await created;
        const createdAt = Date.now();
        if (response.status() !== 201) throw new Error(`creating the referral answered ${response.status()}`);
        const referral = (await response.json()) as { id: number; referral_number: string };
        const number = referral.referral_number;

        // Live: on both feeds within a second of the server's answer, without a reload.
        await Promise.all([
          expectVisible(
            feedCard(cbo.page, number),
            `the new referral on the provider's feed`,
            LIVE_WITHIN_MS,
          ),
          expectVisible(
            feedCard(visitor.page, number),
            `the new referral on the signed-out feed`,
            LIVE_WITHIN_MS,
          ),
        ]);
        const liveMs = Date.now() - createdAt;
        // The visitor sees initials and the last four of the ID; the full values never reached the browser.
        const masked = feedCard(visitor.page, number);
        await expectVisible(
          masked.getByText('J. O.', { exact: true }),
          'the initials on the signed-out card',
        );
        const visitorText = await visitor.page.content();
        if (visitorText.includes(member.last) || visitorText.includes(member.medicaidId))
          throw new Error('the signed-out feed holds the full member name or Medicaid ID');
        const openFeedBody = await (await visitor.page.request.get('/api/live-feed')).text();
        if (openFeedBody.includes(member.last) || openFeedBody.includes(member.medicaidId))
          throw new Error(
            'GET /api/live-feed without a session returned the full member name or Medicaid ID',
          );
        // Issue #12 minimum necessary: the community organization did not refer the member, so its card is the
        // claim card (initials, age band, availability, needs), with no name or ID in the page or the API answer.
        const claimCard = feedCard(cbo.page, number);
        await expectVisible(claimCard.getByText('J. O.', { exact: true }), 'the initials on the claim card');
        await expectVisible(claimCard.getByText('26–44', { exact: true }), 'the age band on the claim card');
        await expectVisible(
          claimCard.getByText('Weekdays 9am-5pm', { exact: true }),
          'the availability on the claim card',
        );
        const cboText = await cbo.page.content();
        // The answer the browser itself gets on a reload (with whatever credentials it holds).
        const cboFeed = cbo.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live-feed');
        await cbo.page.reload();
        const cboFeedBody = await (await cboFeed).text();
        await expectVisible(claimCard.getByText('J. O.', { exact: true }), 'the claim card after a reload');
        for (const [where, text] of [
          ['page', cboText],
          ['GET /api/live-feed answer', cboFeedBody],
        ] as const) {
          for (const value of [member.last, member.medicaidId, '1984-06-12'])
            if (text.includes(value))
              throw new Error(`the other organization's feed ${where} holds ${value} of the member`);
        }

        // The coordinator's queue holds it (searched on the server).
        await expectPath(page, '/finder');
        await page.goto('/queue');
        await page.getByRole('searchbox', { name: 'Search' }).fill(member.last);
        await expectVisible(page.getByText(fullName).first(), 'the new referral in the queue');
        // The referring organization reads its own referral's card in full.
        await page.goto('/livefeed');
        await expectVisible(
          feedCard(page, number).getByText(fullName, { exact: true }),
          "the full name on the referring organization's card",
        );
        await expectVisible(
          feedCard(page, number).getByText(member.medicaidId, { exact: true }),
          "the Medicaid ID on the referring organization's card",
        );

        // The community organization claims it: confirmation, then 'Referral Accepted' opens the workspace.
        await feedCard(cbo.page, number)
          .getByRole('button', { name: `Accept referral #${number}` })
          .click();
        const confirm = cbo.page.getByRole('dialog', { name: 'Accept this referral?' });
        await confirm.getByRole('button', { name: 'Accept Referral' }).click();
        const accepted = cbo.page.getByRole('dialog', { name: 'Referral Accepted' });
        // Claiming reveals the full record to the claiming organization.
        await expectVisible(accepted.getByText(fullName, { exact: false }), 'the full name once claimed');
        await accepted.getByRole('button', { name: 'Open Case Workspace' }).click();
        await expectPath(cbo.page, `/workspace/${referral.id}`);
        // Claimed cards leave every other feed.
        await expectHidden(
          feedCard(visitor.page, number),
          'the claimed referral on the signed-out feed',
          2_000,
        );

        // The coordinator's workspace timeline shows the claim.
        await page.goto(`/workspace/${referral.id}`);
        await expectVisible(page.getByText(`Claimed by ${CBO.organization}`), 'the claim on the timeline');

        // The provider's organization accepts in the Provider Response panel; the server emails the details.
        await expectVisible(cbo.page.getByText('Provider Response Required').first(), 'the response panel');
        await cbo.page.getByRole('button', { name: 'Accept', exact: true }).click();
        await cbo.page
          .getByRole('dialog', { name: 'Accept referral' })
          .getByRole('button', { name: 'Accept', exact: true })
          .click();
        await expectVisible(cbo.page.getByText(/accepted this referral/i).first(), 'the accepted banner');
        const emailId = await findInOutbox(
          cbo.page,
          password,
          'email',
          (m) => (m.category === 'referral_phi' && m.subject?.includes(number) ? String(m.id) : undefined),
          `the PHI email for referral ${number}`,
        );
        const email = await readOutboxMessage(cbo.page, password, Number(emailId));
        for (const expected of [fullName, member.medicaidId, 'NEXT STEPS'])
          if (!email.body_text.includes(expected))
            throw new Error(`the PHI email does not contain ${expected}`);
        await findInOutbox(
          cbo.page,
          password,
          'sms',
          (m) =>
            m.to.replace(/\D/g, '').endsWith(member.phone) && m.body_text.includes(number) ? 'y' : undefined,
          `the member's SMS about referral ${number}`,
        );

        // Back with the coordinator: the acceptance is on the timeline (live), then a note and a document.
        await expectVisible(
          page.getByText('Provider Accepted Referral').first(),
          'the acceptance on the timeline',
        );
        await page.getByRole('tab', { name: /Notes/ }).click();
        const note = `Called the member; food bank visit set for Tuesday (${member.last}).`;
        await page.getByRole('textbox', { name: 'New note' }).click();
        await page.keyboard.type(note);
        await page.getByRole('button', { name: 'Add Note' }).click();
        await expectVisible(
          page.getByRole('list', { name: 'Note History' }).getByText(note),
          'the note in the Note History',
        );

        await page.getByRole('tab', { name: /Documents/ }).click();
        const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048), Buffer.from('\n%%EOF\n')]);
        const filename = `intake-${member.last}.pdf`;
        await page
          .getByLabel('Choose a document to upload')
          .setInputFiles({ name: filename, mimeType: 'application/pdf', buffer: bytes });
        await expectVisible(
          page.getByRole('button', { name: `Download ${filename}` }),
          'the uploaded document',
        );
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: `Download ${filename}` }).click();
        const saved = await (await download).path();
        if (!saved || !fs.readFileSync(saved).equals(bytes))
          throw new Error('the downloaded document differs from the uploaded one');
        await page.getByRole('tab', { name: /Timeline/ }).click();
        await expectVisible(page.getByText('Case Note Added').first(), 'the note on the timeline');
        console.log(`      (new referral on both feeds ${liveMs} ms after the server's answer)`);
      } finally {
        await Promise.all([visitor.close(), cbo.close()]);
      }
    },
  },
];

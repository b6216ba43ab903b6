import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiClient, expectHidden, expectVisible, openBrowser } from '../lib/browser.ts';
import { openOutboxMessage } from '../lib/outbox.ts';
import { signInAs, signInAsCoordinator } from '../lib/sign-in.ts';
import type { Journey, JourneyContext } from './types.ts';

// Issue 6 "Done when": a coordinator texts a provider about a referral and the provider's "YES <number>" reply,
// typed as the provider in the outbox, appears in the open SMS panel within a second and accepts the referral;
// an email with a template and an attachment goes out and the provider's reply threads onto it; a call is
// placed and shows in Recent; a voicemail is played and becomes read, and one left with spoken words and no
// transcription gets the server's (issue #19); a web form served on loopback is filled and submitted with both
// screenshots shown. The scene (a provider, a referral) is set through the API; every step the journey is about
// goes through the screens.

const ADMIN = 'admin@trust.demo';

type Scene = { token: string; providerId: number; providerName: string; phone: string; email: string };
type Referral = { id: number; referral_number: string; first_name: string };

async function apiToken(page: Page, email: string, password: string): Promise<string> {
  // Not page.request: the session cookie of this sign-in would sign the page in as this user.
  const res = await (await apiClient(page)).post('/auth/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`sign-in of ${email} for set-up failed: ${res.status()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Four random digits for a fictional 555-01XX-style number and unique names. */
const tag = () => String(parseInt(randomBytes(2).toString('hex'), 16) % 10_000).padStart(4, '0');

/** A provider of the coordinator's own (Add New Provider), with a phone, an email and maybe a website. */
async function newProvider(page: Page, password: string, website?: string): Promise<Scene> {
  const token = await apiToken(page, 'coordinator@trust.demo', password);
  const t = tag();
  const phone = `(312) 555-${t}`;
  const email = `intake${t}@journey-pantry.example`;
  const providerName = `Journey Pantry ${t}`;
  const res = await page.request.post('/api/saved-providers', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      organization_name: providerName,
      organization_type: 'Food Bank',
      street_address: '100 W Randolph St',
      city: 'Chicago',
      state: 'IL',
      zip_code: '60601',
      primary_phone: phone,
      primary_email: email,
      ...(website ? { website } : {}),
      services: ['Food Assistance'],
      languages_spoken: ['English', 'Spanish'],
    },
  });
  if (res.status() !== 201)
    throw new Error(`adding a provider answered ${res.status()}: ${await res.text()}`);
  const providerId = ((await res.json()) as { provider_id: number }).provider_id;
  return { token, providerId, providerName, phone, email };
}

/**
 * Issue #12: a provider added by hand is private and its web form is never opened until a platform operator
 * verifies it; the operator does that here through the API.
 */
async function verifyAsOperator(page: Page, password: string, providerId: number): Promise<void> {
  const token = await apiToken(page, ADMIN, password);
  const res = await page.request.post(`/api/providers/${providerId}/verify`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status() !== 200)
    throw new Error(`verifying the provider answered ${res.status()}: ${await res.text()}`);
}

async function newReferral(page: Page, token: string, firstName = 'Journey'): Promise<Referral> {
  const res = await page.request.post('/api/referrals', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      first_name: firstName,
      last_name: 'Communications',
      phone_number: '3125550148',
      email: 'journey.member@example.test',
      date_of_birth: '1981-06-14',
      zip_code: '60601',
      street_address: '50 W Washington St',
      city: 'Chicago',
      state: 'IL',
      medicaid_id: `IL${String(parseInt(randomBytes(4).toString('hex'), 16))
        .padStart(9, '7')
        .slice(0, 9)}`,
      health_plan: 'Health Net',
      provider_name: 'Dr. Priya Natarajan',
      npi_number: '1902837465',
      organization: 'Eastside Medical Group',
      provider_phone_number: '3125550190',
      primary_diagnosis: 'Type 2 diabetes (E11.9)',
      availability: 'Weekdays 9am-5pm',
      // Issue #14: kept as chosen; the email below names it so, not as the spec's Urgent.
      urgency: 'Within 1 Week',
      sdoh_needs: ['Food Assistance'],
      member_consent_obtained: true,
      use_matching_engine: false,
    },
  });
  if (res.status() !== 201)
    throw new Error(`creating a referral answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as Referral;
}

/** Manual match by SMS (001 §2.3): the referral goes to the provider's phone and a thread with it begins. */
async function matchBySms(page: Page, scene: Scene, referral: Referral) {
  const res = await page.request.put(`/api/referrals/${referral.id}/match`, {
    headers: { authorization: `Bearer ${scene.token}` },
    data: {
      provider_id: scene.providerId,
      provider_name: scene.providerName,
      provider_organization: scene.providerName,
      communication_method: 'phone',
    },
  });
  if (!res.ok()) throw new Error(`matching answered ${res.status()}: ${await res.text()}`);
}

/** The system administrator's own browser, on the outbox, where the provider's part is played. */
async function openOutbox(ctx: JourneyContext) {
  const admin = await openBrowser(ctx.baseURL);
  await signInAs(admin.page, ADMIN, ctx.password);
  return admin;
}

async function openProviderTab(page: Page, scene: Scene, tab: 'SMS' | 'Email' | 'Web Form' | 'Phone') {
  await page.goto(`/provider-communications/${scene.providerId}`);
  await expectVisible(
    page.getByRole('heading', { name: scene.providerName }),
    'the provider communications screen',
  );
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
}

/** What the provider says in the spoken voicemail (issue #19): words pocketsphinx gets mostly right. */
const SPOKEN = 'my name is maria garcia and i need help with food and housing';

/** The outbox's "Leave a voicemail" as the provider's number: an audio file, maybe a typed transcription. */
async function leaveVoicemail(
  page: Page,
  scene: Scene,
  input: { audio: string | { name: string; mimeType: string; buffer: Buffer }; transcription?: string },
) {
  await page.goto('/outbox');
  await page.getByRole('button', { name: 'Leave a voicemail' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'From number' }).fill(scene.phone);
  await dialog.locator('input[type=file]').setInputFiles(input.audio);
  if (input.transcription) {
    await dialog.getByRole('textbox', { name: 'Transcription (optional)' }).fill(input.transcription);
  }
  await dialog
    .getByRole('button', { name: /Leave (the )?voicemail/ })
    .last()
    .click();
  await expectVisible(dialog.getByText(scene.providerName), 'the voicemail filed under the provider');
}

/** A one-second 440 Hz tone as 8 kHz 16-bit mono WAV: the voicemail's audio. */
function toneWav(): Buffer {
  const rate = 8000;
  const samples = rate;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A provider's intake form served on loopback; it records what it receives. */
async function startIntakeForm() {
  const received: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        received.push(new URLSearchParams(body));
        res.setHeader('content-type', 'text/html');
        res.end('<!doctype html><title>Thank you</title><h1>Thank you! Your referral was received.</h1>');
      });
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>Community Pantry Intake</title>
      <h1>Client referral intake</h1>
      <form method="post" action="/submit">
        <label>First name <input name="first_name" required></label>
        <label>Last name <input name="last_name" required></label>
        <label>Phone number <input name="phone" type="tel"></label>
        <label>Date of birth <input name="dob"></label>
        <label>ZIP code <input name="zip"></label>
        <label>How can we help? <textarea name="message"></textarea></label>
        <button type="submit">Send referral</button>
      </form>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const COMMUNICATIONS_JOURNEYS: Journey[] = [
  {
    name: 'sms-reply-accepts',
    title:
      'a coordinator texts a provider about a referral; the provider’s "YES <number>" typed in the outbox appears in the open SMS panel within a second and the referral is Accepted',
    run: async (ctx) => {
      const { page } = ctx;
      const scene = await newProvider(page, ctx.password);
      const referral = await newReferral(page, scene.token);
      await matchBySms(page, scene, referral);

      await signInAsCoordinator(ctx);
      await openProviderTab(page, scene, 'SMS');
      const threads = page.getByRole('list', { name: 'SMS conversations' });
      await threads.getByRole('button', { name: `Open Referral #${referral.referral_number}` }).click();
      const panel = page.getByRole('region', { name: 'SMS Conversation' });
      await expectVisible(
        panel.getByText(`new referral #${referral.referral_number}`),
        'the referral text in the thread',
      );
      await panel
        .getByRole('textbox', { name: 'SMS message' })
        .fill(
          `Hi, can you take ${referral.first_name} this week? Reply YES ${referral.referral_number} to accept.`,
        );
      await panel.getByRole('textbox', { name: 'SMS message' }).press('Enter');
      await expectVisible(
        panel.getByLabel('Sent message').filter({ hasText: 'can you take' }),
        'the sent bubble',
      );

      const admin = await openOutbox(ctx);
      try {
        const last4 = scene.phone.slice(-4);
        const dialog = await openOutboxMessage(admin.page, 'SMS', new RegExp(`Open message to .*${last4}`));
        await dialog.getByRole('textbox', { name: 'Reply text' }).fill(`YES ${referral.referral_number}`);
        await dialog.getByRole('button', { name: 'Send reply as the provider' }).click();
        await expectVisible(
          dialog.getByText(/What the reply did: Accepted referral/),
          'the reply accepting the referral',
        );
        const answeredAt = Date.now();
        // 001 §2.12 over Server-Sent Events: the reply is in the open panel within a second.
        await expectVisible(
          panel.getByLabel('Received message').filter({ hasText: `YES ${referral.referral_number}` }),
          'the provider’s reply in the open SMS panel within a second',
          1_000,
        );
        console.log(
          `      the reply reached the open panel ${Date.now() - answeredAt} ms after the outbox answered`,
        );
      } finally {
        await admin.close();
      }
      // The confirmation texted back lands in the thread too, and the referral is Accepted.
      await expectVisible(
        panel.getByLabel('Sent message').filter({ hasText: /accepted/i }),
        'the confirmation SMS',
      );
      await page.goto(`/queue/${referral.id}`);
      await expectVisible(page.getByText('Accepted', { exact: true }), 'the referral shown as Accepted');
    },
  },
  {
    name: 'email-template-attachment-reply',
    title: 'an email with a template and an attachment is sent to the provider and its reply threads onto it',
    run: async (ctx) => {
      const { page } = ctx;
      const scene = await newProvider(page, ctx.password);
      const referral = await newReferral(page, scene.token, 'Marisol');

      await signInAsCoordinator(ctx);
      await openProviderTab(page, scene, 'Email');
      await page.getByRole('button', { name: 'Start New' }).click();
      const form = page.getByRole('form', { name: 'New email' });
      await form.getByRole('combobox', { name: 'Referral' }).fill(referral.referral_number);
      await page.getByRole('option', { name: new RegExp(referral.referral_number) }).click();
      await form.getByRole('textbox', { name: 'Subject' }).fill(`Referral #${referral.referral_number}`);
      await form.getByRole('textbox', { name: 'Message' }).fill('We would like to refer a member to you.');
      await form.getByRole('button', { name: 'Send Email' }).click();
      await expectVisible(page.getByText('Message sent successfully!'), 'the first email sent');

      // The new thread opens by itself; in it, an email from a template with an attachment.
      const panel = page.getByRole('region', { name: 'Email Conversation' });
      await expectVisible(panel, 'the email conversation opened after the first email');
      const composer = panel.getByRole('form', { name: 'Send email' });
      await composer.getByRole('combobox', { name: 'Template' }).selectOption({
        label: 'Detailed referral with follow-up (detailed)',
      });
      await expectVisible(composer.getByRole('textbox', { name: 'Subject' }), 'the subject');
      const subject = await composer.getByRole('textbox', { name: 'Subject' }).inputValue();
      if (!subject.includes(referral.referral_number)) {
        throw new Error(`the template's subject does not name the referral: ${subject}`);
      }
      await composer.locator('input[type=file]').setInputFiles({
        name: 'care-plan.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n% care plan for the journey\n%%EOF\n'),
      });
      await composer.getByRole('button', { name: 'Send Email' }).click();
      // Placeholders the browser could not fill (the urgency) are filled by the server from the whole referral.
      const sent = panel.getByLabel(
        new RegExp(`^Sent email: Referral #${referral.referral_number} \\(Within 1 Week\\): details`),
      );
      await expectVisible(sent, 'the template email in the thread');
      await expectVisible(sent.getByText('care-plan.pdf'), 'its attachment');

      const admin = await openOutbox(ctx);
      try {
        const dialog = await openOutboxMessage(
          admin.page,
          'Email',
          new RegExp(`Open message to ${scene.email}.*details and follow-up`),
        );
        await dialog
          .getByRole('textbox', { name: 'Reply text' })
          .fill('Yes, we can see her on Thursday at 10.');
        await dialog.getByRole('button', { name: 'Send reply as the provider' }).click();
        await expectVisible(dialog.getByText(/Threaded onto/), 'the reply threaded');
      } finally {
        await admin.close();
      }
      await expectVisible(
        panel.getByLabel(/^Received email/).filter({ hasText: 'Thursday at 10' }),
        'the provider’s reply in the email conversation',
      );
    },
  },
  {
    name: 'call-appears-in-recent',
    title: 'a call to the provider is placed and shows in Recent, ringing then completed',
    run: async (ctx) => {
      const { page } = ctx;
      const scene = await newProvider(page, ctx.password);
      await signInAsCoordinator(ctx);
      await openProviderTab(page, scene, 'Phone');
      const phone = page.getByRole('region', { name: `Phone for ${scene.providerName}` });
      await phone.getByRole('tab', { name: 'Contacts' }).click();
      await phone.getByRole('button', { name: /^Call Main Phone/ }).click();
      await expectVisible(phone.getByLabel('Active call'), 'the active-call banner');
      // The view switches to Recent; the local driver rings, answers and ends the call.
      const recent = phone.getByRole('list', { name: 'Recent calls' });
      await expectVisible(recent, 'the Recent tab');
      const call = recent.getByRole('listitem').first();
      await expectVisible(call.getByText(/^To \(312\) 555-/), 'the call in Recent');
      await expectVisible(call.getByText(/^completed$/i), 'the call completed', 15_000);
    },
  },
  {
    name: 'voicemail-played-becomes-read',
    title: 'a voicemail left as the provider is played in the phone view and becomes read',
    run: async (ctx) => {
      const { page } = ctx;
      const scene = await newProvider(page, ctx.password);
      // A thread with the provider's number, so its voicemail is the coordinator's organization's.
      const referral = await newReferral(page, scene.token, 'Tomasz');
      await matchBySms(page, scene, referral);

      const admin = await openOutbox(ctx);
      try {
        await leaveVoicemail(admin.page, scene, {
          audio: { name: 'voicemail.wav', mimeType: 'audio/wav', buffer: toneWav() },
          transcription: `Calling back about referral ${referral.referral_number}, we have room.`,
        });
      } finally {
        await admin.close();
      }

      await signInAsCoordinator(ctx);
      await openProviderTab(page, scene, 'Phone');
      const phone = page.getByRole('region', { name: `Phone for ${scene.providerName}` });
      await phone.getByRole('tab', { name: /Voicemail/ }).click();
      const item = phone.getByRole('listitem', { name: /Voicemail from/ }).first();
      await expectVisible(item.getByText('NEW', { exact: true }), 'the new voicemail');
      await expectVisible(item.getByText('we have room'), 'its transcription');
      await item.getByRole('button', { name: /^Play voicemail from/ }).click();
      await expectVisible(
        item.getByRole('button', { name: /^Pause voicemail from/ }),
        'the voicemail playing',
      );
      await expectHidden(item.getByText('NEW', { exact: true }), 'the NEW tag after the first play', 10_000);
      await expectHidden(phone.getByText(/\d+ new/), 'the new count after the first play');

      // Issue #19 item 6: a voicemail left with spoken words and no typed transcription is transcribed by the
      // server's speech to text (a job); the open list shows it, then its words, without a reload.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-e2e-voicemail-'));
      const spokenAdmin = await openOutbox(ctx);
      try {
        const file = path.join(dir, 'spoken.wav');
        // The sentence, voice and pace the server's speech tests measure Debian's pocketsphinx with.
        execFileSync('espeak-ng', ['-v', 'en-us+klatt', '-s', '160', '-w', file, SPOKEN]);
        await leaveVoicemail(spokenAdmin.page, scene, { audio: file });
      } finally {
        await spokenAdmin.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
      await expectVisible(phone.getByText('1 new'), 'the spoken voicemail arriving in the open list', 30_000);
      const spoken = phone.getByRole('listitem', { name: /Voicemail from/ }).first();
      await expectVisible(spoken.getByText('NEW', { exact: true }), 'the spoken voicemail first');
      await expectVisible(spoken.getByText(/need help/i), 'its transcription by the server', 60_000);
      await expectVisible(spoken.getByText('Transcription', { exact: true }), 'the transcription block');
    },
    // The server's transcription of the second voicemail comes from a job (pocketsphinx: seconds).
    timeoutMs: 180_000,
  },
  {
    name: 'web-form-submitted',
    title: 'the provider’s web form served on loopback is filled and submitted, with both screenshots shown',
    run: async (ctx) => {
      const { page } = ctx;
      const form = await startIntakeForm();
      try {
        const scene = await newProvider(page, ctx.password, form.url);
        await verifyAsOperator(page, ctx.password, scene.providerId);
        const referral = await newReferral(page, scene.token, 'Ximena');
        await signInAsCoordinator(ctx);
        await openProviderTab(page, scene, 'Web Form');
        await page.getByRole('combobox', { name: 'Referral' }).fill(referral.referral_number);
        await page.getByRole('option', { name: new RegExp(referral.referral_number) }).click();
        await page.getByRole('button', { name: 'Submit Web Form' }).click();
        const result = page.getByRole('region', { name: 'Submission result' });
        await expectVisible(
          result.getByText('Form submitted successfully!'),
          'the submission result',
          60_000,
        );
        await expectVisible(
          result.getByRole('img', { name: 'Form before filling' }),
          'the screenshot before',
        );
        await expectVisible(result.getByRole('img', { name: 'Form after filling' }), 'the screenshot after');
        const posted = form.received.at(-1);
        if (posted?.get('first_name') !== 'Ximena' || posted.get('last_name') !== 'Communications') {
          throw new Error(`the form received ${posted ? posted.toString() : 'nothing'}`);
        }
      } finally {
        await form.close();
      }
    },
  },
];

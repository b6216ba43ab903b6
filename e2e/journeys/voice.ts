import type { Page } from 'playwright-core';
import { expectPath, expectVisible, openBrowser } from '../lib/browser.ts';
import { signInAs } from '../lib/sign-in.ts';
import { spokenWav } from '../lib/speech.ts';
import { fillReferral, newMember } from './referrals.ts';
import type { Journey } from './types.ts';

// Issue #19: a voice referral and a voice note spoken into Chromium's fake microphone (an espeak-ng WAV, looped),
// transcribed by the server's built-in engine (Debian pocketsphinx), as a coordinator would use them.

const COORDINATOR = 'coordinator@trust.demo';
/** What the member's coordinator says at every stage: the words pocketsphinx hears well in espeak-ng's voice. */
const SPOKEN = 'She needs mental health support. It is an emergency.';
const STAGES = 7;
/** A transcription of a few seconds of speech takes about as long again on this machine's two cores. */
const TRANSCRIBED_WITHIN_MS = 60_000;

function extracted(page: Page) {
  return page.getByRole('list', { name: 'Extracted Information' });
}

export const VOICE_JOURNEYS: Journey[] = [
  {
    name: 'voice-referral',
    title:
      'speaks a referral through all seven stages (fake microphone, server transcription), sees the extracted fields with their confidence, Submit Referral Now fills the form, the referral is created linked to its conversation; then records a voice note that is transcribed and kept with its audio',
    timeoutMs: 300_000,
    run: async ({ password, baseURL }) => {
      const wav = spokenWav(SPOKEN);
      const browser = await openBrowser(baseURL, { fakeMicrophoneWav: wav });
      const { page } = browser;
      try {
        await signInAs(page, COORDINATOR, password);
        await page.goto('/create-referral');
        await expectVisible(page.getByRole('heading', { name: 'Create New Referral' }), 'the referral form');
        await page.getByRole('tab', { name: 'Voice Referral' }).click();
        await expectVisible(page.getByText('Stage 1 of 7'), 'stage 1 of 7');

        await page.getByRole('button', { name: 'Start Speaking' }).click();
        // The language is locked while recording (000 §4.4).
        if (await page.getByRole('combobox', { name: 'Language' }).isEnabled())
          throw new Error('the language can be changed while recording');
        // Stage 1 (intro): the need is heard, but belongs to the clinical stage: medium confidence.
        await expectVisible(
          extracted(page)
            .getByRole('listitem')
            .filter({ hasText: /Mental Health Support/ }),
          'the need extracted at stage 1',
          TRANSCRIBED_WITHIN_MS,
        );
        await expectVisible(
          extracted(page)
            .getByRole('listitem')
            .filter({ hasText: /Mental Health Support/ })
            .getByText('medium'),
          'its medium confidence outside its stage',
        );
        const transcript = page.getByRole('region', { name: 'Live transcript' });
        await expectVisible(transcript.getByText(/mental health/i).first(), 'the live transcript');

        for (let stage = 2; stage <= STAGES; stage++) {
          await page.getByRole('button', { name: 'Next Stage' }).click();
          await expectVisible(page.getByText(`Stage ${stage} of 7`), `stage ${stage} of 7`);
          if (stage === 5) {
            // The clinical stage hears the need again: now its own field, high confidence, replacing medium.
            await expectVisible(
              extracted(page)
                .getByRole('listitem')
                .filter({ hasText: /Mental Health Support/ })
                .getByText('high'),
              'the need at high confidence in the clinical stage',
              TRANSCRIBED_WITHIN_MS,
            );
            await expectVisible(
              extracted(page)
                .getByRole('listitem')
                .filter({ hasText: /Immediate/ }),
              'the urgency heard as Immediate',
              TRANSCRIBED_WITHIN_MS,
            );
          }
        }
        await expectVisible(page.getByRole('button', { name: 'Complete' }), 'Complete on the last stage');
        await page.getByRole('button', { name: 'Stop' }).click();

        // Submit Referral Now: the Text Input form, filled with what was heard.
        await page.getByRole('button', { name: 'Submit Referral Now' }).click();
        await expectVisible(
          page.getByRole('tab', { name: 'Text Input', selected: true }),
          'the Text Input tab',
        );
        if (!(await page.getByRole('checkbox', { name: 'Mental Health Support' }).isChecked()))
          throw new Error('Mental Health Support was not ticked from the voice data');

        // What the voice did not give is typed; every rule of the manual form applies on submit.
        const member = newMember();
        await fillReferral(page, member);
        await page.getByRole('radio', { name: /Manual selection/ }).check();
        const created = page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/referrals',
        );
        await page.getByRole('button', { name: 'Submit Referral' }).click();
        const response = await created;
        if (response.status() !== 201) throw new Error(`creating the referral answered ${response.status()}`);
        const sent = response.request().postDataJSON() as {
          voice_conversation_id?: number;
          sdoh_needs: string[];
        };
        if (!sent.voice_conversation_id)
          throw new Error('the referral was not sent with its voice conversation');
        if (!sent.sdoh_needs.includes('Mental Health Support'))
          throw new Error('the voice need was not sent');
        const referral = (await response.json()) as { id: number };
        const conversation = await page.request.get(`/api/voice-conversations/${sent.voice_conversation_id}`);
        const saved = (await conversation.json()) as { referral_id: number | null; fields: unknown[] };
        if (saved.referral_id !== referral.id) throw new Error('the conversation does not name the referral');
        if (saved.fields.length === 0) throw new Error('no extracted field entry was saved');

        // A voice note on the referral, recorded the same way.
        await page.goto(`/workspace/${referral.id}`);
        await page.getByRole('tab', { name: /Notes/ }).click();
        await page.getByRole('tab', { name: 'Voice Note' }).click();
        await page.getByRole('button', { name: 'Start Recording' }).click();
        await page.waitForTimeout(5_000);
        await page.getByRole('button', { name: 'Stop' }).click();
        const history = page.getByRole('list', { name: 'Note History' });
        await expectVisible(
          history.getByRole('listitem').filter({ hasText: /mental health|emergency|needs/i }),
          'the transcribed voice note in the Note History',
          TRANSCRIBED_WITHIN_MS,
        );
        await expectPath(page, `/workspace/${referral.id}`);
      } catch (error) {
        // The harness photographs its own page; this journey's browser is another one.
        await page
          .screenshot({ path: '.artifacts/voice-referral-microphone.png', fullPage: true })
          .catch(() => {});
        throw error;
      } finally {
        await browser.close();
      }
    },
  },
];

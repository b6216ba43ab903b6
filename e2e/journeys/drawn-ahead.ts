import type { Page } from 'playwright-core';
import { expectPath, expectVisible } from '../lib/browser.ts';
import { signInAsCoordinator } from '../lib/sign-in.ts';
import type { Journey } from './types.ts';

// Issue #13 "fast on a phone": the server sends a visitor's first screens drawn ahead at build time
// (apps/web/prerender.ts) and the app adopts the drawing instead of drawing the page again; nobody else ever
// sees the visitor's drawing.

const MASKED_NOTICE = 'You are viewing a masked feed';

/** Records, from before the page's first script, whether the masked-feed notice was ever on screen. */
async function watchForMaskedNotice(page: Page) {
  await page.addInitScript((notice: string) => {
    const w = window as unknown as { __noticeSeen?: boolean };
    const check = () => {
      for (const el of Array.from(document.querySelectorAll('span'))) {
        if (el.textContent === notice && (el as HTMLElement).offsetParent !== null) w.__noticeSeen = true;
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true });
    document.addEventListener('DOMContentLoaded', check);
  }, MASKED_NOTICE);
}

/**
 * What the reader sees before the app runs is the drawing alone: with no script at all it must already be in the
 * theme's colours (the masked-feed notice on its blue, the Login button filled), not bare text.
 */
async function expectDrawingStyledWithoutScripts(page: Page, baseURL: string) {
  const browser = page.context().browser();
  if (!browser) throw new Error('No browser to open a page without scripts');
  const bare = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  try {
    const drawn = await bare.newPage();
    await drawn.goto('/livefeed');
    // No helper functions inside: the page runs this text as it is.
    const colours = await drawn.evaluate(() => {
      const notice = Array.from(document.querySelectorAll('.mantine-Alert-root')).find(
        (el) => (el as HTMLElement).offsetParent !== null,
      );
      const login = Array.from(document.querySelectorAll('header button')).find(
        (el) => (el as HTMLElement).offsetParent !== null && el.textContent === 'Login',
      );
      return {
        notice: notice ? getComputedStyle(notice).backgroundColor : null,
        login: login ? getComputedStyle(login).backgroundColor : null,
      };
    });
    for (const [what, colour] of Object.entries(colours)) {
      if (!colour || colour === 'rgba(0, 0, 0, 0)') {
        throw new Error(`Before the app runs, the drawn ${what} has no colour of its own (${colour})`);
      }
    }
  } finally {
    await bare.close();
  }
}

export const DRAWN_AHEAD_JOURNEYS: Journey[] = [
  {
    name: 'livefeed-drawn-ahead',
    title: "a visitor's phone gets /livefeed drawn in the page, and the app adopts that drawing as its own",
    run: async ({ page, baseURL }) => {
      const html = await (await page.request.get('/livefeed')).text();
      for (const text of ['Live Referral Feed', MASKED_NOTICE, 'Connecting…']) {
        if (!html.includes(text)) throw new Error(`The page sent for /livefeed does not hold "${text}"`);
      }
      await expectDrawingStyledWithoutScripts(page, baseURL);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.setViewportSize({ width: 390, height: 844 });
      // The heading as first parsed, before any script of the app has run.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const w = window as unknown as { __drawnHeading?: Element };
          w.__drawnHeading = Array.from(document.querySelectorAll('h2')).find(
            (h) => (h as HTMLElement).offsetParent !== null,
          );
        });
      });
      // `/` on a phone starts on livefeed (003 §2.1), drawn too.
      await page.goto('/');
      await expectPath(page, '/livefeed');
      // The app is running: the clock ticks and the cards are there.
      // (The drawing holds the clock's room but no time: `datetime` comes with the app.)
      await page.waitForFunction(
        () => document.querySelector('[data-testid="live-clock"]')?.hasAttribute('datetime') === true,
      );
      await expectVisible(page.getByRole('button', { name: 'Login / Sign Up' }).nth(1), 'a masked card');
      const adopted = await page.evaluate(() => {
        const w = window as unknown as { __drawnHeading?: Element };
        return w.__drawnHeading !== undefined && w.__drawnHeading === document.querySelector('h2');
      });
      if (!adopted) throw new Error('The app drew the page again instead of adopting the drawn one');
      if (errors.length) throw new Error(`The page reported errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'signed-in-never-sees-visitor-drawing',
    title: "a signed-in user opening /livefeed never sees the visitor's drawing (the masked-feed notice)",
    run: async (ctx) => {
      const { page } = ctx;
      await signInAsCoordinator(ctx);
      await watchForMaskedNotice(page);
      await page.goto('/livefeed');
      await expectVisible(
        page.getByRole('heading', { name: 'Live Referral Feed', exact: true }),
        'the Live Referral Feed',
      );
      await page.waitForTimeout(1000);
      const seen = await page.evaluate(() => (window as unknown as { __noticeSeen?: boolean }).__noticeSeen);
      if (seen) throw new Error("A signed-in user was shown the visitor's masked-feed notice");
    },
  },
];

import type { Locator, Page } from 'playwright-core';
import { expectVisible } from '../lib/browser.ts';
import { REGISTRY_POPULATION } from '../lib/registry.ts';
import { signInAs } from '../lib/sign-in.ts';
import type { Journey } from './types.ts';

// Issue #18 "Done when": a batch import of two states from the loopback registry (e2e/lib/registry.ts), its
// progress watched, one job cancelled, the other completed and its providers in the directory; two schedules
// with a dependency; the first run by hand, the second runs after it; the Analytics tab shows both runs.

const OPERATOR_EMAIL = 'admin@trust.demo';
const FIRST = 'Washington family medicine';
const SECOND = 'Arizona family medicine';

/** Picks states in a Mantine MultiSelect: clears it, then types each and chooses its option. */
async function chooseStates(page: Page, field: Locator, states: string[]) {
  for (const state of states) {
    await field.fill(state);
    await page.getByRole('option', { name: state, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

/** The active job card of one state (its text names the states it imports). */
function activeJob(page: Page, state: string) {
  return page
    .getByRole('region', { name: 'Active jobs' })
    .getByRole('article', { name: new RegExp(`^Job \\w+, ${state}$`) });
}

/** The recent jobs' row of one state's job, in a given status. */
function recentJob(page: Page, state: string, status: string) {
  return page
    .getByRole('table', { name: 'Recent import jobs' })
    .getByRole('row')
    .filter({ hasText: state })
    .filter({ hasText: status });
}

async function toast(page: Page, text: string) {
  await expectVisible(page.getByText(text, { exact: true }).first(), `the message "${text}"`);
}

async function createSchedule(page: Page, name: string, state: string) {
  await page.getByRole('button', { name: 'New schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New schedule' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  // The form starts with CA (002 §5 default): take it out, choose the schedule's state.
  const states = dialog.getByRole('combobox', { name: 'States' });
  await states.focus();
  await page.keyboard.press('Backspace');
  await chooseStates(page, states, [state]);
  await dialog.getByRole('textbox', { name: 'Providers per run' }).fill('100');
  await dialog.getByRole('button', { name: 'Create schedule' }).click();
  await toast(page, 'Schedule created successfully!');
  await expectVisible(
    page.getByRole('table', { name: 'Import schedules' }).getByRole('row').filter({ hasText: name }),
    `the schedule ${name} in the list`,
  );
}

function scheduleRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Import schedules' }).getByRole('row').filter({ hasText: name });
}

/** On the Dependencies tab: selects the dependent schedule, then adds what it depends on (type success). */
async function addDependency(page: Page, dependent: string, dependsOn: string) {
  await page.goto('/admin?tab=dependencies');
  const table = page.getByRole('table', { name: 'Schedules and their dependencies' });
  await table.getByRole('button', { name: dependent, exact: true }).click();
  await expectVisible(
    page.getByRole('region', { name: `Details of ${dependent}` }),
    `the details of ${dependent}`,
  );
  await page.getByRole('button', { name: 'Add Dependency' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Dependency' });
  await dialog.getByRole('combobox', { name: 'Depends on' }).selectOption({ label: dependsOn });
  await dialog.getByRole('button', { name: 'Add Dependency' }).click();
  await expectVisible(
    table
      .getByRole('row')
      .filter({ hasText: dependent })
      .filter({ hasText: `${dependsOn} (success)` }),
    `${dependent} depending on ${dependsOn}`,
  );
}

/** On the Analytics tab: this month's bar of each schedule's trend counts its run, at a cost. */
async function expectCosts(page: Page, names: string[]) {
  await page.goto('/admin?tab=analytics');
  for (const name of names) {
    const month = page
      .getByRole('list', { name: `${name}: cost per month` })
      .getByRole('listitem')
      .last();
    await expectVisible(
      month.filter({ hasText: /\b1 run\b/ }),
      `this month's run of ${name} in its cost trend`,
    );
    await expectVisible(month.getByText(/^\$0\.0\d*[1-9]\d*$/), `the cost of ${name}'s run`);
  }
}

export const IMPORT_JOURNEYS: Journey[] = [
  {
    name: 'provider-imports',
    title:
      'the operator imports two states in a batch from the registry, cancels one, finds the other in the directory; two dependent schedules run in order and their costs show',
    timeoutMs: 240_000,
    run: async ({ page, password }) => {
      await signInAs(page, OPERATOR_EMAIL, password);
      await page.goto('/admin');
      await expectVisible(page.getByRole('heading', { name: 'Import Manager' }), 'the Import Manager');

      // A batch of two states: NV (many registry calls) and UT (two).
      const form = page.getByRole('region', { name: 'Start an import' });
      const states = form.getByRole('combobox', { name: 'States' });
      await form.getByRole('button', { name: 'Clear' }).click();
      await chooseStates(page, states, ['NV', 'UT']);
      await form.getByRole('button', { name: 'Start Batch Import' }).click();
      const confirm = page.getByRole('dialog', { name: 'Start batch import' });
      await confirm.getByRole('button', { name: 'Start batch' }).click();
      await toast(page, 'Batch import started! 2 jobs created.');

      // NV's progress moves (live), then it is cancelled while it runs.
      const nevada = activeJob(page, 'NV');
      await expectVisible(nevada, "NV's job among the active jobs");
      await expectVisible(
        nevada.getByRole('status').filter({ hasText: /^[1-9][\d,]* fetched/ }),
        "NV's job fetching providers",
        60_000,
      );
      await nevada.getByRole('button', { name: /^Cancel job / }).click();
      await toast(page, 'Job cancelled.');
      await expectVisible(recentJob(page, 'NV', 'cancelled'), "NV's job cancelled in the recent jobs");

      // UT completes: every one of its providers was added.
      const utah = recentJob(page, 'UT', 'completed');
      await expectVisible(utah, "UT's job completed in the recent jobs", 60_000);
      await utah.click();
      const details = page.getByRole('dialog', { name: /^Import job / });
      await expectVisible(details.getByText('completed', { exact: true }), "the UT job's details");
      await expectVisible(
        details.getByText(String(REGISTRY_POPULATION.UT), { exact: true }).first(),
        `${REGISTRY_POPULATION.UT} providers fetched and added`,
      );
      await page.keyboard.press('Escape');

      // Its providers are in the directory (the demo data has none in Utah).
      await page.goto('/provider-directory');
      await page.getByRole('textbox', { name: 'Location' }).fill('84101');
      await page.getByRole('slider', { name: 'Search radius in miles' }).focus();
      await page.keyboard.press('End');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expectVisible(
        page.getByText(/^[1-9]\d* providers? found$/),
        'imported Utah providers in the directory',
      );
      // A search with results opens on the map: the list names them.
      // (Mantine's segmented control hides its radio under its label, which takes the click.)
      await page
        .getByRole('radiogroup', { name: 'View' })
        .locator('label')
        .filter({ hasText: 'List' })
        .click();
      await expectVisible(
        page.getByRole('article').filter({ hasText: ', UT 84' }).first(),
        'a Utah provider card',
      );

      // Two schedules; the second depends on the first.
      await page.goto('/admin?tab=schedules');
      await createSchedule(page, FIRST, 'WA');
      await createSchedule(page, SECOND, 'AZ');
      await addDependency(page, SECOND, FIRST);

      // Run the first by hand: the second runs after it.
      await page.goto('/admin?tab=schedules');
      await scheduleRow(page, FIRST)
        .getByRole('button', { name: `Run now: ${FIRST}` })
        .click();
      await toast(page, `${FIRST} started.`);
      await expectVisible(
        scheduleRow(page, FIRST).getByText('1 successful of 1 runs'),
        'the first schedule run once, successfully',
        60_000,
      );
      await expectVisible(
        scheduleRow(page, SECOND).getByText('1 successful of 1 runs'),
        'the dependent schedule run after it',
        60_000,
      );

      await expectCosts(page, [FIRST, SECOND]);
    },
  },
];

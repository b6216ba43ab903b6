import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { expectHidden, expectVisible } from '../lib/browser.ts';
import { signInAs } from '../lib/sign-in.ts';
import type { Journey } from './types.ts';

// Issue #15 "Done when": a manager defines two custom fields and a mapping, imports the sample roster with one
// bad row (progress shown, the refusal file lists it), opens an imported member, enrolls them in a program, adds
// an activity, a note, a goal and a document, completes the activity, and finds it on the billable-activities
// report.

const MANAGER = 'manager@trust.demo';
const SAMPLE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/src/db/demo-data/sample-member-import.csv',
);
/** Row 3 of the sample file: Jose Nguyen, in a shelter. */
const JOSE = { name: 'Jose Nguyen', cin: '93470417B' };
/** A demo program of the health plan with an outreach billing activity (G9008). */
const PROGRAM = 'Enhanced Care Management';

/** Picks an option of a Mantine Select (its input is a combobox; the options open in a listbox). */
async function choose(select: Locator, option: string) {
  await select.click();
  await select.page().getByRole('option', { name: option, exact: true }).click();
}

async function addCustomField(
  page: Page,
  field: { name: string; label: string; type: string; category: string },
) {
  await page.getByRole('button', { name: 'Add Field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Custom Field' });
  await dialog.getByRole('textbox', { name: 'Field name' }).fill(field.name);
  await dialog.getByRole('textbox', { name: 'Display name' }).fill(field.label);
  await choose(dialog.getByRole('combobox', { name: 'Type' }), field.type);
  await choose(dialog.getByRole('combobox', { name: 'Category' }), field.category);
  await dialog.getByRole('button', { name: 'Add Field' }).click();
  await expectHidden(dialog, 'the field dialog, closed once saved');
  await expectVisible(
    page.getByRole('cell', { name: new RegExp(field.label) }).first(),
    `the new field ${field.label}`,
  );
}

export const MEMBERS_JOURNEYS: Journey[] = [
  {
    name: 'members-import-enroll-bill',
    title:
      'defines two custom fields and a mapping, imports the sample roster (progress, the refused row in the refusal file), opens a member, enrolls them, adds an activity, a note, a goal and a document, completes the activity and sees it on the billable-activities report',
    timeoutMs: 180_000,
    run: async (ctx) => {
      const { page, password } = ctx;
      await signInAs(page, MANAGER, password);

      // 1. Two custom fields the sample file has columns for.
      await page.goto('/field-config');
      await expectVisible(
        page.getByRole('heading', { name: 'Custom Field Configuration' }),
        'Field Configuration',
      );
      await addCustomField(page, {
        name: 'shelter_name',
        label: 'Shelter name',
        type: 'Text',
        category: 'Housing',
      });
      await addCustomField(page, {
        name: 'transport_needed',
        label: 'Needs transportation',
        type: 'Yes / No',
        category: 'Social needs',
      });

      // 2. A mapping: the plan's SHELTER column is the shelter's name.
      await page.goto('/field-mapping');
      await page.getByRole('button', { name: 'Add Mapping' }).click();
      const mapping = page.getByRole('dialog', { name: 'Add Field Mapping' });
      await choose(mapping.getByRole('combobox', { name: 'Member field' }), 'Shelter name (custom)');
      await mapping.getByRole('textbox', { name: 'External name' }).fill('SHELTER');
      await choose(mapping.getByRole('combobox', { name: 'Source system' }), 'Golden Valley 834');
      await mapping.getByRole('button', { name: 'Add Mapping' }).click();
      await expectHidden(mapping, 'the mapping dialog, closed once saved');
      await expectVisible(page.getByRole('cell', { name: 'SHELTER', exact: true }), 'the new mapping');

      // 3. The import: upload, columns matched, rows checked, imported with progress, the refused row listed.
      await page.goto('/members-import');
      await page.locator('input[type="file"]').setInputFiles(SAMPLE);
      await choose(page.getByRole('combobox', { name: 'Source system' }), 'Golden Valley 834');
      await page.getByRole('button', { name: 'Upload and match columns' }).click();
      const matches = page.getByRole('table', { name: 'Column matches' });
      await expectVisible(matches, 'the column matches');
      const shelterRow = matches.getByRole('row').filter({ hasText: 'SHELTER' });
      if ((await shelterRow.getByRole('combobox').inputValue()) !== 'Shelter name (custom)') {
        throw new Error('the SHELTER column is not matched to Shelter name through the new mapping');
      }
      await page.getByRole('button', { name: 'Check rows' }).click();
      await expectVisible(
        page.getByText('Row 13: First name and last name are required'),
        'the bad row in the check',
      );
      await page.getByRole('button', { name: 'Import 24 rows' }).click();
      await expectVisible(page.getByRole('progressbar', { name: 'Import progress' }), 'the progress bar');
      await expectVisible(page.getByText(/Import complete 24 of 24 rows/), 'the finished import', 60_000);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download refused rows (1)' }).click();
      const refused = fs.readFileSync(await (await download).path(), 'utf8');
      if (!/^13,First name and last name are required,Hannah,/m.test(refused)) {
        throw new Error(`the refusal file does not list row 13 with its reason:\n${refused}`);
      }

      // 4. An imported member, with the custom values of the file.
      await page.goto('/members');
      await page.getByRole('textbox', { name: 'Search members' }).fill(JOSE.cin);
      await page.getByRole('button', { name: `View ${JOSE.name}` }).click();
      await expectVisible(page.getByRole('heading', { name: JOSE.name }), "the member's profile");
      await expectVisible(page.getByText('Harbor House'), 'the shelter name from the file');

      // 5. Enrolled in a program from the profile, then the enrollment's record.
      await page.getByRole('button', { name: 'Enroll in Program' }).click();
      const enroll = page.getByRole('dialog', { name: 'New Enrollment' });
      await enroll.getByRole('combobox', { name: 'Program' }).selectOption({ label: PROGRAM });
      await enroll.getByRole('button', { name: 'Enroll', exact: true }).click();
      await expectHidden(enroll, 'the enrollment dialog, closed once enrolled');
      await page.getByRole('link', { name: PROGRAM }).first().click();
      await expectVisible(page.getByRole('tab', { name: /^Activities/ }), "the enrollment's tabs");

      // 6. An outreach billed as the program's outreach attempt, a note, a goal and a document.
      await page.getByRole('tab', { name: /^Activities/ }).click();
      const billing = page.getByRole('combobox', { name: 'Billing activity' });
      const outreachOption = billing.locator('option', { hasText: 'ECM outreach attempt' });
      await billing.selectOption(await outreachOption.getAttribute('value'));
      await page.getByRole('button', { name: 'Add Activity' }).click();
      await expectVisible(page.getByText('Activity created successfully'), "the activity's success notice");
      await page.getByRole('tab', { name: /^Notes/ }).click();
      await page
        .getByRole('textbox', { name: 'Note' })
        .fill('Met Jose at Harbor House; he needs a ride to the clinic.');
      await page.getByRole('button', { name: 'Add Note' }).click();
      await expectVisible(page.getByText('Note created successfully'), "the note's success notice");
      await page.getByRole('tab', { name: /^Goals/ }).click();
      await page.getByRole('textbox', { name: 'Goal' }).fill('Move into stable housing within 90 days');
      await page.getByRole('button', { name: 'Add Goal' }).click();
      await expectVisible(page.getByText('Goal created successfully'), "the goal's success notice");
      await page.getByRole('tab', { name: /^Documents/ }).click();
      await page.locator('input[type="file"]').setInputFiles({
        name: 'consent.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Jose Nguyen consents to care management.'),
      });
      await page.getByRole('button', { name: 'Upload Document' }).click();
      await expectVisible(
        page.getByRole('table', { name: 'Documents' }).getByText('consent.txt'),
        'the uploaded document',
      );

      // 7. The outreach completed: it is billable now.
      await page.getByRole('tab', { name: /^Activities/ }).click();
      await page.getByRole('button', { name: /^Complete Outreach/ }).click();
      await expectVisible(
        page.getByRole('table', { name: 'Activities' }).getByText('Completed', { exact: true }),
        'the completed activity',
      );

      // 8. On the program's billable-activities report for this month.
      await page.goto('/billing-report');
      await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: PROGRAM });
      const lines = page.getByRole('table', { name: 'Billable lines' });
      const line = lines.getByRole('row').filter({ hasText: JOSE.name });
      await expectVisible(line, "Jose's completed outreach on the billable lines");
      await expectVisible(line.getByText('ECM outreach attempt'), 'the billing activity it is billed as');
    },
  },
];

import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expectHidden, expectVisible } from '../lib/browser.ts';
import { signInAs } from '../lib/sign-in.ts';
import type { Journey } from './types.ts';

// Issue #16 "Done when": a manager builds a template with a conditional field, a required number with a minimum
// and a signature; fills part of a form from it, waits for the auto-save, reloads and continues; submits with an
// error, fixes it, submits; the history shows the saves; approves it; the analytics count it and the CSV export
// contains it.

const MANAGER = 'manager@trust.demo';
const TEMPLATE = `Journey housing check ${Date.now().toString(36)}`;

async function addField(
  page: Page,
  section: string,
  field: { type: string; label: string; required?: boolean; options?: string; min?: string },
  condition?: { on: string; operator: string; value: string },
) {
  await page.getByRole('button', { name: `Add Field to ${section}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Field' });
  await dialog.getByLabel('Field type').selectOption({ label: field.type });
  await dialog.getByRole('textbox', { name: 'Label' }).fill(field.label);
  if (field.required) await dialog.getByRole('checkbox', { name: 'Required' }).check();
  if (field.options) await dialog.getByRole('textbox', { name: 'Options' }).fill(field.options);
  if (field.min) await dialog.getByRole('textbox', { name: 'Minimum' }).fill(field.min);
  if (condition) {
    await dialog.getByLabel('Show this field only when').selectOption({ label: condition.on });
    await dialog.getByLabel('Condition', { exact: true }).selectOption({ label: condition.operator });
    await dialog.getByLabel('Condition value').selectOption({ label: condition.value });
  }
  await dialog.getByRole('button', { name: 'Save Field' }).click();
  await expectHidden(dialog, `the field dialog of ${field.label}, closed once saved`);
}

/** The overview's "Total Forms" and "Completed Forms" figures on Form Analytics. */
async function analyticsFigures(page: Page): Promise<{ total: number; completed: number }> {
  await page.goto('/form-analytics');
  const figure = async (label: string) => {
    // Each figure is a group named by its label; its text is the label and the number.
    const text = await page.getByRole('group', { name: label, exact: true }).innerText();
    return Number(text.replace(/[^0-9]/g, ''));
  };
  await expectVisible(page.getByRole('heading', { name: /Form Analytics/ }), 'Form Analytics');
  await expectVisible(page.getByRole('group', { name: 'Total Forms', exact: true }), 'the analytics figures');
  return { total: await figure('Total Forms'), completed: await figure('Completed') };
}

async function drawSignature(pad: Locator) {
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const page = pad.page();
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + (i % 2 ? -15 : 15));
  }
  await page.mouse.up();
}

export const FORMS_JOURNEYS: Journey[] = [
  {
    name: 'forms-build-fill-approve',
    title:
      'builds a template with a conditional field, a required number with a minimum and a signature; fills part of a form, waits for the auto-save, reloads and continues; submits with an error, fixes it and submits; reads the history; approves it; finds it counted in the analytics and in their CSV export',
    timeoutMs: 240_000,
    run: async (ctx) => {
      const { page, password } = ctx;
      await signInAs(page, MANAGER, password);
      const before = await analyticsFigures(page);

      // 1. The template.
      await page.goto('/form-templates');
      await page.getByRole('button', { name: 'Create Template' }).click();
      await page.getByRole('textbox', { name: 'Template name' }).fill(TEMPLATE);
      await page.getByLabel('Form type').selectOption({ label: 'Assessment' });
      await page.getByRole('button', { name: 'Add Section' }).click();
      const sectionDialog = page.getByRole('dialog', { name: 'Add Section' });
      await sectionDialog.getByRole('textbox', { name: 'Section title' }).fill('Housing');
      await sectionDialog.getByRole('button', { name: 'Save Section' }).click();
      await expectHidden(sectionDialog, 'the section dialog, closed once saved');
      await addField(page, 'Housing', {
        type: 'Single choice',
        label: 'Housing status',
        required: true,
        options: 'Stable\nAt risk',
      });
      await addField(
        page,
        'Housing',
        { type: 'Text', label: 'What puts the home at risk' },
        { on: 'Housing status', operator: 'equals', value: 'At risk' },
      );
      await addField(page, 'Housing', {
        type: 'Number',
        label: 'People in the home',
        required: true,
        min: '1',
      });
      await addField(page, 'Housing', { type: 'Signature', label: 'Member signature', required: true });
      await page.getByRole('button', { name: 'Save Template' }).click();
      await expectVisible(page.getByText('Template created successfully'), "'Template created successfully'");

      // 2. A form of an enrollment, from its library.
      const enrollmentId = await page.evaluate(async () => {
        const org = localStorage.getItem('active_cbo_id') ?? '';
        const res = await fetch('/api/enrollments?page_size=1&status=active', {
          headers: { 'x-cbo-id': org },
          credentials: 'include',
        });
        return ((await res.json()) as { enrollments: { id: number }[] }).enrollments[0]!.id;
      });
      await page.goto(`/form-library/${enrollmentId}`);
      await page.getByRole('tab', { name: /Available Templates/ }).click();
      await page.getByRole('button', { name: `Create Form from Template ${TEMPLATE}` }).click();
      await page.waitForURL(/\/form-fill\/\d+$/);
      await expectVisible(page.getByRole('heading', { name: TEMPLATE }), 'the filler with the template name');

      // 3. Part of it: the conditional field shows only for "At risk"; the auto-save keeps it.
      const risk = page.getByRole('textbox', { name: 'What puts the home at risk' });
      await expectHidden(risk, 'the conditional field, hidden before its condition holds');
      await page.getByRole('radio', { name: 'At risk' }).check();
      await risk.fill('Rent went up in January');
      await expectVisible(page.getByText('Unsaved changes'), "'Unsaved changes'");
      await expectVisible(page.getByText('All changes saved'), 'the auto-save within 30 seconds', 45_000);
      await page.reload();
      await expectVisible(
        page.getByRole('textbox', { name: 'What puts the home at risk' }),
        'the filler again',
      );
      if ((await risk.inputValue()) !== 'Rent went up in January')
        throw new Error('the auto-saved answer was lost');

      // 4. Submit with an error (the number below its minimum), fix it, submit.
      await page.getByRole('textbox', { name: 'People in the home' }).fill('0');
      await drawSignature(page.getByRole('img', { name: /Signature pad for Member signature/ }));
      await page.getByRole('textbox', { name: 'Typed name for Member signature' }).fill('Ana Example');
      await page.getByRole('button', { name: 'Submit Form' }).click();
      await expectVisible(
        page.getByText('Please fix the validation errors before submitting'),
        "'Please fix the validation errors before submitting'",
      );
      await expectVisible(page.getByText('People in the home must be at least 1'), 'the minimum message');
      await page.getByRole('textbox', { name: 'People in the home' }).fill('3');
      await page.getByRole('button', { name: 'Submit Form' }).click();
      await page
        .getByRole('dialog', { name: 'Submit form' })
        .getByRole('button', { name: 'Submit Form' })
        .click();
      await expectVisible(page.getByText('Form submitted successfully'), "'Form submitted successfully'");
      await expectVisible(
        page.getByText('This form has been submitted and cannot be edited'),
        'the read-only banner',
      );

      // 5. The history shows the saves, with the fields they changed.
      await page.getByRole('button', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: 'Edit History' });
      await expectVisible(history.getByText(/submitted/i).first(), 'the submission in the history');
      await expectVisible(history.getByText(/saved/i).first(), 'the auto-save in the history');
      await expectVisible(history.getByText('What puts the home at risk').first(), 'a changed field named');
      await page.keyboard.press('Escape');

      // 6. The manager approves it.
      await page.getByRole('button', { name: 'Approve' }).click();
      await expectVisible(page.getByText(/approved/i).first(), 'the approved status');

      // 7. The analytics count it; their CSV export contains it.
      const after = await analyticsFigures(page);
      if (after.total !== before.total + 1 || after.completed !== before.completed + 1) {
        throw new Error(
          `analytics did not count the form: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`,
        );
      }
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /Export/ }).click(),
      ]);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      if (!csv.includes(TEMPLATE)) throw new Error(`the CSV export does not list ${TEMPLATE}:\n${csv}`);
    },
  },
];

import type { Locator, Page } from 'playwright-core';
import { apiAs, call } from '../lib/api.ts';
import { expectHidden, expectVisible, openBrowser } from '../lib/browser.ts';
import { signInAs } from '../lib/sign-in.ts';
import type { Journey } from './types.ts';

// Issue #17 "Done when": a manager designs an onboarding workflow; enrolling a member starts it; the case manager
// completes its task and fills its form; the manager approves; the case manager's bell shows the notification
// arrive live; the instance completes with its execution history. Then a rule "goal completed → create a
// follow-up activity": a goal completed, the activity appears.

const MANAGER = 'manager@trust.demo';
const COORDINATOR = { email: 'coordinator@trust.demo', name: 'Casey Coordinator' };
/** An active demo program with no workflow of its own (the demo onboarding runs on Enhanced Care Management). */
const PROGRAM = 'Medically Tailored Meals';

const run = Date.now().toString(36);
const TEMPLATE = `Journey onboarding ${run}`;
const FORM = `Journey check-in ${run}`;
const FORM_QUESTION = 'How is the member doing?';
const NOTIFICATION_TITLE = `Onboarding approved ${run}`;

type StepSpec = {
  name: string;
  type: string;
  fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>;
};

async function addStep(page: Page, button: 'Add Step' | 'Add Next Step', step: StepSpec) {
  await page
    .getByRole('dialog', { name: `Workflow Designer: ${TEMPLATE}` })
    .getByRole('button', { name: button })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add Step' });
  await dialog.getByRole('textbox', { name: 'Step name' }).fill(step.name);
  await dialog.getByRole('combobox', { name: 'Step type' }).selectOption({ label: step.type });
  await step.fill?.(dialog);
  await dialog.getByRole('button', { name: 'Add Step' }).click();
  await expectHidden(dialog, `the step dialog of ${step.name}, closed once saved`);
  await expectVisible(
    page.getByRole('listitem', { name: new RegExp(`: ${step.name.replace(/[?.*+()]/g, '\\$&')}$`) }),
    `step ${step.name} in the flow`,
  );
}

/**
 * Opens a screen that reads once (no live update) until `locator` shows on it: what a job makes a moment later.
 * Up to about 30 s.
 */
async function openUntilVisible(locator: Locator, open: () => Promise<void>, what: string, tries = 9) {
  for (let attempt = 1; ; attempt++) {
    await open();
    const shown = await locator
      .waitFor({ state: 'visible', timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    if (attempt >= tries) await expectVisible(locator, what);
  }
}

/** Waits, without a reload, until the bell counts more unread notifications than `before`. */
async function expectUnreadAbove(bell: Locator, before: number, what: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const label = await bell.getAttribute('aria-label');
    if (Number(label?.match(/(\d+) unread/)?.[1] ?? 0) > before) return;
    if (Date.now() > until) throw new Error(`expected to see ${what} (the bell says "${label}")`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The workflow task card of the dashboard, and one task on it. */
function taskOnDashboard(page: Page, title: string, member: string) {
  return page
    .getByRole('region', { name: 'My workflow tasks' })
    .getByRole('listitem')
    .filter({ hasText: title })
    .filter({ hasText: member });
}

export const WORKFLOW_JOURNEYS: Journey[] = [
  {
    name: 'workflow-onboarding',
    title:
      'designs an onboarding workflow; enrolling a member starts it; the case manager completes the task and fills the form, the manager approves, the notification arrives live and the instance completes with its history',
    timeoutMs: 300_000,
    run: async ({ page, password, baseURL }) => {
      const manager = await apiAs(page, MANAGER, password);
      // The form the workflow assigns: one question, made for the scene (the forms journey builds one in the UI).
      await call(page, manager, 'POST', '/api/forms/templates/', {
        name: FORM,
        form_type: 'assessment',
        sections: [
          {
            section_id: 'section_checkin',
            title: 'Check-in',
            fields: [{ field_id: 'field_doing', field_type: 'text', label: FORM_QUESTION, required: true }],
          },
        ],
      });
      const member = (await call(page, manager, 'POST', '/api/members/', {
        first_name: 'Wren',
        last_name: `Journey ${run}`,
      })) as { id: number; first_name: string; last_name: string };
      const memberName = `${member.first_name} ${member.last_name}`;

      // 1. The manager designs it: created, the designer opens, five steps.
      await signInAs(page, MANAGER, password);
      await page.goto('/workflows');
      await page.getByRole('button', { name: 'Create Template' }).click();
      const create = page.getByRole('dialog', { name: 'Create Workflow Template' });
      await create.getByRole('textbox', { name: 'Workflow name' }).fill(TEMPLATE);
      await create
        .getByRole('combobox', { name: 'Trigger type' })
        .selectOption({ label: 'Enrollment created' });
      await create.getByRole('combobox', { name: 'Program' }).selectOption({ label: PROGRAM });
      await create.getByRole('button', { name: 'Create Template' }).click();
      await expectVisible(page.getByText('Workflow template created successfully'), 'the created notice');
      await expectVisible(
        page.getByRole('dialog', { name: `Workflow Designer: ${TEMPLATE}` }),
        'the designer',
      );

      await addStep(page, 'Add Step', {
        name: 'Call the member',
        type: 'Task',
        fill: async (d) => {
          const outcomes = d.getByLabel('Outcomes');
          await outcomes.fill('reached');
          await outcomes.press('Enter');
          await outcomes.fill('not reached');
          await outcomes.press('Enter');
        },
      });
      // The condition's example reads the first step's outcome: reached goes on.
      await addStep(page, 'Add Next Step', { name: 'Reached?', type: 'Condition' });
      await addStep(page, 'Add Next Step', {
        name: 'Check-in form',
        type: 'Form',
        fill: (d) =>
          d
            .getByRole('combobox', { name: 'Form' })
            .selectOption({ label: FORM })
            .then(() => undefined),
      });
      await addStep(page, 'Add Next Step', { name: 'Manager approves', type: 'Approval' });
      await addStep(page, 'Add Next Step', {
        name: 'Tell the case manager',
        type: 'Notification',
        fill: async (d) => {
          await d.getByRole('textbox', { name: 'Title' }).fill(NOTIFICATION_TITLE);
          await d.getByRole('textbox', { name: 'Message' }).fill('{{member_first_name}} is onboarded.');
        },
      });
      const designer = page.getByRole('dialog', { name: `Workflow Designer: ${TEMPLATE}` });
      await designer.getByRole('button', { name: 'Close' }).last().click();

      // 2. Enrolled, with the coordinator as case manager: the workflow starts.
      await page.goto('/enrollments');
      await page.getByRole('button', { name: 'New Enrollment' }).click();
      const enroll = page.getByRole('dialog', { name: 'New Enrollment' });
      await enroll.getByRole('textbox', { name: 'Search members' }).fill(member.last_name);
      await enroll.locator('option', { hasText: memberName }).waitFor({ state: 'attached' });
      await enroll.getByRole('combobox', { name: 'Member' }).selectOption({ label: memberName });
      await enroll.getByRole('combobox', { name: 'Program' }).selectOption({ label: PROGRAM });
      await enroll.locator('option', { hasText: COORDINATOR.name }).waitFor({ state: 'attached' });
      await enroll.getByRole('combobox', { name: 'Case manager' }).selectOption({ label: COORDINATOR.name });
      await enroll.getByRole('button', { name: 'Enroll', exact: true }).click();
      await expectHidden(enroll, 'the enrollment dialog, closed once enrolled');
      await page.waitForURL(/\/enrollments-view\/\d+$/);
      const enrollmentId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByRole('tab', { name: /^Workflows/ }).click();
      const started = page
        .getByRole('table', { name: 'Workflows of this enrollment' })
        .getByRole('row')
        .filter({ hasText: TEMPLATE });
      await expectVisible(started, 'the onboarding started on the enrollment', 30_000);
      await expectVisible(started.getByText('Running'), 'the instance running');

      // 3. The case manager, in a browser of their own: the task, then the form the workflow assigns.
      const coordinatorBrowser = await openBrowser(baseURL);
      try {
        const cm = coordinatorBrowser.page;
        await signInAs(cm, COORDINATOR.email, password);
        const task = taskOnDashboard(cm, 'Call the member', memberName);
        await expectVisible(task, 'the task on the case manager dashboard', 30_000);
        await task.getByRole('button', { name: /Mark done/ }).click();
        const done = cm.getByRole('dialog', { name: /Mark done/ });
        await done.getByRole('radio', { name: 'reached', exact: true }).check();
        await done.getByRole('button', { name: 'Mark done' }).click();
        await expectHidden(done, 'the task dialog, closed once done');

        // The form step assigns the form to the case manager: it is in the enrollment's forms.
        const form = cm.getByRole('link', { name: `Continue ${FORM}` });
        await openUntilVisible(
          form,
          () => cm.goto(`/form-library/${enrollmentId}`).then(() => undefined),
          "the form assigned by the workflow, in the enrollment's forms",
        );
        await form.click();
        await cm.getByRole('textbox', { name: FORM_QUESTION }).fill('Settled in; needs a glucose meter.');
        await cm.getByRole('button', { name: 'Submit Form' }).click();
        await cm
          .getByRole('dialog', { name: 'Submit form' })
          .getByRole('button', { name: 'Submit Form' })
          .click();
        await expectVisible(cm.getByText('Form submitted successfully'), "'Form submitted successfully'");
        await cm.goto('/dashboard');
        const bell = cm.getByRole('button', { name: /^Notifications/ });
        await expectVisible(bell, 'the notification bell');
        const unreadBefore = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0);

        // 4. The manager approves.
        // The form's submission settles its step through the job queue, which a full run keeps busy on PGlite
        // (a run took over 30 s): the dashboard is opened again until the approval is there, up to two minutes.
        const approval = taskOnDashboard(page, 'Manager approves', memberName);
        await openUntilVisible(
          approval,
          () => page.goto('/dashboard').then(() => undefined),
          'the approval on the manager dashboard',
          30,
        );
        await approval.getByRole('button', { name: /Approve/ }).click();
        const approve = page.getByRole('dialog', { name: /Approve/ });
        await approve.getByRole('textbox', { name: /Comment/ }).fill('Care plan looks right.');
        await approve.getByRole('button', { name: 'Approve' }).click();
        await expectHidden(approve, 'the approval dialog, closed once approved');

        // 5. The notification arrives live on the case manager's open dashboard. The approval's next step runs
        // through the same busy queue (up to a minute in a full run on PGlite), and another notification may come
        // in meanwhile: the count only has to go up.
        await expectUnreadAbove(bell, unreadBefore, 'the unread count going up without a reload', 60_000);
        await bell.click();
        await expectVisible(cm.getByText(NOTIFICATION_TITLE), 'the notification in the bell');
      } finally {
        await coordinatorBrowser.close();
      }

      // 6. Completed, with its history.
      await page.goto('/workflow-instances');
      await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: TEMPLATE });
      const row = page.getByRole('row').filter({ hasText: memberName });
      await expectVisible(row.getByText('Completed'), 'the instance completed', 30_000);
      await row.getByRole('button', { name: /History/ }).click();
      const history = page.getByRole('dialog', { name: /History/ });
      for (const step of [
        'Call the member',
        'Reached?',
        'Check-in form',
        'Manager approves',
        'Tell the case manager',
      ]) {
        await expectVisible(history.getByText(step, { exact: false }).first(), `step ${step} in the history`);
      }
    },
  },
  {
    name: 'automation-goal-followup',
    title:
      'creates a rule "goal completed → create a follow-up activity", completes a goal and sees the activity',
    timeoutMs: 180_000,
    run: async ({ page, password }) => {
      const manager = await apiAs(page, MANAGER, password);
      const member = (await call(page, manager, 'POST', '/api/members/', {
        first_name: 'Goal',
        last_name: `Journey ${run}`,
      })) as { id: number };
      const programs = (await call(page, manager, 'GET', '/api/programs/?page_size=200')) as {
        programs: { id: number; name: string }[];
      };
      const program = programs.programs.find((p) => p.name === PROGRAM);
      if (!program) throw new Error(`no demo program ${PROGRAM}`);
      const enrollment = (await call(page, manager, 'POST', '/api/enrollments/', {
        member_id: member.id,
        program_id: program.id,
        status: 'active',
      })) as { id: number };
      const rule = `Follow up on a completed goal ${run}`;

      // 1. The rule.
      await signInAs(page, MANAGER, password);
      await page.goto('/automation-rules');
      await page.getByRole('button', { name: 'Create Rule' }).click();
      const dialog = page.getByRole('dialog', { name: /Create/ });
      await dialog.getByRole('textbox', { name: 'Rule name' }).fill(rule);
      await dialog.getByRole('combobox', { name: 'Trigger type' }).selectOption({ label: 'Goal completed' });
      await dialog.getByRole('button', { name: 'Add Action' }).click();
      await dialog
        .getByRole('combobox', { name: /Action 1 type/ })
        .selectOption({ label: 'Create activity' });
      await dialog
        .getByRole('textbox', { name: /Action 1 configuration/ })
        .fill(JSON.stringify({ activity_type: 'follow_up', days_from_now: 7, notes: `Goal met ${run}` }));
      await dialog
        .getByRole('button', { name: /Save|Create Rule/ })
        .last()
        .click();
      await expectVisible(page.getByText('Automation rule created successfully'), 'the created notice');

      // 2. A goal completed on an enrollment.
      await page.goto(`/enrollments-view/${enrollment.id}`);
      await page.getByRole('tab', { name: /^Goals/ }).click();
      const goal = `Check glucose weekly ${run}`;
      await page.getByRole('textbox', { name: 'Goal' }).fill(goal);
      await page.getByRole('button', { name: 'Add Goal' }).click();
      await expectVisible(page.getByText('Goal created successfully'), "the goal's success notice");
      await page.getByRole('button', { name: `Complete goal: ${goal}` }).click();

      // 3. The rule's activity, made by its job a moment later (the activities tab reads on opening).
      const activity = page.getByRole('table', { name: 'Activities' }).getByText(`Goal met ${run}`);
      await openUntilVisible(
        activity,
        async () => {
          await page.reload();
          await page.getByRole('tab', { name: /^Activities/ }).click();
        },
        'the follow-up activity made by the rule',
      );
    },
  },
];

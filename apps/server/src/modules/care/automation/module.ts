import {
  automationEvents,
  automationRuleRuns,
  automationRules,
  enrollments,
  members,
  memberships,
  programs,
  users,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { automationSubscriptions, registerAutomationJobs } from './evaluation-jobs.ts';
import { automationRoutes } from './routes.ts';

// Automation rules (002 §2, issue #17 item 4): rules on the enrollment events, evaluated in priority order on the
// job queue, their actions done through the services of the modules that own the records (enrollments,
// workflows, notifications, the outbox), every run logged. The joins below only read facts conditions test and
// who receives a notification or an email.
export default defineModule({
  name: 'automation',
  area: 'care',
  service: 'product',
  owns: [automationRules, automationRuleRuns, automationEvents],
  reads: [
    {
      table: enrollments,
      why: "conditions test the enrollment's status and priority; scheduled rules run over a program's open enrollments",
    },
    {
      table: members,
      why: "an email to the member uses their address; messages name the member's first name",
    },
    { table: programs, why: "a rule's program name; conditions read the program's type" },
    { table: users, why: "the case manager's address; the rule's author, whom its actions act as" },
    {
      table: memberships,
      why: 'notifications to a role; the author must still be a writer of the organization',
    },
  ],
  routes: (deps) => [automationRoutes(deps)],
  jobs: registerAutomationJobs,
  subscriptions: automationSubscriptions,
});

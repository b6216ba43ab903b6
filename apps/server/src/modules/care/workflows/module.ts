import {
  enrollments,
  members,
  memberships,
  programs,
  users,
  workflowInstanceCounts,
  workflowInstances,
  workflowStepExecutions,
  workflowSteps,
  workflowTasks,
  workflowTemplates,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { registerWorkflowJobs } from './jobs.ts';
import { workflowRoutes } from './routes.ts';
import { triggerSubscriptions } from './triggers.ts';

// Workflows (002 §2 "Workflows and automation", issue #17): templates with versioned steps, the engine that runs
// instances on the job queue, the tasks and approvals it hands to people, and the triggers that start it. Forms are
// started through the forms module (workflow-forms.ts), notifications through the notifications service, emails
// and texts through the outbox; the joins below only read names, facts for conditions and who holds a role.
export default defineModule({
  name: 'workflows',
  area: 'care',
  service: 'product',
  owns: [
    workflowInstanceCounts,
    workflowTemplates,
    workflowSteps,
    workflowInstances,
    workflowStepExecutions,
    workflowTasks,
  ],
  reads: [
    {
      table: enrollments,
      why: "an instance's enrollment: staff see the instances of the enrollments they manage (narrowed in SQL); conditions and waits read its status and dates; time-based runs find the open enrollments of a program",
    },
    {
      table: members,
      why: "the member's name on instances and tasks; a notification to the member uses their email or phone",
    },
    { table: programs, why: "the program's name on templates and instances; conditions read its type" },
    {
      table: users,
      why: "names of assignees and deciders; a notification's email or phone for a staff member",
    },
    { table: memberships, why: 'a task or notification to a role goes to the active users holding it' },
  ],
  routes: (deps) => [workflowRoutes(deps)],
  jobs: registerWorkflowJobs,
  subscriptions: triggerSubscriptions,
});

import {
  enrollments,
  formAnalyticsCache,
  formInstanceCounts,
  formInstanceHistory,
  formInstances,
  formTemplates,
  formTemplateVersions,
  members,
  memberships,
  programs,
  users,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { formInstancesRoutes } from './instances-routes.ts';
import { registerFormJobs } from './jobs.ts';
import { formTemplatesRoutes } from './templates-routes.ts';

// Smart forms (002 §2 "Smart forms", issue #16): templates with immutable versions, forms filled for enrollments
// and pinned to a version, their history, review and approval, and analytics. Enrollments are checked through
// the enrollments module (findVisibleEnrollment, documentIdsOfEnrollment), programs through the programs service;
// the joins below only read names for lists and narrow lists to what the caller sees.
export default defineModule({
  name: 'forms',
  area: 'care',
  service: 'product',
  owns: [
    formInstanceCounts,
    formTemplates,
    formTemplateVersions,
    formInstances,
    formInstanceHistory,
    formAnalyticsCache,
  ],
  reads: [
    {
      table: enrollments,
      why: "a form's enrollment: staff see the forms of the enrollments they manage (the list is narrowed in SQL), the program filter of the list and of the analytics",
    },
    { table: members, why: "the member's name on each form (002 §3 member_name)" },
    { table: programs, why: "the program's name on a template and on each form" },
    {
      table: users,
      why: "the names of a template's author and of a form's assignee, reviewer, approver and last editor; the history's user_name",
    },
    {
      table: memberships,
      why: 'a form is assigned only to an active user of the organization who is not a viewer',
    },
  ],
  routes: (deps) => [formTemplatesRoutes(deps), formInstancesRoutes(deps)],
  jobs: registerFormJobs,
});

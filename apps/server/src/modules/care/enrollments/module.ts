import {
  billingActivities,
  enrollmentActivities,
  enrollmentCounts,
  enrollmentDocumentOrphans,
  enrollmentDocuments,
  enrollmentGoals,
  enrollmentNotes,
  enrollments,
  members,
  memberships,
  programs,
  users,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { billingReportRoutes } from './billing-report-routes.ts';
import { documentFileSubscriptions, registerDocumentFileJobs } from './document-files.ts';
import { enrollmentDocumentsRoutes } from './documents-routes.ts';
import { activitiesRoutes, goalsRoutes, notesRoutes } from './items-routes.ts';
import { enrollmentsRoutes } from './routes.ts';

// Enrollments of members in programs, with their activities, documents, notes and goals (002; issue #15 items 6
// and 8). Programs are asked through their service (capacity, billing activities); the joins below only read
// names for lists, and the member and case-manager checks of a new enrollment.
export default defineModule({
  name: 'enrollments',
  area: 'care',
  service: 'product',
  owns: [
    enrollments,
    enrollmentCounts,
    enrollmentActivities,
    enrollmentDocuments,
    enrollmentDocumentOrphans,
    enrollmentNotes,
    enrollmentGoals,
  ],
  reads: [
    {
      table: members,
      why: "the member's name on each enrollment of a list (002 §3 member_name), and that a member enrolled is of the organization (and, for staff, one they work with); the member's name and Medicaid ID on each line of the billable activities report (issue #15 item 7)",
    },
    { table: programs, why: "the program's name on each enrollment of a list (002 §3 program_name)" },
    {
      table: billingActivities,
      why: "the billing activity's name on each activity of an enrollment (its check, and the billable activities report's rates and limits, go through the programs service)",
    },
    {
      table: users,
      why: "the names of the case manager, the performer of an activity, a note's and a goal's author, a document's uploader",
    },
    {
      table: memberships,
      why: 'a case manager named by a manager must be a user of the organization who is not a viewer',
    },
  ],
  routes: (deps) => [
    enrollmentsRoutes(deps),
    activitiesRoutes(deps),
    enrollmentDocumentsRoutes(deps),
    notesRoutes(deps),
    goalsRoutes(deps),
    billingReportRoutes(deps),
  ],
  jobs: registerDocumentFileJobs,
  subscriptions: documentFileSubscriptions,
});

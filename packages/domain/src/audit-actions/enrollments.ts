/** Audit actions of enrollments and their activities, documents, notes and goals (modules/care/enrollments). */
export const ENROLLMENTS_AUDIT_ACTIONS = {
  'enrollment.created':
    'Enrolled a member in a program (capacity_overridden when a manager went past capacity)',
  'enrollment.updated': 'Changed an enrollment (the names of the fields changed)',
  'enrollment.status_changed':
    "Changed an enrollment's status (capacity_overridden when a manager went past capacity)",
  'enrollment.deleted': 'Deleted an enrollment with its activities, documents, notes and goals',
  'enrollment.read': 'Viewed an enrollment',
  'enrollment.list_read': 'Read a page of the enrollment list',
  'enrollment_activity.created': 'Recorded an activity of an enrollment',
  'enrollment_activity.updated': 'Changed an activity of an enrollment',
  'enrollment_activity.deleted': 'Deleted an activity of an enrollment',
  'enrollment_activity.read': 'Viewed an activity of an enrollment',
  'enrollment_activity.list_read': "Read an enrollment's activities",
  'enrollment_activity.billing_report_read':
    'Read the billable activities report of a program and period (the activities it listed)',
  'enrollment_activity.billing_report_exported':
    'Downloaded the billable activities report of a program and period as CSV (the activities it listed)',
  'enrollment_document.uploaded': 'Uploaded a document to an enrollment',
  'enrollment_document.deleted': 'Deleted a document of an enrollment',
  'enrollment_document.read': 'Downloaded a document of an enrollment',
  'enrollment_document.list_read': "Read the list of an enrollment's documents",
  'enrollment_note.created': 'Wrote a note on an enrollment',
  'enrollment_note.updated': 'Changed a note of an enrollment',
  'enrollment_note.deleted': 'Deleted a note of an enrollment',
  'enrollment_note.read': 'Viewed a note of an enrollment',
  'enrollment_note.list_read': "Read an enrollment's notes",
  'enrollment_goal.created': 'Set a goal on an enrollment',
  'enrollment_goal.updated': 'Changed a goal of an enrollment',
  'enrollment_goal.deleted': 'Deleted a goal of an enrollment',
  'enrollment_goal.read': 'Viewed a goal of an enrollment',
  'enrollment_goal.list_read': "Read an enrollment's goals",
} as const satisfies Record<string, string>;

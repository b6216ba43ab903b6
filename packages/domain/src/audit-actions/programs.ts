/** Audit-log actions of programs and billing activities (care area): the action string and what it records. */
export const PROGRAMS_AUDIT_ACTIONS = {
  // --- Programs and billing activities (modules/care/programs) ---
  'program.created': 'Created a program',
  'program.updated': "Changed a program's details",
  'program.deleted': 'Deleted a program (and its enrollments)',
  'billing_activity.created': 'Added a billing activity to a program',
  'billing_activity.updated': 'Changed a billing activity',
  'billing_activity.deleted': 'Deleted a billing activity',
} as const satisfies Record<string, string>;

/** Audit actions of smart forms (modules/care/forms; issue #16). Answers are never in the details: PHI. */
export const FORMS_AUDIT_ACTIONS = {
  'form_template.created': 'Created a form template',
  'form_template.updated': 'Changed the current version of a form template',
  'form_template.versioned': 'Saved a form template as a new version',
  'form_template.deleted': 'Deleted a form template (and the drafts started from it)',
  'form_instance.created': 'Started a form for an enrollment',
  'form_instance.saved': 'Saved a draft of a form (the ids of the fields changed)',
  'form_instance.submitted': 'Submitted a form',
  'form_instance.reviewed': 'Marked a submitted form reviewed',
  'form_instance.approved': 'Approved a form',
  'form_instance.assigned': 'Assigned a form to a user, with a due date',
  'form_instance.deleted': 'Deleted a draft form',
  'form_instance.read': 'Viewed a form and its answers',
  'form_instance.list_read': 'Read a list of forms',
  'form_instance.history_read': "Read a form's edit history",
} as const;

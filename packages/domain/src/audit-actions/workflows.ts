/** Audit actions of workflows (modules/care/workflows; issue #17). Step outputs (answers, responses) stay out. */
export const WORKFLOWS_AUDIT_ACTIONS = {
  'workflow_template.created': 'Created a workflow template',
  'workflow_template.updated': 'Changed a workflow template',
  'workflow_template.deleted': 'Deleted a workflow template',
  'workflow_template.versioned':
    'Started a new version of a workflow template (instances ran on the old one)',
  'workflow_step.created': 'Added a step to a workflow template',
  'workflow_step.updated': 'Changed a step of a workflow template',
  'workflow_step.deleted': 'Deleted a step of a workflow template',
  'workflow_instance.started': 'Started a workflow for an enrollment',
  'workflow_instance.paused': 'Paused a workflow',
  'workflow_instance.running': 'Resumed a paused workflow',
  'workflow_instance.cancelled': 'Cancelled a workflow',
  'workflow_instance.completed': 'A workflow completed',
  'workflow_instance.failed': 'A workflow failed',
  'workflow_instance.deleted': 'Deleted a workflow instance',
  'workflow_instance.read': "Viewed a workflow instance's step history",
  'workflow_instance.list_read': 'Read a list of workflow instances',
  'workflow_task.done': 'Marked a workflow task done',
  'workflow_task.approved': 'Approved a workflow approval',
  'workflow_task.rejected': 'Rejected a workflow approval',
  'workflow_task.list_read': 'Read a list of workflow tasks',
} as const;

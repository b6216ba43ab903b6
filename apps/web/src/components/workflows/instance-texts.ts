// 002 §8 texts of the Active Workflows screen (successes, and the fallbacks shown when the server gives no detail),
// and 002 §2's empty states.
export const INSTANCE_TEXTS = {
  statusUpdated: (status: string) => `Workflow instance status updated to ${status}`,
  deleted: 'Workflow instance deleted successfully',
  fetchFailed: 'Failed to fetch workflow instances',
  createFailed: 'Failed to create workflow instance',
  updateFailed: 'Failed to update workflow instance',
  deleteFailed: 'Failed to delete workflow instance',
  empty: 'No workflow instances found',
  emptyFiltered: 'No instances match the current filters.',
  emptyUnfiltered: 'Workflow instances will appear here when workflows are triggered.',
} as const;

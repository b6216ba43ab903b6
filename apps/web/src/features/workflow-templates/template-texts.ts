// 002 §8 texts of the Workflow Templates screen and the Workflow Designer (successes and the fallbacks shown when
// the server gives no detail).
export const TEMPLATE_TEXTS = {
  created: 'Workflow template created successfully',
  updated: 'Workflow template updated successfully',
  deleted: 'Workflow template deleted successfully',
  fetchFailed: 'Failed to fetch workflow templates',
  createFailed: 'Failed to create workflow template',
  updateFailed: 'Failed to update workflow template',
  deleteFailed: 'Failed to delete workflow template',
  stepAdded: 'Step added successfully',
  stepUpdated: 'Step updated successfully',
  stepDeleted: 'Step deleted successfully',
  fetchStepsFailed: 'Failed to fetch steps',
  createStepFailed: 'Failed to create step',
  updateStepFailed: 'Failed to update step',
  deleteStepFailed: 'Failed to delete step',
} as const;

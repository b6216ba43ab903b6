// Texts of the Referral Queue (000 §2.3, §8), kept verbatim where the spec quotes them.
export const QUEUE_MESSAGES = {
  title: 'Referral Queue',
  emptyTitle: 'No referrals found',
  emptyFiltered: 'Try adjusting your search or filters.',
  emptyFirst: 'Get started by creating your first referral.',
  createFirst: 'Create First Referral',
  connectionTitle: 'Connection Error',
  confirmDelete: (member: string) => `Are you sure you want to delete this pending referral for ${member}?`,
  deleteRefused: (message: string) => `Cannot delete referral: ${message}`,
  deleteFailed: 'Error deleting referral. Please try again.',
} as const;

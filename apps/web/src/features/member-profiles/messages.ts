// Texts of the Member Profiles screen (000 §2.8, §8).
export const MEMBER_PROFILE_MESSAGES = {
  title: 'Member Profiles',
  emptyTitle: 'No members found',
  emptyFiltered: 'Try adjusting your search or filters.',
  emptyFirst: 'Members appear here once referrals are created for them.',
  deleteFailed: 'Error deleting referrals. Please try again.',
} as const;

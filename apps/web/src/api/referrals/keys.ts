// Query keys of the referral calls: every referral query starts with 'referrals', so one invalidation after a
// change (or a live 'referral.changed' event) refreshes queue, details and workspace together.
export const referralKeys = {
  all: ['referrals'] as const,
  lists: () => [...referralKeys.all, 'list'] as const,
  detail: (id: number) => [...referralKeys.all, 'detail', id] as const,
  events: (id: number) => [...referralKeys.all, 'events', id] as const,
};

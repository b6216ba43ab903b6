// Query keys of what was sent about a referral to providers (001 §7 GET /api/referral-communications).
export const referralSendingKeys = {
  all: ['referral-communications'] as const,
  list: (referralId: number, providerId?: number) =>
    [...referralSendingKeys.all, referralId, providerId ?? 'all'] as const,
};

// Query keys of the case-document calls: one list per referral and page.
export const documentKeys = {
  all: ['documents'] as const,
  referral: (referralId: number) => [...documentKeys.all, referralId] as const,
  list: (referralId: number, page: number, pageSize: number) =>
    [...documentKeys.referral(referralId), { page, pageSize }] as const,
};

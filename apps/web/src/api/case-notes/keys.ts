// Query keys of the case-notes calls: one list per referral and page.
export const caseNoteKeys = {
  all: ['case-notes'] as const,
  referral: (referralId: number) => [...caseNoteKeys.all, referralId] as const,
  list: (referralId: number, page: number, pageSize: number) =>
    [...caseNoteKeys.referral(referralId), { page, pageSize }] as const,
};

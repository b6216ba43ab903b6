// Query keys of provider web-form submissions (001 §7 "Web form"). The records of a referral are read through
// GET /api/referrals/{id}/screenshots (api/referrals/get-referral-screenshots.ts, under the referral keys).
export const webFormKeys = {
  all: ['web-forms'] as const,
  submit: (providerId: number) => [...webFormKeys.all, 'submit', providerId] as const,
};

import { z } from 'zod';

/** One view of the dashboard's stat cards (003 §2.4), computed from recorded referrals. */
export const referralFiguresSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  completed: z.number().int(),
  /** Accepted, in progress or on hold: cases a provider is working on. */
  active: z.number().int(),
  /** Accepted answers over all answers (accepted, rejected, expired), 0 to 1; null before any answer. */
  success_rate: z.number().nullable(),
  /** Mean hours from matching to the provider's acceptance; null before any acceptance. */
  avg_response_hours: z.number().nullable(),
});
export type ReferralFigures = z.infer<typeof referralFiguresSchema>;

/** GET /api/dashboard/stats: the Personal / Organization toggle of 003 §2.4. */
export const dashboardStatsSchema = z
  .object({ personal: referralFiguresSchema, organization: referralFiguresSchema })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

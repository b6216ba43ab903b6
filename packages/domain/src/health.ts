import { z } from 'zod';

/** GET /health (003 §7.5, §7.7). */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['pglite', 'postgres']),
    database_ok: z.boolean(),
    version: z.string(),
    uptime_s: z.number(),
    providers_count: z.number().int(),
    /**
     * Real-time events: whether this process's LISTEN connection is up (while it is down no event reaches its
     * streams, and /health answers 503), since when it is down, and how often it reconnected.
     */
    events: z.object({
      listening: z.boolean(),
      down_since: z.string().nullable(),
      reconnects: z.number().int(),
    }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;

/** The landing page counts (003 §2.3). */
export const landingStatsSchema = z
  .object({
    referrals_count: z.number().int(),
    providers_count: z.number().int(),
    auto_matched_count: z.number().int(),
    auto_matched_percent: z.number().int(),
  })
  .meta({ id: 'LandingStats' });
export type LandingStats = z.infer<typeof landingStatsSchema>;

/** 003 §2.3: auto-matched count divided by total referrals, rounded; 0 when there are no referrals. */
export function autoMatchedPercent(autoMatched: number, total: number): number {
  return total > 0 ? Math.round((autoMatched / total) * 100) : 0;
}

import { autoMatchedPercent, type Health, type LandingStats } from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';

/**
 * How long the providers' count answers /health (issue #22): counting 2,000,000 providers is a scan of their
 * index (~100 ms), and a load balancer polls every process every few seconds. The database is still asked
 * something on every call, so `database_ok` stays live.
 */
const PROVIDERS_COUNT_MS = 30_000;
let providers: { at: number; n: number; database: unknown } | undefined;

async function countProviders(database: ServiceContext['deps']['database']): Promise<number> {
  if (providers && providers.database === database && Date.now() - providers.at < PROVIDERS_COUNT_MS) {
    await database.query('SELECT 1');
    return providers.n;
  }
  const [row] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM providers');
  providers = { at: Date.now(), n: row?.n ?? 0, database };
  return providers.n;
}

/** GET /health: the process, its database and its event listener (003 §7.5, §7.7). */
export async function health(ctx: ServiceContext): Promise<Health> {
  const { deps } = ctx;
  const listener = deps.events.listenerState();
  const base = {
    database: deps.database.kind,
    version: deps.version,
    uptime_s: Math.round((Date.now() - deps.startedAt) / 1000),
    events: {
      listening: listener.listening,
      down_since: listener.downSince?.toISOString() ?? null,
      reconnects: listener.reconnects,
    },
  };
  try {
    const providersCount = await countProviders(deps.database);
    // Without its LISTEN connection a process serves requests but delivers no event: not healthy (503), so a
    // load balancer sends its clients elsewhere until it reconnects.
    const status = listener.listening ? 'ok' : 'degraded';
    return { status, database_ok: true, providers_count: providersCount, ...base };
  } catch {
    return { status: 'degraded', database_ok: false, providers_count: 0, ...base };
  }
}

/** Public figures change slowly; one count per half minute is plenty even at a million referrals. */
const LANDING_CACHE_MS = 30_000;
let cached: { at: number; value: LandingStats; database: unknown } | undefined;

/** 003 §2.3: counts of referrals, providers and auto-matched referrals across the marketplace. */
export async function landingStats(ctx: ServiceContext): Promise<LandingStats> {
  const { deps } = ctx;
  if (cached && cached.database === deps.database && Date.now() - cached.at < LANDING_CACHE_MS)
    return cached.value;
  const [row] = await deps.database.query<{ referrals: number; providers: number; auto: number }>(
    `SELECT (SELECT count(*)::int FROM referrals) AS referrals,
            (SELECT count(*)::int FROM providers) AS providers,
            (SELECT count(*)::int FROM referrals WHERE match_method = 'auto') AS auto`,
  );
  const referrals = row?.referrals ?? 0;
  const auto = row?.auto ?? 0;
  const value = {
    referrals_count: referrals,
    providers_count: row?.providers ?? 0,
    auto_matched_count: auto,
    auto_matched_percent: autoMatchedPercent(auto, referrals),
  };
  cached = { at: Date.now(), value, database: deps.database };
  return value;
}

import type { TestApp } from '../../../../test/helpers.ts';

// Referrals in known states, written by SQL (the figures read the summaries the triggers keep, whatever wrote
// the rows), for the analytics tests to compute the expected figures by hand.

export type Seed = {
  status: string;
  created?: string;
  outcome?: string;
  acceptance?: string;
  provider?: number;
  /** Days from match to acceptance. */
  acceptedAfterDays?: number;
  needs?: string[];
  county?: string;
  cancellation?: string;
  noProvider?: boolean;
};

let serial = 0;

/** Inserts one referral of `organizationId` in the given state; returns its id. */
export async function seedReferral(t: TestApp, organizationId: number, seed: Seed): Promise<number> {
  serial++;
  const created = seed.created ?? '2025-03-10T12:00:00Z';
  const matchedAt = seed.provider || seed.acceptance ? '2025-03-11T00:00:00Z' : null;
  const acceptedAt =
    seed.acceptedAfterDays === undefined
      ? null
      : new Date(Date.parse('2025-03-11T00:00:00Z') + seed.acceptedAfterDays * 86_400_000).toISOString();
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO referrals (referral_number, organization_id, first_name, last_name, medicaid_id, primary_diagnosis,
       status, created_at, outcome, acceptance_status, matched_provider_id, matched_at, accepted_at, sdoh_needs,
       county_fips, cancellation_reason, no_provider_at)
     VALUES ($1, $2, 'Test', 'Member', $3, 'Z59.0', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     RETURNING id`,
    [
      `AN${String(serial).padStart(8, '0')}`,
      organizationId,
      `CA${String(serial).padStart(9, '0')}`,
      seed.status,
      created,
      seed.outcome ?? null,
      seed.acceptance ?? null,
      seed.provider ?? null,
      matchedAt,
      acceptedAt,
      seed.needs ?? [],
      seed.county ?? null,
      seed.cancellation ?? null,
      seed.noProvider ? created : null,
    ],
  );
  return row!.id;
}

/** A provider's decline of a referral, on its match entry. */
export async function seedDecline(t: TestApp, referralId: number, providerId: number, reason: string) {
  await t.database.query(
    `INSERT INTO referral_provider_matches (referral_id, provider_id, rank, status, decline_reason, answered_at)
     VALUES ($1, $2, 1, 'declined', $3, now())`,
    [referralId, providerId, reason],
  );
}

/** The summaries' live rows, and what analytics_rebuild() (a direct aggregate of the rows) makes of them. */
export async function summaryAgainstRebuild(t: TestApp): Promise<{ kept: string[]; rebuilt: string[] }> {
  const rows = async () =>
    (
      await t.database.query<{ line: string }>(
        `SELECT concat_ws('|', organization_id, span, day, status, outcome, acceptance_status, result, referrals, responses,
                response_seconds) AS line FROM referral_stats WHERE referrals <> 0
         UNION ALL
         SELECT concat_ws('|', facet, span, organization_id, day, value, result, referrals) FROM referral_facet_stats
          WHERE referrals <> 0
         ORDER BY 1`,
      )
    ).map((r) => r.line);
  const kept = await rows();
  await t.database.exec('SELECT analytics_rebuild()');
  return { kept, rebuilt: await rows() };
}

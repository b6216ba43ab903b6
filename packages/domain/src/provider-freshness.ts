// Directory freshness (issue #18 item 7): every listing has the time a source last confirmed it
// (`last_verified_at`: a registry import, or its own organization's "Confirm listing"), its data quality score is
// computed from what it holds, how recently it was confirmed and the registry's word on it, and a listing nobody
// confirmed for the stale time (DIRECTORY_STALE_AFTER_DAYS) is marked "may be out of date" and ranked lower.
//
// The server recomputes stored scores in SQL, set-wise (apps/server/src/modules/providers/directory/
// freshness-repo.ts): that SQL mirrors dataQualityScore below term by term, and a test holds the two equal.

import { IMPORT_DATA_SOURCE_INFO, type ProviderDataSource } from './provider-imports.ts';

/** Days without a confirmation after which a listing "may be out of date" (DIRECTORY_STALE_AFTER_DAYS). */
export const DIRECTORY_STALE_AFTER_DAYS_DEFAULT = 180;

export const DAY_MS = 86_400_000;

export const FRESHNESS_MESSAGES = {
  /** The words, shown on a listing nobody confirmed within the stale time. */
  mayBeOutOfDate: 'may be out of date',
  confirmListing: 'Confirm listing',
  listingConfirmed: (name: string) => `Listing of ${name} confirmed: it is marked current as of now.`,
  confirmFailed: 'Failed to confirm the listing. Please try again.',
  notOwn: (name: string) => `Only the organization of ${name} can confirm its listing.`,
  roleRequired: (name: string) =>
    `Only an administrator or a manager of ${name}'s organization can confirm its listing.`,
} as const;

/** Where a listing's data came from, as a person reads it (`providers.data_source`). */
export const PROVIDER_DATA_SOURCE_LABELS: Record<ProviderDataSource, string> = {
  cms_nppes: IMPORT_DATA_SOURCE_INFO.cms_nppes.label,
  cms_care_compare: IMPORT_DATA_SOURCE_INFO.cms_care_compare.label,
  hrsa: IMPORT_DATA_SOURCE_INFO.hrsa.label,
  hsds: IMPORT_DATA_SOURCE_INFO.hsds.label,
  organization: 'Added by an organization',
  demo: 'Demo data',
};

/**
 * Completeness points (60 of the 100): one share per field a coordinator relies on to reach the provider and
 * send a member there. Phone and services weigh most (a referral is sent by text or call, and matched by
 * service); the address and the coordinates place it for the member and for radius search; email, website,
 * languages and hours complete it. A field of blanks counts as missing.
 */
export const DATA_QUALITY_COMPLETENESS_POINTS = {
  phone: 12,
  services: 12,
  street_address: 6,
  zip_code: 4,
  coordinates: 8,
  email: 6,
  website: 4,
  languages: 4,
  hours: 4,
} as const;
export type CompletenessField = keyof typeof DATA_QUALITY_COMPLETENESS_POINTS;

/** Recency points (40 of the 100): full for half the stale time, then down to none at the stale time. */
export const DATA_QUALITY_RECENCY_POINTS = 40;

/**
 * A deactivated NPI (registry status) keeps one sixth of its completeness points (0-10) and none for recency: the
 * registry says it no longer practises there, so it is out of search and matching, and its score says why.
 */
export const DEACTIVATED_COMPLETENESS_DIVISOR = 6;

export type DataQualityInput = {
  phone: string | null;
  address: string | null;
  zipCode: string | null;
  latitude: number | null;
  longitude: number | null;
  services: readonly string[];
  email: string | null;
  website: string | null;
  languages: readonly string[];
  /** One free text per weekday; any non-blank day counts. */
  hoursOfOperation: Readonly<Record<string, unknown>> | null;
  lastVerifiedAt: Date;
  /** 'active', or 'deactivated' when the registry deactivated the NPI. */
  registryStatus: string;
  now: Date;
  staleAfterDays: number;
};

/** Not null and not only blanks (the SQL mirror: `~ '[^[:space:]]'`). */
function filled(value: string | null | undefined): boolean {
  return typeof value === 'string' && /\S/.test(value);
}

/** Which completeness fields a listing has. */
export function completenessOf(
  p: Omit<DataQualityInput, 'lastVerifiedAt' | 'registryStatus' | 'now' | 'staleAfterDays'>,
) {
  return {
    phone: filled(p.phone),
    services: p.services.length > 0,
    street_address: filled(p.address),
    zip_code: filled(p.zipCode),
    coordinates: p.latitude !== null && p.longitude !== null,
    email: filled(p.email),
    website: filled(p.website),
    languages: p.languages.length > 0,
    hours: Object.values(p.hoursOfOperation ?? {}).some((v) => typeof v === 'string' && filled(v)),
  } satisfies Record<CompletenessField, boolean>;
}

/** Whole days since the last confirmation (0 for a confirmation in the future). */
export function daysSinceVerified(lastVerifiedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - lastVerifiedAt.getTime()) / DAY_MS));
}

/**
 * Recency points: 40 while the last confirmation is at most half the stale time old, then falling in a straight
 * line to 0 at the stale time (so a complete listing reaches the call-first line of 70 before it goes out of
 * date, and a stale one keeps only its completeness).
 */
export function recencyPoints(ageDays: number, staleAfterDays: number): number {
  const half = staleAfterDays / 2;
  if (ageDays <= half) return DATA_QUALITY_RECENCY_POINTS;
  if (ageDays >= staleAfterDays) return 0;
  return (2 * DATA_QUALITY_RECENCY_POINTS * (staleAfterDays - ageDays)) / staleAfterDays;
}

/**
 * 0-100: completeness (60) + recency (40), rounded half up; a deactivated NPI only a sixth of its completeness.
 * The SQL of freshness-repo.ts computes the same, in the same order of operations.
 */
export function dataQualityScore(input: DataQualityInput): number {
  const has = completenessOf(input);
  let completeness = 0;
  for (const field of Object.keys(DATA_QUALITY_COMPLETENESS_POINTS) as CompletenessField[]) {
    if (has[field]) completeness += DATA_QUALITY_COMPLETENESS_POINTS[field];
  }
  if (input.registryStatus === 'deactivated') {
    return Math.floor(completeness / DEACTIVATED_COMPLETENESS_DIVISOR + 0.5);
  }
  const recency = recencyPoints(daysSinceVerified(input.lastVerifiedAt, input.now), input.staleAfterDays);
  return Math.floor(completeness + recency + 0.5);
}

/** The moment before which a confirmation is too old: listings last verified earlier "may be out of date". */
export function staleBefore(now: Date, staleAfterDays: number): Date {
  return new Date(now.getTime() - staleAfterDays * DAY_MS);
}

/** Whether no source and not its own organization confirmed the listing within the stale time. */
export function isOutOfDate(lastVerifiedAt: Date, now: Date, staleAfterDays: number): boolean {
  return lastVerifiedAt.getTime() < staleBefore(now, staleAfterDays).getTime();
}

/**
 * The ranking's demotion of an out-of-date listing: it ranks as if it were this many miles farther away. In the
 * nearest-first orders (auto-match, the cascade, the directory's radius search) its distance counts this much
 * more; in the match score it loses what these miles are worth there (match-score.ts OUT_OF_DATE_MATCH_PENALTY).
 * Enough to put a confirmed provider across a neighbourhood first, not to send a member across the metro.
 */
export const OUT_OF_DATE_PENALTY_MILES = 15;

import {
  type MatchedProviderEntry,
  type MatchedProviderStatus,
  type MatchingReferral,
  normaliseReferralStatus,
  PROVIDER_MESSAGES,
  REFERRAL_MESSAGES,
  roundMiles,
  urgencyToServer,
} from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { lookupZip } from '../../providers/directory/geography.ts';
import { listMatchEntries, type MatchEntry } from '../referral-sending/match-entries.ts';
import type { ReferralRecord } from '../referrals/lookups.ts';
import { lockReferralForChange, saveMemberLocation } from '../referrals/match-state.ts';
import * as repo from './repo.ts';

// What every matching screen and change shares: a referral as the matching screens show it (001 §3 "Referral
// (as used for matching)") with its matched provider entries, the member's location, and the locked referral a
// change acts on.

/** One screen's list is bounded; the queue (000) pages through everything. */
export const SCREEN_LIMIT = 100;

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEntry(e: MatchEntry): MatchedProviderEntry {
  return {
    provider_id: e.providerId,
    provider_name: e.providerName,
    organization_name: e.providerName,
    distance_miles: e.distanceMiles === null ? null : roundMiles(e.distanceMiles),
    services: e.services,
    status: e.status as MatchedProviderStatus,
    sent_at: iso(e.sentAt),
    communication_method: e.communicationMethod,
    contact_value: e.contactValue,
    rank: e.rank,
    round: e.round,
    expires_at: iso(e.expiresAt),
    answered_at: iso(e.answeredAt),
    decline_reason: e.declineReason,
  };
}

/** 001 §3: 'Auto-Matched' is what the screens call a referral the engine matched (stored Matched + auto). */
function statusLabel(r: repo.ReferralSummaryRow): string {
  if (r.status === 'matched' && r.matchMethod === repo.AUTO_METHOD && r.matchedProviderId === null) {
    return 'Auto-Matched';
  }
  return normaliseReferralStatus(r.status);
}

function toMatchingReferral(r: repo.ReferralSummaryRow, entries: MatchEntry[]): MatchingReferral {
  return {
    id: r.id,
    referral_number: r.referralNumber,
    member_name: [r.firstName, r.lastName].filter(Boolean).join(' '),
    medicaid_id: r.medicaidId ?? '',
    zip_code: r.zipCode,
    city: r.city,
    state: r.state,
    latitude: r.latitude,
    longitude: r.longitude,
    primary_diagnosis: r.primaryDiagnosis ?? '',
    sdoh_needs: r.sdohNeeds ?? [],
    // Issue #14: the chosen level, and the spec's server value derived from it.
    urgency: r.urgency ?? 'Routine',
    urgency_level: urgencyToServer(r.urgency ?? 'Routine'),
    preferred_language: r.preferredLanguage ?? '',
    status: r.status,
    status_label: statusLabel(r),
    use_matching_engine: r.useMatchingEngine ?? true,
    created_at: r.createdAt.toISOString(),
    matched_at: iso(r.matchedAt),
    auto_matched_at: iso(r.autoMatchedAt),
    match_method: r.matchMethod,
    matched_provider_id: r.matchedProviderId,
    matched_provider_name: r.matchedProviderName,
    matched_providers: entries.map(toEntry),
  };
}

/** The referrals of a screen with their entries (one query for all the entries). */
export async function withEntries(
  ctx: ServiceContext,
  rows: repo.ReferralSummaryRow[],
): Promise<MatchingReferral[]> {
  const entries = await listMatchEntries(ctx, { referralIds: rows.map((r) => r.id) });
  return rows.map((r) =>
    toMatchingReferral(
      r,
      entries.filter((e) => e.referralId === r.id),
    ),
  );
}

/** One referral as the matching screens show it (the answer of every change). */
export async function matchingReferral(ctx: ServiceContext, id: number): Promise<MatchingReferral> {
  const row = await repo.findSummary(ctx.db, id);
  if (!row) throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound);
  const [one] = await withEntries(ctx, [row]);
  return one!;
}

/**
 * The member's location: the stored point, else the ZIP's centroid (saved on the referral, so a referral
 * created before geocoding existed gets one the first time it is matched). Null when neither is known.
 */
export async function memberLocation(ctx: ServiceContext, r: ReferralRecord) {
  if (r.latitude !== null && r.longitude !== null) return { latitude: r.latitude, longitude: r.longitude };
  const place = r.zipCode ? lookupZip(r.zipCode) : null;
  if (!place) return null;
  const point = { latitude: place.latitude, longitude: place.longitude };
  await saveMemberLocation(ctx, { id: r.id, ...point });
  return point;
}

export function noLocation() {
  return new AppError('match.member_location_unknown', PROVIDER_MESSAGES.autoMatchNoLocation);
}

/**
 * The referral a change acts on, locked for the transaction (`ctx` is the transaction's). Callers check
 * ownership first (findOwnedReferral: other organizations get 404), outside the transaction, as the referrals
 * module does.
 */
export async function lockOwned(ctx: ServiceContext, id: number): Promise<ReferralRecord> {
  const record = await lockReferralForChange(ctx, { id });
  if (!record) throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound);
  return record;
}

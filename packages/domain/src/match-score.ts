// The match ranking (001 §2.3 "AI match results", issue text "a transparent score in 0-1"): a pure function of
// the referral and one candidate provider, with the reason for every factor, so a coordinator sees why a provider
// ranks where it does. The server ranks with it; the web app only shows what the server sent.

import { OUT_OF_DATE_PENALTY_MILES } from './provider-freshness.ts';
import { AUTO_MATCH_RADIUS_MILES, DISTANCE_FALLBACK_MILES, roundMiles } from './providers.ts';

/**
 * Referral needs (000 §9) and the directory service names (001 §9) that serve them. Providers list either, so a
 * need is met by a provider offering the need itself or one of its service names.
 */
export const NEED_SERVICES: Record<string, readonly string[]> = {
  'Housing Assistance': ['Housing Assistance', 'Housing Support'],
  Transportation: ['Transportation'],
  'Food Assistance': ['Food Assistance'],
  'Mental Health Support': ['Mental Health', 'Mental Health Services', 'Behavioral Health'],
  'Substance Abuse Treatment': ['Substance Abuse Treatment'],
  'Financial Assistance': ['Financial Counseling', 'Benefits Enrollment', 'Emergency Assistance'],
  'Healthcare Access': ['Healthcare Navigation', 'Primary Care'],
  'Education Support': ['Education Services'],
  'Employment Support': ['Employment Services'],
  'Legal Services': ['Legal Aid'],
  'Childcare Support': ['Childcare'],
  'Utility Assistance': ['Utility Assistance'],
};

/** The service names that serve one need: the need itself plus its directory names. */
export function servicesForNeed(need: string): string[] {
  return [...new Set([need, ...(NEED_SERVICES[need] ?? [])])];
}

/** Every service name that serves at least one of the needs (auto-match's "offers a needed service" filter). */
export function servicesForNeeds(needs: readonly string[]): string[] {
  return [...new Set(needs.flatMap(servicesForNeed))];
}

/**
 * Weights of the factors; they sum to 1 so the score stays in 0-1.
 *
 * Distance and services stay dominant (0.6 together): a provider that is far away or does not serve the need
 * cannot help, however well it did before. Language and capacity keep 0.1 each: they decide whether the member
 * can be served now. The member's answer (issue #14 item 4, "did you get the help you needed?") is the one
 * figure that says whether help arrived, so it joins the provider's past acceptance as a past-outcome factor:
 * the two share 0.15 equally (0.075 each; answers are fewer than acceptances and both are smoothed towards 0.5,
 * so neither alone outweighs a few miles). The 0.05 they gain beyond acceptance's old 0.1 comes from data
 * quality (0.1 → 0.05), which measures the listing, not the service.
 */
export const MATCH_WEIGHTS = {
  distance: 0.3,
  services: 0.3,
  language: 0.1,
  capacity: 0.1,
  quality: 0.05,
  acceptance: 0.075,
  member_confirmed: 0.075,
} as const;
export type MatchFactor = keyof typeof MATCH_WEIGHTS;

export const MATCH_FACTOR_LABELS: Record<MatchFactor, string> = {
  distance: 'Distance',
  services: 'Services',
  language: 'Language',
  capacity: 'Capacity',
  quality: 'Data quality',
  acceptance: 'Acceptance rate',
  member_confirmed: 'Member-confirmed',
};

/**
 * Issue #18 item 7: a listing no source confirmed within the stale time ranks as if it were
 * OUT_OF_DATE_PENALTY_MILES (15) farther away: it loses distance's weight × 15 / 50 miles = 0.09 of its score,
 * shown as one more reason line ('out_of_date', a negative weight) only when it applies.
 */
export const OUT_OF_DATE_MATCH_PENALTY =
  Math.round(((MATCH_WEIGHTS.distance * OUT_OF_DATE_PENALTY_MILES) / AUTO_MATCH_RADIUS_MILES) * 1000) / 1000;
export const OUT_OF_DATE_REASON_LABEL = 'May be out of date';
/** The reasons' factors: the weighted ones, and the out-of-date penalty. */
export const MATCH_REASON_FACTORS = [
  ...(Object.keys(MATCH_WEIGHTS) as MatchFactor[]),
  'out_of_date',
] as const;
export type MatchReasonFactor = MatchFactor | 'out_of_date';

export type MatchReferralInput = { needs: readonly string[]; language: string | null };
export type MatchCandidateInput = {
  /** Null when either side has no coordinates: the 001 §9 distance fallback (999 miles) applies. */
  distanceMiles: number | null;
  services: readonly string[];
  languages: readonly string[];
  capacityStatus: string;
  capacityWaitDays: number | null;
  dataQualityScore: number | null;
  /** Past outcomes of this provider's matches: accepted (or completed) out of all decided. */
  acceptance: { accepted: number; total: number };
  /** Members' answers to the follow-up question about this provider's completed referrals: YES out of answered. */
  memberConfirmed: { yes: number; answered: number };
  /** When the listing was last confirmed and whether that is longer ago than the stale time (issue #18 item 7). */
  freshness?: { lastVerifiedAt: Date; outOfDate: boolean } | undefined;
};
export type MatchReason = {
  factor: MatchReasonFactor;
  label: string;
  value: number;
  weight: number;
  detail: string;
};
export type MatchScore = { score: number; reasons: MatchReason[] };

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** 1 at the member's door, 0 at the auto-match radius (50 miles) or beyond; unknown distance counts as 999. */
export function distanceFactor(distanceMiles: number | null): { value: number; detail: string } {
  const miles = distanceMiles ?? DISTANCE_FALLBACK_MILES;
  const value = clamp01(1 - miles / AUTO_MATCH_RADIUS_MILES);
  const detail =
    distanceMiles === null ? 'Distance unknown (no location)' : `${roundMiles(miles)} miles from the member`;
  return { value, detail };
}

/** The share of the referral's needs the provider serves; a referral without needs asks for nothing. */
export function servicesFactor(needs: readonly string[], services: readonly string[]) {
  if (needs.length === 0) return { value: 1, detail: 'No specific needs on the referral' };
  const offered = new Set(services);
  const met = needs.filter((n) => servicesForNeed(n).some((s) => offered.has(s)));
  const detail = met.length
    ? `Serves ${met.length} of ${needs.length} needs: ${met.join(', ')}`
    : `Serves none of the needs (${needs.join(', ')})`;
  return { value: met.length / needs.length, detail };
}

/** Language names differ between the forms ("Mandarin" vs "Chinese (Mandarin)"): compare the core word. */
function languageKey(language: string): string {
  const m = /\(([^)]+)\)/.exec(language);
  return (m ? m[1]! : language).trim().toLowerCase();
}

/** 1 when the provider speaks the member's language, 0 when it lists others only, 0.5 when it lists none. */
export function languageFactor(language: string | null, languages: readonly string[]) {
  const wanted = language?.trim() || 'English';
  if (languages.length === 0) return { value: 0.5, detail: 'Languages not listed' };
  const speaks = languages.some((l) => languageKey(l) === languageKey(wanted));
  return { value: speaks ? 1 : 0, detail: speaks ? `Speaks ${wanted}` : `Does not list ${wanted}` };
}

/** Accepting 1; a waitlist loses value with the wait (0.5 at most, 0.1 at 60+ days); full 0. */
export function capacityFactor(status: string, waitDays: number | null) {
  if (status === 'full') return { value: 0, detail: 'Full: not taking referrals' };
  if (status === 'waitlist') {
    const value = waitDays === null ? 0.3 : Math.max(0.1, 0.5 - (0.4 * waitDays) / 60);
    return { value, detail: waitDays === null ? 'Waitlist' : `Waitlist, about ${waitDays} days` };
  }
  return { value: 1, detail: 'Accepting referrals' };
}

/** Data quality 0-100 (001 §9); a provider never rated counts as middling. */
export function qualityFactor(score: number | null) {
  if (score === null) return { value: 0.5, detail: 'Data quality not rated' };
  return { value: clamp01(score / 100), detail: `Data quality ${score}/100` };
}

/**
 * Past acceptance, smoothed (accepted + 1) / (decided + 2): a provider without history starts at 0.5, and each
 * recorded outcome (a provider's answer, a coordinator's feedback) moves it.
 */
export function acceptanceFactor(accepted: number, total: number) {
  const value = (accepted + 1) / (total + 2);
  const detail = total === 0 ? 'No past outcomes yet' : `${accepted} of ${total} past matches accepted`;
  return { value, detail };
}

/**
 * The members' answers, smoothed like acceptance: (YES + 1) / (answered + 2), so a provider no member has
 * answered about yet starts at 0.5 and each YES or NO moves it. Unanswered and late questions are not answers.
 */
export function memberConfirmedFactor(yes: number, answered: number) {
  const value = (yes + 1) / (answered + 2);
  const detail =
    answered === 0 ? 'No member answers yet' : `${yes} of ${answered} members confirmed they were helped`;
  return { value, detail };
}

/** The out-of-date penalty's reason line, or null for a listing confirmed within the stale time. */
export function outOfDateReason(freshness: MatchCandidateInput['freshness']): MatchReason | null {
  if (!freshness?.outOfDate) return null;
  return {
    factor: 'out_of_date',
    label: OUT_OF_DATE_REASON_LABEL,
    value: 1,
    weight: -OUT_OF_DATE_MATCH_PENALTY,
    detail: `Listing may be out of date: last verified ${freshness.lastVerifiedAt.toISOString().slice(0, 10)}`,
  };
}

/**
 * The weighted score in 0-1 (rounded to 0.001) and the reason for each factor; an out-of-date listing loses
 * OUT_OF_DATE_MATCH_PENALTY, with its reason last.
 */
export function scoreMatch(referral: MatchReferralInput, c: MatchCandidateInput): MatchScore {
  const parts: Record<MatchFactor, { value: number; detail: string }> = {
    distance: distanceFactor(c.distanceMiles),
    services: servicesFactor(referral.needs, c.services),
    language: languageFactor(referral.language, c.languages),
    capacity: capacityFactor(c.capacityStatus, c.capacityWaitDays),
    quality: qualityFactor(c.dataQualityScore),
    acceptance: acceptanceFactor(c.acceptance.accepted, c.acceptance.total),
    member_confirmed: memberConfirmedFactor(c.memberConfirmed.yes, c.memberConfirmed.answered),
  };
  const factors = Object.keys(MATCH_WEIGHTS) as MatchFactor[];
  const reasons: MatchReason[] = factors.map((factor) => ({
    factor,
    label: MATCH_FACTOR_LABELS[factor],
    value: Math.round(parts[factor].value * 1000) / 1000,
    weight: MATCH_WEIGHTS[factor],
    detail: parts[factor].detail,
  }));
  let score = factors.reduce((sum, f) => sum + parts[f].value * MATCH_WEIGHTS[f], 0);
  const penalty = outOfDateReason(c.freshness);
  if (penalty) {
    reasons.push(penalty);
    score -= OUT_OF_DATE_MATCH_PENALTY;
  }
  return { score: Math.round(clamp01(score) * 1000) / 1000, reasons };
}

/** 001 §9 match score colour: 80%+ green, 60%+ yellow, else red. */
export function matchScoreColor(score: number): 'green' | 'yellow' | 'red' {
  if (score >= 0.8) return 'green';
  if (score >= 0.6) return 'yellow';
  return 'red';
}

/** A score as the percentage a badge shows ("84%"). */
export function matchScorePercent(score: number): string {
  return `${Math.round(score * 100)}%`;
}

// Referral enumerations and the pure mapping rules between the client and server shapes (000 §3, §4; 003 §3).

/** Referral statuses as stored and sent by the server (000 §4.1), in snake_case. */
export const REFERRAL_STATUSES = [
  'pending',
  'matched',
  'authorized',
  'accepted',
  'in_progress',
  'on_hold',
  'completed',
  'rejected',
  // Issue #14, the closed loop: the provider did not answer in time; the referrer withdrew the referral.
  'expired',
  'cancelled',
] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  pending: 'Pending',
  matched: 'Matched',
  authorized: 'Authorized',
  accepted: 'Accepted',
  in_progress: 'In Progress',
  on_hold: 'On Hold',
  completed: 'Completed',
  rejected: 'Rejected',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/**
 * 003 §3 status normaliser: lower- and upper-case variants map to display labels, default Pending.
 * Labels themselves ("In Progress") also normalise to themselves.
 */
export function normaliseReferralStatus(value: string | null | undefined): string {
  const key = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_') as ReferralStatus;
  return REFERRAL_STATUS_LABELS[key] ?? 'Pending';
}

/** 000 §4.2 acceptance status of the matched provider. */
export const ACCEPTANCE_STATUSES = ['pending', 'accepted', 'rejected', 'expired'] as const;
export type AcceptanceStatus = (typeof ACCEPTANCE_STATUSES)[number];

/** Client urgency levels (000 §9) and the server's (000 §3.2). */
export const CLIENT_URGENCIES = ['Immediate', 'Within 24h', 'Within 1 Week', 'Routine'] as const;
export type ClientUrgency = (typeof CLIENT_URGENCIES)[number];
export const SERVER_URGENCIES = ['Emergency', 'Urgent', 'Routine'] as const;
export type ServerUrgency = (typeof SERVER_URGENCIES)[number];

/** 000 §3.2: Immediate→Emergency, Within 24h→Urgent, Within 1 Week→Urgent, Routine→Routine. */
export function urgencyToServer(value: string): ServerUrgency {
  switch (value) {
    case 'Immediate':
      return 'Emergency';
    case 'Within 24h':
    case 'Within 1 Week':
      return 'Urgent';
    default:
      return 'Routine';
  }
}

/** 000 §3.2 reverse: Emergency→Immediate, Urgent→Within 24h, anything else→Routine. */
export function urgencyToClient(value: string | null | undefined): ClientUrgency {
  if (value === 'Emergency') return 'Immediate';
  if (value === 'Urgent') return 'Within 24h';
  return 'Routine';
}

export function isClientUrgency(value: unknown): value is ClientUrgency {
  return (CLIENT_URGENCIES as readonly unknown[]).includes(value);
}

/** The client levels a server value stands for: Urgent is both Within 24h and Within 1 Week (000 §3.2). */
export function clientUrgenciesOf(value: ServerUrgency): ClientUrgency[] {
  return CLIENT_URGENCIES.filter((level) => urgencyToServer(level) === value);
}

/**
 * The level a create or edit stores (issue #14: the referral keeps the coordinator's choice). `urgency` is the
 * choice itself; a client of the spec sends only the server value `urgency_level`, which names a level only
 * when it stands for one: Urgent is read as Within 24h (000 §3.2 reverse), unless the referral already holds a
 * level that Urgent stands for (Within 1 Week): an edit that sends back the Urgent it read keeps that level, so
 * the server value is never fed back into the choice.
 */
export function chosenUrgency(
  given: { urgency?: ClientUrgency | null; urgency_level?: ServerUrgency | null },
  stored?: string | null,
): ClientUrgency {
  if (given.urgency) return given.urgency;
  if (!given.urgency_level) return 'Routine';
  if (isClientUrgency(stored) && urgencyToServer(stored) === given.urgency_level) return stored;
  return urgencyToClient(given.urgency_level);
}

/** 000 §9 Social needs. */
export const HOUSING_NEED = 'Housing Assistance';
export const TRANSPORTATION_NEED = 'Transportation';
export const HOUSING_SUBCATEGORIES = [
  'Housing navigation',
  'Housing deposits / move-in costs',
  'Housing tenancy support',
  'Transitional housing',
] as const;
export const TRANSPORTATION_SUBCATEGORIES = [
  'Non-Emergency Medical Transportation (NEMT)',
  'Bus passes / transit vouchers',
] as const;
export const OTHER_NEEDS = [
  'Food Assistance',
  'Mental Health Support',
  'Substance Abuse Treatment',
  'Financial Assistance',
  'Healthcare Access',
  'Education Support',
  'Employment Support',
  'Legal Services',
  'Childcare Support',
  'Utility Assistance',
] as const;

export const HEALTH_PLANS = [
  'Anthem Blue Cross',
  'Kaiser Permanente',
  'Health Net',
  'Molina Healthcare',
  'Centene Corporation',
  'UnitedHealthcare',
  'Other',
] as const;
export const PLAN_TYPES = ['Managed Care', 'Fee-for-Service'] as const;
export const AVAILABILITY_OPTIONS = ['Weekdays 9am-5pm', 'Weekends', 'Anytime'] as const;
export const LANGUAGES = [
  'English',
  'Spanish',
  'Mandarin',
  'Cantonese',
  'Vietnamese',
  'Korean',
  'Tagalog',
  'Arabic',
  'French',
  'Other',
] as const;

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

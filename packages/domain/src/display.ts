import { isClientUrgency, normaliseReferralStatus, urgencyToClient } from './referrals.ts';

// Pure display rules of the referral screens (000 §4.1, §9), shared by every screen that shows them.

/** 000 §4.1 badge colours: Pending orange, Matched and Authorized blue, In Progress purple, Completed green. */
export function statusColor(status: string | null | undefined): string {
  switch (normaliseReferralStatus(status)) {
    case 'Pending':
      return 'orange';
    case 'Matched':
    case 'Authorized':
      return 'blue';
    case 'In Progress':
      return 'grape';
    case 'Completed':
      return 'green';
    default:
      return 'gray';
  }
}

/**
 * The client urgency label of a chosen level (what a referral stores, issue #14), itself; of a server value
 * (000 §3.2), its reverse mapping.
 */
export function urgencyLabel(value: string | null | undefined): string {
  return isClientUrgency(value) ? value : urgencyToClient(value);
}

/** 000 §9 urgency colours: Immediate red, Within 24h orange, Within 1 Week yellow, else green. */
export function urgencyColor(value: string | null | undefined): string {
  switch (urgencyLabel(value)) {
    case 'Immediate':
      return 'red';
    case 'Within 24h':
      return 'orange';
    case 'Within 1 Week':
      return 'yellow';
    default:
      return 'green';
  }
}

/** 000 §9 relative ages: "Just now", "N min ago", "Nh ago", "Nd ago". */
export function relativeAge(at: string | Date, now: Date = new Date()): string {
  const ms = now.getTime() - new Date(at).getTime();
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** 000 §9 file sizes in B, KB, MB (one decimal above bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 000 §2.5: days left until `expiresAt`, rounded up; "Expiring Soon" at 3 or fewer. */
export function daysUntil(expiresAt: string | Date, now: Date = new Date()): number {
  return Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / 86_400_000);
}

export const EXPIRY_WARNING_DAYS = 3;
/** 000 §9: the provider has 7 days to answer a match. */
export const RESPONSE_WINDOW_DAYS = 7;

import type { ProviderReferral } from '@trust/domain';

/** A call status as words: 'no_answer' → 'no answer'. */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}

/** A referral in the phone view's dropdowns: its number and the member. */
export function referralOptionLabel(referral: ProviderReferral): string {
  return `${referral.referral_number} · ${referral.member_name}`;
}

/** 001 §2.14 active-call banner: the first 12 characters of the call id. */
export function shortCallId(id: string): string {
  return id.slice(0, 12);
}

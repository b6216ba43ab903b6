import type { ClientReferral } from '@trust/domain';

// Display rules of the Case Workspace (000 §2.7): contact links, dates and the matched provider's state.

function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** A dialable number: 10 US digits get the +1 country code; anything else is dialled as typed. */
function dialable(phone: string): string | null {
  const digits = digitsOf(phone);
  if (!digits) return null;
  return digits.length === 10 ? `+1${digits}` : digits;
}

/** 000 §2.7 Call Member: a telephone link, or null when no phone is on file. */
export function telHref(phone: string): string | null {
  const number = dialable(phone);
  return number ? `tel:${number}` : null;
}

/** 000 §2.7 Send SMS: an sms link, or null when no phone is on file. */
export function smsHref(phone: string): string | null {
  const number = dialable(phone);
  return number ? `sms:${number}` : null;
}

/** 000 §2.7 Send Email: a mail link, or null when no address is on file. */
export function mailtoHref(email: string): string | null {
  const address = email.trim();
  return address ? `mailto:${address}` : null;
}

/** The member's address on one line ("410 Alder Way, Los Angeles, CA 90012"), or '' when nothing is known. */
export function memberAddress(
  r: Pick<ClientReferral, 'streetAddress' | 'city' | 'state' | 'zipCode'>,
): string {
  const stateZip = [r.state, r.zipCode]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  return [r.streetAddress, r.city, stateZip]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}

/** 000 §2.7 Address: a maps search link for the address, or null when there is none. */
export function mapsHref(address: string): string | null {
  const query = address.trim();
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}

export type ProviderState = 'pending' | 'sent' | 'accepted' | 'rejected' | 'expired' | 'not_selected';

/**
 * 000 §2.7 / 001 §3 matched provider entry status: the referral was sent to the provider when it was matched;
 * then the provider accepted or rejected it, or let it expire.
 */
export function providerState(r: Pick<ClientReferral, 'acceptanceStatus'>): ProviderState {
  switch (r.acceptanceStatus) {
    case 'accepted':
      return 'accepted';
    case 'rejected':
      return 'rejected';
    case 'expired':
      return 'expired';
    case 'pending':
      return 'sent';
    default:
      return 'pending';
  }
}

export const PROVIDER_STATE_LABELS: Record<ProviderState, string> = {
  pending: 'Pending',
  sent: 'Sent',
  accepted: 'Accepted',
  rejected: 'Rejected',
  expired: 'Expired',
  not_selected: 'Not Selected',
};

export const PROVIDER_STATE_COLORS: Record<ProviderState, string> = {
  pending: 'yellow',
  sent: 'blue',
  accepted: 'green',
  rejected: 'red',
  expired: 'gray',
  not_selected: 'gray',
};

/** 001 §9: the first 3 services, then "+N more". */
export function servicesPreview(services: readonly string[], shown = 3): { shown: string[]; more: number } {
  return { shown: services.slice(0, shown), more: Math.max(0, services.length - shown) };
}

/** 000 §2.7: the Find Providers button shows only while the referral is Pending or On Hold. */
export function canFindProviders(status: string): boolean {
  const key = status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return key === 'pending' || key === 'on_hold';
}

import { type ClientReferral, normaliseReferralStatus } from '@trust/domain';

/**
 * The notice after a status change (000 §8 "Status update success"): the new status, where the change shows
 * (Case Timeline, Capacity Dashboard for Matched or Accepted, Member Profile) and, for Matched or Authorized,
 * the SMS the server sent the member (000 §2.3; the server skips it when no phone is on file). Shared by the
 * queue and the case workspace, where the status changes.
 */
export function statusUpdateNotice(referral: Pick<ClientReferral, 'status' | 'phoneNumber'>): {
  title: string;
  lines: string[];
} {
  const label = normaliseReferralStatus(referral.status);
  const places = ['Case Timeline'];
  if (label === 'Matched' || label === 'Accepted') places.push('Capacity Dashboard');
  places.push('Member Profile');
  const lines = [`This change is now reflected in: ${places.join(', ')}.`];
  if (label === 'Matched' || label === 'Authorized') {
    if (!referral.phoneNumber) {
      lines.push('No phone number is on file, so the member could not be sent an SMS.');
    } else if (label === 'Authorized') {
      lines.push('The member was sent an SMS saying a provider will contact them within 24 hours.');
    } else {
      lines.push('The member was sent an SMS notification.');
    }
  }
  return { title: `Status updated to "${label}"!`, lines };
}

import type { AppDeps } from '../../../platform/deps.ts';
import type { DomainEventSubscriptions } from '../../../platform/domain-events.ts';

/** The Server-Sent Event every organization related to a referral receives when its history grows. */
export const REFERRAL_CHANGED_EVENT = 'referral.changed';

/**
 * The browser's side of a referral's domain events: each process hands 'referral.changed' to its own open
 * streams of the organizations that see the referral (its owner and its matched provider's), so open queues
 * and workspaces refresh. Ids, number and status only: no PHI. An organization the change is hidden from (an
 * internal note, for the provider's organization) hears nothing, not even that it happened.
 */
export function referralLiveEvents(deps: AppDeps): DomainEventSubscriptions {
  return {
    'referral.changed': ({ data }) => {
      const wire = {
        id: data.referral_id,
        referral_number: data.referral_number,
        status: data.status,
        change: data.change,
      };
      for (const orgId of new Set([data.organization_id, data.provider_organization_id])) {
        if (orgId === null || data.hidden_from.includes(orgId)) continue;
        deps.events.deliverLocal(REFERRAL_CHANGED_EVENT, { kind: 'org', org_id: orgId }, wire);
      }
    },
  };
}

import type { CodeableConcept, ServiceRequest } from '@medplum/fhirtypes';
import {
  FHIR_PROFILES,
  type Referral,
  type ReferralStatus,
  SDOH_CATEGORIES,
  SDOHCC_TEMPORARY_CODES,
  SOCIAL_SERVICE_PROCEDURE,
  sdohCategoryOfNeed,
} from '@trust/domain';
import { organizationRef, patientRef, priorityOf, providerRef, referralIdentifier } from './references.ts';

// A referral as an SDOHCC ServiceRequest (SDOH Clinical Care 2.3.0, on US Core ServiceRequest 7.0.0): what is
// asked for, for whom, by whom. Its fulfilment (who took it, how it went) is the Task with the same id.

type RequestStatus = ServiceRequest['status'];

/**
 * The request's status: the referrer's order stays active while anyone works on it or it waits for a provider
 * (a decline or an expiry sends it back to matching); held, completed and withdrawn show as such.
 */
const REQUEST_STATUS_OF_REFERRAL: Record<ReferralStatus, RequestStatus> = {
  pending: 'active',
  matched: 'active',
  authorized: 'active',
  accepted: 'active',
  in_progress: 'active',
  rejected: 'active',
  expired: 'active',
  on_hold: 'on-hold',
  completed: 'completed',
  cancelled: 'revoked',
};

export function requestStatusOfReferral(status: ReferralStatus): RequestStatus {
  return REQUEST_STATUS_OF_REFERRAL[status];
}

/** The referral statuses a ServiceRequest status stands for (the search `ServiceRequest?status=`). */
export function referralStatusesOfRequestStatus(status: string): ReferralStatus[] {
  return (Object.entries(REQUEST_STATUS_OF_REFERRAL) as [ReferralStatus, RequestStatus][])
    .filter(([, s]) => s === status)
    .map(([r]) => r);
}

/** One SDOH category per distinct category of the referral's needs (the need's own words in text). */
export function categoriesOf(needs: readonly string[]): CodeableConcept[] {
  const byCode = new Map<string, string[]>();
  for (const need of needs) {
    const code = sdohCategoryOfNeed(need);
    byCode.set(code, [...(byCode.get(code) ?? []), need]);
  }
  if (byCode.size === 0) byCode.set('sdoh-category-unspecified', []);
  return [...byCode].map(([code, words]) => ({
    coding: [
      {
        system: SDOHCC_TEMPORARY_CODES,
        code,
        display: SDOH_CATEGORIES[code as keyof typeof SDOH_CATEGORIES],
      },
    ],
    ...(words.length ? { text: words.join(', ') } : {}),
  }));
}

export function toServiceRequest(r: Referral): ServiceRequest {
  const performer = providerRef(r);
  const needs = r.sdoh_needs.join(', ');
  const closedAt = r.completed_at ?? r.cancelled_at;
  return {
    resourceType: 'ServiceRequest',
    id: String(r.id),
    meta: { profile: [FHIR_PROFILES.ServiceRequest], lastUpdated: r.updated_at },
    identifier: referralIdentifier(r),
    status: requestStatusOfReferral(r.status as ReferralStatus),
    intent: 'order',
    category: [{ coding: [SOCIAL_SERVICE_PROCEDURE] }, ...categoriesOf(r.sdoh_needs)],
    priority: priorityOf(r.urgency),
    code: {
      coding: [SOCIAL_SERVICE_PROCEDURE],
      text: needs ? `Social needs referral: ${needs}` : 'Social needs referral',
    },
    subject: patientRef(r),
    authoredOn: r.created_at,
    occurrencePeriod: { start: r.created_at, ...(closedAt ? { end: closedAt } : {}) },
    requester: organizationRef(r.organization_id),
    ...(performer ? { performer: [performer] } : {}),
    ...(r.primary_diagnosis ? { reasonCode: [{ text: r.primary_diagnosis }] } : {}),
    ...(r.member_consent_obtained ? { supportingInfo: [{ reference: `Consent/${r.id}` }] } : {}),
    ...(r.additional_notes ? { note: [{ text: r.additional_notes }] } : {}),
  };
}

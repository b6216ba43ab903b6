import type { Task, TaskOutput } from '@medplum/fhirtypes';
import {
  FHIR_PROFILES,
  REFERRAL_OUTCOME_LABELS,
  REFERRAL_STATUS_LABELS,
  type Referral,
  type ReferralOutcome,
  type ReferralStatus,
  SDOHCC_TEMPORARY_CODES,
  SOCIAL_SERVICE_PROCEDURE,
  TASK_CODE_SYSTEM,
} from '@trust/domain';
import {
  REFERRAL_OUTCOME_CODE_SYSTEM,
  REFERRAL_STATUS_CODE_SYSTEM,
  taskStatusOfReferral,
  taskVersionOf,
} from '@trust/domain/fhir-task-status';
import { organizationRef, patientRef, priorityOf, providerRef, referralIdentifier } from './references.ts';

// A referral's lifecycle as an SDOHCC Task For Referral Management (SDOH Clinical Care 2.3.0): status from the
// shared mapping (packages/domain/src/fhir-task-status.ts), the app's finer status in businessStatus, the
// provider that took it as owner, and the outcome as output once completed.

/** Why the Task stands where it is (the profile requires statusReason.text whenever statusReason is sent). */
function statusReasonOf(r: Referral): string | null {
  switch (r.status) {
    case 'rejected':
      return r.rejection_reason || 'The provider declined the referral.';
    case 'expired':
      return 'The provider did not answer before the referral expired.';
    case 'cancelled':
      return r.cancellation_reason || 'The referring organization cancelled the referral.';
    case 'on_hold':
      return 'The provider put the referral on hold.';
    default:
      return null;
  }
}

/**
 * The completed referral's result. Service provided: the IG's resulting activity (a US Core procedure code,
 * required by the PerformedActivityCode slice), with our outcome beside it. Any other outcome performed no
 * activity, so it travels as the outcome alone.
 */
function outputOf(r: Referral): TaskOutput[] {
  if (r.status !== 'completed') return [];
  const outcome = r.outcome as ReferralOutcome | null;
  const label = outcome ? REFERRAL_OUTCOME_LABELS[outcome] : 'Completed';
  const text = r.outcome_note ? `${label}: ${r.outcome_note}` : label;
  const outcomeCoding = outcome
    ? [{ system: REFERRAL_OUTCOME_CODE_SYSTEM, code: outcome, display: label }]
    : [];
  if (outcome === null || outcome === 'service_provided') {
    return [
      {
        type: {
          coding: [
            { system: SDOHCC_TEMPORARY_CODES, code: 'resulting-activity', display: 'Resulting Activity' },
          ],
        },
        valueCodeableConcept: { coding: [SOCIAL_SERVICE_PROCEDURE, ...outcomeCoding], text },
      },
    ];
  }
  return [
    {
      type: {
        coding: [{ system: REFERRAL_OUTCOME_CODE_SYSTEM, code: 'outcome', display: 'Referral outcome' }],
      },
      valueCodeableConcept: { coding: outcomeCoding, text },
    },
  ];
}

export function toTask(r: Referral): Task {
  const status = r.status as ReferralStatus;
  const reason = statusReasonOf(r);
  const owner = providerRef(r);
  const output = outputOf(r);
  const label = REFERRAL_STATUS_LABELS[status] ?? r.status;
  return {
    resourceType: 'Task',
    id: String(r.id),
    meta: {
      versionId: taskVersionOf(r.updated_at),
      profile: [FHIR_PROFILES.Task],
      lastUpdated: r.updated_at,
    },
    identifier: referralIdentifier(r),
    status: taskStatusOfReferral(status),
    ...(reason ? { statusReason: { text: reason } } : {}),
    businessStatus: {
      coding: [{ system: REFERRAL_STATUS_CODE_SYSTEM, code: status, display: label }],
      text: label,
    },
    intent: 'order',
    priority: priorityOf(r.urgency),
    code: { coding: [{ system: TASK_CODE_SYSTEM, code: 'fulfill', display: 'Fulfill the focal request' }] },
    focus: { reference: `ServiceRequest/${r.id}` },
    for: patientRef(r),
    authoredOn: r.created_at,
    lastModified: r.updated_at,
    requester: organizationRef(r.organization_id),
    ...(owner ? { owner } : {}),
    ...(output.length ? { output } : {}),
  };
}

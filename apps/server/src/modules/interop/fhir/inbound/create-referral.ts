import type { Bundle, Task } from '@medplum/fhirtypes';
import { type Referral, referralCreateSchema } from '@trust/domain';
import type { OrgContext } from '../../../../platform/context.ts';
import { createReferral } from '../../../referrals/referrals/service.ts';
import { assertBaseR4, type FhirIssue, refuseIssues } from './issues.ts';
import { referralInputOf } from './referral-input.ts';
import { fromTaskWithContained, fromTransactionBundle, type RequestResources } from './request-resources.ts';
import { checkReferralProfile, type ReferralParts } from './sdohcc-checks.ts';

// A referral created by FHIR (issue #21): the request is checked as FHIR first (base R4, then the SDOHCC
// profile: 400 naming the element), then its referral as the form's (422 naming the element), then created by
// the referrals module's createReferral with the caller's context, so duplicates, member linking, auto-match,
// events, audit and notifications are exactly the form's.

export type CreatedByFhir = { referral: Referral; resources: RequestResources; parts: ReferralParts };

async function create(ctx: OrgContext, all: RequestResources): Promise<CreatedByFhir> {
  const { parts, issues } = checkReferralProfile(all);
  if (issues.length > 0 || !parts) refuseIssues('fhir.resource_invalid', issues);
  const { input, elementOf } = referralInputOf(all, parts);
  const parsed = referralCreateSchema.safeParse(input);
  if (!parsed.success) {
    const ruleIssues: FhirIssue[] = parsed.error.issues.map((i) => {
      const field = String(i.path[0] ?? '');
      return { expression: elementOf[field] ?? all.task.path, message: i.message };
    });
    refuseIssues('fhir.business_rule', ruleIssues);
  }
  const referral = await createReferral(ctx, parsed.data);
  return { referral, resources: all, parts };
}

/** POST /fhir/Task: a Task with its ServiceRequest and Patient (and Consent, requester, Coverage) contained. */
export async function createReferralFromTask(ctx: OrgContext, task: Task): Promise<CreatedByFhir> {
  assertBaseR4(task);
  return create(ctx, fromTaskWithContained(task));
}

/** POST /fhir with a transaction Bundle of the Task, ServiceRequest, Patient (and Consent…) to create. */
export async function createReferralFromBundle(ctx: OrgContext, bundle: Bundle) {
  assertBaseR4(bundle);
  const all = fromTransactionBundle(bundle);
  return { ...(await create(ctx, all)), entryOf: all.entryOf };
}

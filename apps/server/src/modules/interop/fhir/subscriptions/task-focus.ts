import type { Task } from '@medplum/fhirtypes';
import type { ServiceContext } from '../../../../platform/context.ts';
import { viewerRoleOf } from '../../../referrals/referrals/access.ts';
import { findReferralRecord, type ReferralRecord } from '../../../referrals/referrals/lookups.ts';
import { toReferralWire } from '../../../referrals/referrals/wire.ts';
import { toTask } from '../resources/task.ts';

// Which organizations hear of a referral's Task, and the Task a full-resource notification carries. Asked of the
// referrals module's own lookups and access rule (never its tables): the referring organization and the
// organization of the matched provider are the ones that may see the referral (referrals/access.ts).

/** The Task of a referral, relative to the FHIR base: one Task per referral, with the referral's id. */
export function taskPath(referralId: number): string {
  return `Task/${referralId}`;
}

export function organizationsSeeing(record: ReferralRecord): number[] {
  const orgs = [record.organizationId, record.matchedProvider?.organizationId ?? null];
  return [...new Set(orgs.filter((o): o is number => o !== null))];
}

export async function referralFacts(ctx: ServiceContext, referralId: number) {
  const record = await findReferralRecord(ctx, { id: referralId });
  if (!record) return null;
  return { record, organizations: organizationsSeeing(record) };
}

/**
 * The Task as the subscriber's organization may see it now (the same mapper as GET /fhir/Task/{id}, from the
 * referral as that organization's role shows it), or null when it may not see the referral (any more).
 */
export async function taskForOrganization(
  ctx: ServiceContext,
  input: { referralId: number; organizationId: number },
): Promise<Task | null> {
  const record = await findReferralRecord(ctx, { id: input.referralId });
  const role = record ? viewerRoleOf(record, input.organizationId) : null;
  if (!record || !role) return null;
  return toTask(toReferralWire(record, role));
}

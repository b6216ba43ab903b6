import { type LookupMember, type MemberLookup, type MemberLookupRequest, medicaidIdKey } from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import * as repo from './lookup-repo.ts';

/** The first non-blank value. */
function pick(...values: (string | null | undefined)[]): string | null {
  for (const v of values) if (v != null && v.trim() !== '') return v;
  return null;
}

/**
 * The member record wins for the person's fields; the latest referral fills what the record lacks, and the
 * address and plan (a member record has neither).
 */
function combine(member: repo.LookupMemberRow | null, referral: repo.LookupReferralRow | null): LookupMember {
  return {
    first_name: pick(member?.firstName, referral?.firstName) ?? '',
    last_name: pick(member?.lastName, referral?.lastName) ?? '',
    phone_number: pick(member?.phoneNo, referral?.phoneNumber),
    email: pick(member?.email, referral?.email),
    date_of_birth: pick(member?.dob, referral?.dateOfBirth),
    preferred_language: pick(member?.language, referral?.preferredLanguage),
    zip_code: pick(referral?.zipCode),
    street_address: pick(referral?.streetAddress),
    city: pick(referral?.city),
    state: pick(referral?.state),
    country: pick(referral?.country),
    health_plan: pick(referral?.healthPlan),
    plan_type: pick(referral?.planType),
  };
}

/**
 * POST /api/referrals/member-lookup (000 §2.1): the active organization's member with this Medicaid ID (exact,
 * case-insensitive, spaces ignored), from its member records and its earlier referrals. Another organization's
 * members are never found. Every lookup reads PHI or probes for it, so every one is audited; the ID itself is
 * not written to the audit details.
 */
export async function lookupMember(ctx: OrgContext, input: MemberLookupRequest): Promise<MemberLookup> {
  const db = ctx.db;
  const orgId = ctx.actor.org.id;
  const ids = await repo.matchingMedicaidIds(db, orgId, input.medicaid_id, medicaidIdKey(input.medicaid_id));
  const [member, referral, referralCount] =
    ids.length > 0
      ? await Promise.all([
          repo.findMember(db, orgId, ids),
          repo.findLatestReferral(db, orgId, ids),
          repo.countReferrals(db, orgId, ids),
        ])
      : [null, null, 0];
  const source = member ? 'member' : referral ? 'referral' : null;
  await audit(db, ctx, {
    action: 'member.lookup',
    entityType: source === 'referral' ? 'referral' : 'member',
    entityId: member?.id ?? referral?.id,
    details: { found: source !== null, source, referral_count: referralCount },
  });
  return {
    found: source !== null,
    source,
    member: source ? combine(member, referral) : null,
    referral_count: referralCount,
  };
}

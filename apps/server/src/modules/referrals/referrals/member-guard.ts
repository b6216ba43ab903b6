import { REFERRAL_MESSAGES, type ReferralCreate } from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findMemberByMedicaidId, replaceMemberIdentity } from '../../care/members/referral-link.ts';
import * as repo from './repo.ts';

// Issue #14 duplicates, checked when a referral is created, in its transaction (`ctx.db`): a Medicaid ID on file
// with another name or date of birth is another person until the caller says otherwise (a typo in the ID would
// otherwise file one member's referral under another), and a second open referral for the same need is usually
// the same referral entered twice. Either is refused with 409 until the caller confirms; a confirmation is
// audited.

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * The referral's member fields after the checks: as sent, or the ones on file when the caller chose to keep
 * them. Throws 409 `referral.member_mismatch` or `referral.duplicate_open` when a confirmation is missing.
 */
export async function guardNewReferral(ctx: OrgContext, input: ReferralCreate): Promise<ReferralCreate> {
  const orgId = ctx.actor.org.id;
  const onFile = await findMemberByMedicaidId(ctx.db, { orgId, medicaidId: input.medicaid_id });
  if (!onFile) return input;
  let fields = input;
  const differ = [
    !same(onFile.firstName, input.first_name) && 'first_name',
    !same(onFile.lastName, input.last_name) && 'last_name',
    onFile.dob !== null && onFile.dob !== input.date_of_birth && 'date_of_birth',
  ].filter((f): f is 'first_name' | 'last_name' | 'date_of_birth' => Boolean(f));
  if (differ.length > 0) {
    const choice = input.confirm_same_member;
    if (!choice) {
      const words = differ.map((f) => (f === 'date_of_birth' ? 'date of birth' : f.replace('_', ' ')));
      throw new AppError('referral.member_mismatch', REFERRAL_MESSAGES.memberMismatch(words), {
        fields: Object.fromEntries(differ.map((f) => [f, REFERRAL_MESSAGES.memberFieldDiffers])),
      });
    }
    if (choice === 'keep_stored') {
      fields = {
        ...input,
        first_name: onFile.firstName,
        last_name: onFile.lastName,
        date_of_birth: onFile.dob ?? input.date_of_birth,
      };
    } else {
      await replaceMemberIdentity(ctx.db, {
        memberId: onFile.id,
        firstName: input.first_name,
        lastName: input.last_name,
        dob: input.date_of_birth,
      });
    }
    // The names of the fields and the choice, never their values (PHI).
    await audit(ctx.db, ctx, {
      action: 'referral.member_confirmed',
      entityType: 'member',
      entityId: onFile.id,
      details: { fields: differ, kept: choice === 'keep_stored' ? 'on_file' : 'new' },
    });
  }
  const needs = [...input.sdoh_needs, ...input.housing_subcategories, ...input.transportation_subcategories];
  const open = await repo.findOpenReferralForNeeds(ctx.db, orgId, onFile.id, needs);
  if (open) {
    if (!input.confirm_duplicate_need) {
      throw new AppError(
        'referral.duplicate_open',
        REFERRAL_MESSAGES.duplicateOpen(open.referralNumber, open.needs),
      );
    }
    await audit(ctx.db, ctx, {
      action: 'referral.duplicate_confirmed',
      entityType: 'member',
      entityId: onFile.id,
      details: { open_referral_number: open.referralNumber },
    });
  }
  return fields;
}

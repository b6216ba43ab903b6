import {
  canTake,
  haversineMiles,
  MATCHING_MESSAGES,
  type ManualMatchRequest,
  type ManualMatchResponse,
  PROVIDER_VERIFICATION_MESSAGES,
  type ReferralStatus,
} from '@trust/domain';
import { inTransaction, type OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findProvider } from '../../providers/directory/service.ts';
import { replaceMatchEntries } from '../referral-sending/match-entries.ts';
import { sendReferralToProvider } from '../referral-sending/send-service.ts';
import { findOwnedReferral } from '../referrals/access.ts';
import { matchToProvider } from '../referrals/lifecycle.ts';
import { lockOwned, matchingReferral, memberLocation } from './matching-referral.ts';
import * as repo from './repo.ts';

/**
 * PUT /api/referrals/{id}/match (001 §4, §7): a coordinator matches a Pending referral to one provider. It
 * becomes Matched (manual) with the 7-day response window of every match, the member is told by SMS, and the
 * provider entry records the chosen method.
 */
export async function manualMatch(
  ctx: OrgContext,
  input: ManualMatchRequest & { id: number },
): Promise<ManualMatchResponse> {
  const { id } = input;
  await findOwnedReferral(ctx, { id });
  // Issue #12: another organization's private provider is as unknown as a missing one.
  const provider = await findProvider(ctx, { id: input.provider_id });
  if (!provider) {
    throw new AppError('match.provider_not_found', MATCHING_MESSAGES.providerNotFound, {
      fields: { provider_id: MATCHING_MESSAGES.providerNotFound },
    });
  }
  // Its web form would be opened right after the match: refused before anything changes, for a provider
  // still awaiting verification (the organization may phone or email it).
  if (input.communication_method === 'web_form' && provider.verification_status !== 'verified') {
    throw new AppError('provider.unverified_web_form', PROVIDER_VERIFICATION_MESSAGES.webFormUnverified, {
      fields: { communication_method: PROVIDER_VERIFICATION_MESSAGES.webFormUnverified },
    });
  }
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const before = await lockOwned(txCtx, id);
    // Pending, or Rejected or Expired: nobody took it and it needs re-matching (issue #14).
    if (!canTake('match', before.status as ReferralStatus, 'referrer')) {
      throw new AppError('match.referral_not_pending', MATCHING_MESSAGES.notPending);
    }
    const point = await memberLocation(txCtx, before);
    const distance =
      point && provider.latitude !== null && provider.longitude !== null
        ? haversineMiles(point.latitude, point.longitude, provider.latitude, provider.longitude)
        : null;
    const details = {
      method: 'manual',
      provider_id: provider.id,
      provider_name: provider.organization_name,
      communication_method: input.communication_method,
    };
    await matchToProvider(txCtx, {
      before,
      providerId: provider.id,
      matchMethod: repo.MANUAL_METHOD,
      actor: 'referrer',
      actorUserId: ctx.actor.user.id,
      event: { type: 'matched', details },
      audit: { action: 'referral.matched', details },
    });
    await replaceMatchEntries(txCtx, {
      referralId: id,
      entries: [
        {
          providerId: provider.id,
          rank: 1,
          distanceMiles: distance,
          communicationMethod: input.communication_method,
          communicationMethodId: input.communication_method_id ?? null,
          contactValue: input.contact_value ?? null,
        },
      ],
    });
    // 001 §7: the match sends the referral through the chosen method, in this transaction, so a send the
    // sender refuses (no such contact, a channel without a driver) leaves the referral Pending. Web forms are
    // submitted by the web-form job after the match (001 §7 "failure is non-critical"), so not here.
    const sent =
      input.communication_method === 'web_form'
        ? null
        : await sendReferralToProvider(txCtx, {
            referralId: id,
            providerId: provider.id,
            methodType: input.communication_method,
            communicationMethodId: input.communication_method_id ?? null,
            contactValue: input.contact_value ?? null,
            messageContent: input.message_content ?? null,
          });
    return {
      referral: await matchingReferral(txCtx, id),
      provider_id: provider.id,
      provider_name: provider.organization_name,
      provider_organization: provider.organization_name,
      communication_method: input.communication_method,
      send_status: sent?.status ?? 'not_sent',
      contact_value: sent?.contactValue ?? input.contact_value ?? null,
      message_id: sent?.messageId === null || sent === null ? null : String(sent.messageId),
      web_form_submitted: false,
    };
  });
}

import {
  type CommunicationList,
  type ReferralCommunicationCreate,
  SENDING_MESSAGES,
  type SendResult,
  type SendToProvidersRequest,
  type SendToProvidersResponse,
  selectMethodForAllMessage,
  sentToProvidersMessage,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { listCommunications } from '../../communications/communications/lists.ts';
import { findOwnedReferral } from '../referrals/access.ts';
import { listEntries } from './match-entries-repo.ts';
import { type SendOutcome, sendReferralToProvider, startWebFormRuns } from './send-service.ts';

// 001 §7 POST/GET /api/referral-communications and the N-providers send of 001 §2.8 / §4.

/** POST /api/referral-communications: one real send (001 §3 Referral communication payload). */
export async function sendCommunication(
  ctx: OrgContext,
  body: ReferralCommunicationCreate,
): Promise<SendResult> {
  // 001 §4: the send panel requires a non-blank message; the server holds the same rule. A web form is filled
  // from the referral itself, with no message.
  if (body.method_type !== 'web_form' && !body.message_content?.trim()) {
    throw new AppError('send.message_required', SENDING_MESSAGES.messageRequired, {
      fields: { message_content: SENDING_MESSAGES.messageRequired },
    });
  }
  await findOwnedReferral(ctx, { id: body.referral_id });
  const outcome = await ctx.db.transaction((tx) =>
    sendReferralToProvider(inTransaction(ctx, tx), {
      referralId: body.referral_id,
      providerId: body.provider_id,
      methodType: body.method_type,
      communicationMethodId: body.communication_method_id ?? null,
      contactValue: body.contact_value ?? null,
      messageContent: body.message_content,
      subject: body.subject ?? null,
    }),
  );
  await startWebFormRuns(ctx, { outcomes: [outcome] });
  return {
    success: true,
    status: outcome.status,
    method_type: outcome.methodType,
    contact_value: outcome.contactValue,
    message_id: outcome.messageId,
    message: SENDING_MESSAGES.sent,
    error: null,
  };
}

/**
 * GET /api/referral-communications?referral_id&provider_id: what was said about the referral (with that
 * provider), newest first, with its delivery state and the service's error (001 §8 "shows the error"): the
 * first page of GET /api/communications for the referral (communications/service.ts; audited there).
 */
export async function listReferralCommunications(
  ctx: OrgContext,
  query: { referral_id: number; provider_id?: number | undefined },
): Promise<CommunicationList> {
  const page = await listCommunications(ctx, {
    referral_id: query.referral_id,
    provider_id: query.provider_id,
    page: 1,
    page_size: 100,
  });
  return { communications: page.communications };
}

/**
 * POST /api/referrals/{id}/send-to-providers (001 §2.8, §4, §5): every chosen provider must be one of the
 * referral's matched providers still pending or sent, and each must have a method, else nothing is sent. The
 * sends commit together: each entry becomes sent with its time, method and contact.
 */
export async function sendToProviders(
  ctx: OrgContext,
  input: SendToProvidersRequest & { id: number },
): Promise<SendToProvidersResponse> {
  const { id: referralId, ...body } = input;
  const { record } = await findOwnedReferral(ctx, { id: referralId });
  if (record.acceptanceStatus === 'accepted') {
    throw new AppError('send.referral_already_accepted', SENDING_MESSAGES.alreadyAccepted);
  }
  const entries = await listEntries(ctx.db, [referralId]);
  if (entries.length === 0 || body.providers.length === 0) {
    throw new AppError('send.no_matched_providers', SENDING_MESSAGES.noMatchedProviders);
  }
  const n = body.providers.length;
  const missing: Record<string, string> = {};
  body.providers.forEach((p, i) => {
    if (!p.method_type) missing[`providers.${i}.method_type`] = selectMethodForAllMessage(n);
  });
  if (Object.keys(missing).length) {
    throw new AppError('send.method_required', selectMethodForAllMessage(n), { fields: missing });
  }
  for (const p of body.providers) {
    const entry = entries.find((e) => e.providerId === p.provider_id);
    if (!entry) throw new AppError('send.provider_not_among_matches', SENDING_MESSAGES.notAmongMatches);
    if (entry.status !== 'pending' && entry.status !== 'sent') {
      throw new AppError('send.entry_answered', SENDING_MESSAGES.entryAnswered);
    }
  }

  const outcomes: SendOutcome[] = [];
  const results = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const out: SendToProvidersResponse['results'] = [];
    for (const [i, p] of body.providers.entries()) {
      try {
        const outcome = await sendReferralToProvider(txCtx, {
          referralId,
          providerId: p.provider_id,
          methodType: p.method_type!,
          communicationMethodId: p.communication_method_id ?? null,
          contactValue: p.contact_value ?? null,
          messageContent: body.message_content ?? null,
        });
        outcomes.push(outcome);
        out.push({
          provider_id: p.provider_id,
          status: outcome.status,
          method_type: outcome.methodType,
          contact_value: outcome.contactValue,
          message_id: outcome.messageId,
          error: null,
        });
      } catch (err) {
        // Name the provider the rule failed for; nothing of the batch is kept.
        if (err instanceof AppError) {
          const fields = Object.fromEntries(
            Object.entries(err.fields ?? { method_type: err.message }).map(([k, v]) => [
              `providers.${i}.${k}`,
              v,
            ]),
          );
          throw new AppError(err.reason, err.message, { fields });
        }
        throw err;
      }
    }
    await audit(tx, ctx, {
      action: 'referral.sent_to_providers',
      entityType: 'referral',
      entityId: referralId,
      details: { provider_ids: out.map((r) => r.provider_id), count: out.length },
    });
    return out;
  });
  // Web forms are filled once the sends have committed (each in its own browser run).
  await startWebFormRuns(ctx, { outcomes });
  return { success: true, message: sentToProvidersMessage(results.length), sent: results.length, results };
}

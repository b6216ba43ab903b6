import {
  type CommunicationList,
  type CommunicationRecord,
  messagePreview,
  type ReferralCommunicationCreate,
  SENDING_MESSAGES,
  type SendResult,
  type SendToProvidersRequest,
  type SendToProvidersResponse,
  selectMethodForAllMessage,
  sentToProvidersMessage,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { messagesOfReferral } from '../referrals/communications-service.ts';
import { type Actor, findOwnedReferral, findVisibleReferral } from '../referrals/service.ts';
import { listEntries } from './match-entries-repo.ts';
import { sendReferralToProvider } from './send-service.ts';

// 001 §7 POST/GET /api/referral-communications and the N-providers send of 001 §2.8 / §4.

/** POST /api/referral-communications: one real send (001 §3 Referral communication payload). */
export async function sendCommunication(
  deps: AppDeps,
  actor: Actor,
  body: ReferralCommunicationCreate,
): Promise<SendResult> {
  // 001 §4: the send panel requires a non-blank message; the server holds the same rule.
  if (!body.message_content?.trim()) {
    throw new AppError('validation_failed', SENDING_MESSAGES.messageRequired, {
      fields: { message_content: SENDING_MESSAGES.messageRequired },
    });
  }
  await findOwnedReferral(deps, actor, body.referral_id);
  const outcome = await sendReferralToProvider(deps, actor, {
    referralId: body.referral_id,
    providerId: body.provider_id,
    methodType: body.method_type,
    communicationMethodId: body.communication_method_id ?? null,
    contactValue: body.contact_value ?? null,
    messageContent: body.message_content,
    subject: body.subject ?? null,
  });
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

/** The outbox channel as the 001 §3 Communication record names it. */
const RECORD_METHOD: Record<string, string> = { sms: 'sms', email: 'email' };

/**
 * GET /api/referral-communications?referral_id&provider_id: what was sent about the referral (to that provider),
 * newest first, with its delivery state and the driver's error (001 §8 "shows the error"). Reuses the
 * Communications tab's query; the read is audited (the messages name the member).
 */
export async function listCommunications(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  query: { referral_id: number; provider_id?: number },
): Promise<CommunicationList> {
  await findVisibleReferral(deps, actor, query.referral_id);
  const db = deps.database.db;
  const { rows } = await messagesOfReferral(db, query.referral_id, 100, 0, query.provider_id);
  await audit(db, request, {
    action: 'referral.communications_read',
    entityType: 'referral',
    entityId: query.referral_id,
    details: { provider_id: query.provider_id ?? null, count: rows.length },
  });
  return {
    communications: rows.map(
      (row): CommunicationRecord => ({
        id: row.id,
        referral_id: query.referral_id,
        provider_id: row.providerId,
        communication_method_id: row.communicationMethodId,
        method_type: RECORD_METHOD[row.channel] ?? row.channel,
        status: row.status,
        // A PHI body is sealed at rest and never leaves the server again (adapters/outbound.ts).
        message_content: row.phi || row.previewSource === null ? null : messagePreview(row.previewSource),
        subject: row.subject,
        contact_value: row.to,
        sent_at: row.sentAt ? row.sentAt.toISOString() : null,
        delivered_at: row.status === 'sent' && row.sentAt ? row.sentAt.toISOString() : null,
        created_at: row.createdAt.toISOString(),
        success: row.status === 'sent' ? true : row.status === 'failed' ? false : null,
        error_message: row.lastError,
        phi_included: row.phi,
      }),
    ),
  };
}

/**
 * POST /api/referrals/{id}/send-to-providers (001 §2.8, §4, §5): every chosen provider must be one of the
 * referral's matched providers still pending or sent, and each must have a method, else nothing is sent. The
 * sends commit together: each entry becomes sent with its time, method and contact.
 */
export async function sendToProviders(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  referralId: number,
  body: SendToProvidersRequest,
): Promise<SendToProvidersResponse> {
  const { record } = await findOwnedReferral(deps, actor, referralId);
  if (record.acceptanceStatus === 'accepted')
    throw new AppError('rule_broken', SENDING_MESSAGES.alreadyAccepted);
  const entries = await listEntries(deps.database.db, referralId);
  if (entries.length === 0 || body.providers.length === 0) {
    throw new AppError('rule_broken', SENDING_MESSAGES.noMatchedProviders);
  }
  const n = body.providers.length;
  const missing: Record<string, string> = {};
  body.providers.forEach((p, i) => {
    if (!p.method_type) missing[`providers.${i}.method_type`] = selectMethodForAllMessage(n);
  });
  if (Object.keys(missing).length) {
    throw new AppError('validation_failed', selectMethodForAllMessage(n), { fields: missing });
  }
  for (const p of body.providers) {
    const entry = entries.find((e) => e.providerId === p.provider_id);
    if (!entry) throw new AppError('rule_broken', SENDING_MESSAGES.notAmongMatches);
    if (entry.status !== 'pending' && entry.status !== 'sent') {
      throw new AppError('rule_broken', SENDING_MESSAGES.entryAnswered);
    }
  }

  const results = await deps.database.db.transaction(async (tx) => {
    const out: SendToProvidersResponse['results'] = [];
    for (const [i, p] of body.providers.entries()) {
      try {
        const outcome = await sendReferralToProvider(
          deps,
          actor,
          {
            referralId,
            providerId: p.provider_id,
            methodType: p.method_type!,
            communicationMethodId: p.communication_method_id ?? null,
            contactValue: p.contact_value ?? null,
            messageContent: body.message_content ?? null,
          },
          tx,
        );
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
          throw new AppError(err.code, err.message, { fields, status: err.status });
        }
        throw err;
      }
    }
    await audit(tx, request, {
      action: 'referral.sent_to_providers',
      entityType: 'referral',
      entityId: referralId,
      details: { provider_ids: out.map((r) => r.provider_id), count: out.length },
    });
    return out;
  });
  return { success: true, message: sentToProvidersMessage(results.length), sent: results.length, results };
}

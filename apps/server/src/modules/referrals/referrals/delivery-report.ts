import { and, eq, sql } from 'drizzle-orm';
import { findOutboundMessageState } from '../../../adapters/outbound.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { referralEvents } from '../../../db/schema/index.ts';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import { recordReferralEvent } from './history.ts';
import * as repo from './repo.ts';
import { PHI_EMAIL_CATEGORY } from './response-service.ts';

// After the member-details email of an accepted referral is delivered, or fails for good, the referral says so
// (000 §2.5 "Email Pending" until then; §3.5 phi_email_sent / phi_shared). A failure never undoes the
// acceptance: the outbox keeps the message and an administrator can see why it failed.

async function failureRecorded(tx: DbOrTx, referralId: number, messageId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: referralEvents.id })
    .from(referralEvents)
    .where(
      and(
        eq(referralEvents.referralId, referralId),
        eq(referralEvents.type, 'phi_email_failed'),
        sql`${referralEvents.details}->>'message_id' = ${String(messageId)}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Brings the referral in line with its PHI email's delivery state. Idempotent (it reads the message's state,
 * not the outcome of one attempt), so a job retried after a crash between the delivery and this report still
 * reports once. Messages of any other category are left alone.
 */
export async function reportPhiDelivery(ctx: ServiceContext, input: { messageId: number }): Promise<void> {
  const { messageId } = input;
  const db = ctx.db;
  const message = await findOutboundMessageState(db, messageId);
  if (!message || message.category !== PHI_EMAIL_CATEGORY || message.referralId === null) return;
  if (message.status !== 'sent' && message.status !== 'failed') return;
  const referralId = message.referralId;

  await db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const referral = await repo.lockReferral(tx, referralId);
    // The referral was matched again (or deleted) since: the message is no longer its current email.
    if (!referral || referral.phiEmailMessageId !== messageId) return;
    const details = {
      message_id: messageId,
      email_sent_to: message.toAddress,
      provider_id: referral.matchedProviderId,
      provider_name: referral.matchedProvider?.name ?? null,
    };
    if (message.status === 'sent') {
      if (referral.phiEmailSent) return;
      const after = await repo.updateReferral(tx, referralId, { phiEmailSent: true });
      await recordReferralEvent(txCtx, {
        referral: after,
        type: 'phi_email_sent',
        actorUserId: null,
        details,
      });
      await audit(tx, txCtx, {
        action: 'referral.phi_email_delivered',
        entityType: 'referral',
        entityId: referralId,
        details,
      });
      return;
    }
    if (await failureRecorded(tx, referralId, messageId)) return;
    await recordReferralEvent(txCtx, {
      referral,
      type: 'phi_email_failed',
      actorUserId: null,
      details,
    });
    await audit(tx, txCtx, {
      action: 'referral.phi_email_failed',
      entityType: 'referral',
      entityId: referralId,
      details,
    });
  });
}

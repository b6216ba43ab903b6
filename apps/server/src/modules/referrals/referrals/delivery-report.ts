import { and, eq, sql } from 'drizzle-orm';
import { type DeliveryResult, type Drivers, deliverOutboundMessage } from '../../../adapters/delivery.ts';
import { findOutboundMessageState } from '../../../adapters/outbound.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { referralEvents } from '../../../db/schema/index.ts';
import { audit } from '../../../platform/audit.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { encryptionKey } from '../../../platform/secret-box.ts';
import { storageOf } from '../../../platform/storage.ts';
import { WEBHOOK_PATHS, webhookUrl } from '../../../platform/webhook-urls.ts';
import { reportCommunicationDelivery } from '../../communications/communications/delivery-sync.ts';
import { reportMethodOutcome } from '../referral-sending/delivery-outcome.ts';
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
export async function reportPhiDelivery(deps: AppDeps, messageId: number): Promise<void> {
  const db = deps.database.db;
  const message = await findOutboundMessageState(db, messageId);
  if (!message || message.category !== PHI_EMAIL_CATEGORY || message.referralId === null) return;
  if (message.status !== 'sent' && message.status !== 'failed') return;
  const referralId = message.referralId;

  await db.transaction(async (tx) => {
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
      await recordReferralEvent(deps, tx, {
        referral: after,
        type: 'phi_email_sent',
        actorUserId: null,
        details,
      });
      await audit(tx, null, {
        action: 'referral.phi_email_delivered',
        entityType: 'referral',
        entityId: referralId,
        details,
      });
      return;
    }
    if (await failureRecorded(tx, referralId, messageId)) return;
    await recordReferralEvent(deps, tx, { referral, type: 'phi_email_failed', actorUserId: null, details });
    await audit(tx, null, {
      action: 'referral.phi_email_failed',
      entityType: 'referral',
      entityId: referralId,
      details,
    });
  });
}

/**
 * The `outbound.deliver` job's work: deliver one message (a thrown error makes pg-boss retry it), then report a
 * PHI email's outcome to its referral, and a referral send's outcome to the provider's method (001 §4). The
 * message's communication record follows its state (communications/delivery-sync.ts).
 */
export async function deliverAndReport(
  deps: AppDeps,
  drivers: Drivers,
  messageId: number,
): Promise<DeliveryResult> {
  let result: DeliveryResult;
  try {
    result = await deliverOutboundMessage(deps.database.db, drivers, messageId, {
      key: encryptionKey(deps.config),
      storage: storageOf(deps),
      // Twilio reports delivered/undelivered to this webhook; the local driver has nobody to report.
      smsStatusCallbackUrl: deps.config.twilio ? webhookUrl(deps.config, WEBHOOK_PATHS.smsStatus) : null,
    });
  } finally {
    // Also after a failed attempt that will be retried: its error shows with the message meanwhile.
    await reportCommunicationDelivery(deps, messageId);
  }
  await reportPhiDelivery(deps, messageId);
  await reportMethodOutcome(deps, messageId);
  return result;
}

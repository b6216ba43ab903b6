import { type DeliveryResult, type Drivers, deliverOutboundMessage } from '../../../adapters/delivery.ts';
import { DELIVER_JOB } from '../../../adapters/outbound.ts';
import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { encryptionKey } from '../../../platform/secret-box.ts';
import { storageOf } from '../../../platform/storage.ts';
import { WEBHOOK_PATHS, webhookUrl } from '../../../platform/webhook-urls.ts';
import { reportMethodOutcome } from '../../referrals/referral-sending/delivery-outcome.ts';
import { reportPhiDelivery } from '../../referrals/referrals/delivery-report.ts';
import { reportCommunicationDelivery } from '../communications/delivery-sync.ts';
import { claimMethodOutcome } from './method-outcomes.ts';

/**
 * The `outbound.deliver` job's work: deliver one message (a thrown error makes pg-boss retry it), then report a
 * PHI email's outcome to its referral (referrals/delivery-report.ts), and a referral send's outcome to the
 * provider's method (001 §4). The message's communication record follows its state (delivery-sync.ts). It
 * lives with the job, below the modules it reports to, so none of them imports another to be told.
 */
export async function deliverAndReport(
  deps: AppDeps,
  drivers: Drivers,
  messageId: number,
): Promise<DeliveryResult> {
  const ctx = systemContext(deps, DELIVER_JOB);
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
    await reportCommunicationDelivery(ctx, { messageId });
  }
  await reportPhiDelivery(ctx, { messageId });
  // The outbox claims the outcome on its own row; referral-sending counts it on the method, in one transaction.
  await reportMethodOutcome(ctx, { messageId, claim: claimMethodOutcome });
  return result;
}

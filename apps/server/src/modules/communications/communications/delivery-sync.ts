import { eq } from 'drizzle-orm';
import { outboundMessages } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import * as repo from './repo.ts';
import { updateCommunicationStatus } from './service.ts';

// A communication sent through the outbox follows its message's delivery (001 §3: queued → sent, or failed
// with the service's error). The local drivers simulate delivery (DESIGN.md "Adapters"): what they accept is
// delivered. Twilio's delivery reports (delivered, undelivered) arrive later at the SMS status webhook.

export async function reportCommunicationDelivery(deps: AppDeps, messageId: number) {
  const db = deps.database.db;
  const communication = await repo.findByOutboundMessage(db, messageId);
  if (!communication) return;
  const [message] = await db
    .select({
      status: outboundMessages.status,
      driver: outboundMessages.driver,
      providerMessageId: outboundMessages.providerMessageId,
      lastError: outboundMessages.lastError,
      sentAt: outboundMessages.sentAt,
    })
    .from(outboundMessages)
    .where(eq(outboundMessages.id, messageId));
  if (!message) return;

  await db.transaction(async (tx) => {
    const current = await repo.lockCommunication(tx, communication.id);
    if (!current) return;
    // An email opened (its pixel loaded) before this report came keeps that status but gets its times.
    if ((current.status === 'opened' || current.status === 'clicked') && message.status === 'sent') {
      if (!current.sentAt) {
        const at = message.sentAt ?? new Date();
        await updateCommunicationStatus(deps, tx, current.id, {
          sentAt: at,
          deliveredAt: current.deliveredAt ?? at,
        });
      }
      return;
    }
    // Only a record still in flight moves; a status callback may already have said more (delivered).
    if (current.status !== 'queued' && current.status !== 'sent') return;
    if (message.status === 'sent' && current.status === 'queued') {
      const local = message.driver === 'local';
      const at = message.sentAt ?? new Date();
      await updateCommunicationStatus(deps, tx, current.id, {
        status: local ? 'delivered' : 'sent',
        sentAt: at,
        deliveredAt: local ? at : null,
        errorMessage: null,
        // An email's external id is the Message-ID it was given when queued; an SMS's is the service's sid.
        externalId: current.externalId ?? message.providerMessageId,
      });
    } else if (message.status === 'failed') {
      await updateCommunicationStatus(deps, tx, current.id, {
        status: 'failed',
        errorMessage: message.lastError ?? 'Unknown error',
      });
    } else if (
      message.status === 'queued' &&
      message.lastError &&
      message.lastError !== current.errorMessage
    ) {
      // A failed attempt that will be retried: the error shows with the message meanwhile (001 §8).
      await updateCommunicationStatus(deps, tx, current.id, { errorMessage: message.lastError });
    }
  });
}

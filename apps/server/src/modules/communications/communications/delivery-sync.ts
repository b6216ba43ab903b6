import { findOutboundMessageState } from '../../../adapters/outbound.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import * as repo from './repo.ts';
import { updateCommunicationStatus } from './service.ts';

// A communication sent through the outbox follows its message's delivery (001 §3: queued → sent, or failed
// with the service's error). The local drivers simulate delivery (DESIGN.md "Adapters"): what they accept is
// delivered. Twilio's delivery reports (delivered, undelivered) arrive later at the SMS status webhook.

/** After each delivery attempt of an outbox message (the outbox's delivery job): its record follows it. */
export async function reportCommunicationDelivery(ctx: ServiceContext, input: { messageId: number }) {
  const db = ctx.db;
  const communication = await repo.findByOutboundMessage(db, input.messageId);
  if (!communication) return;
  const message = await findOutboundMessageState(db, input.messageId);
  if (!message) return;

  await db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const current = await repo.lockCommunication(tx, communication.id);
    if (!current) return;
    // An email opened (its pixel loaded) before this report came keeps that status but gets its times.
    if ((current.status === 'opened' || current.status === 'clicked') && message.status === 'sent') {
      if (!current.sentAt) {
        const at = message.sentAt ?? new Date();
        await updateCommunicationStatus(txCtx, {
          id: current.id,
          patch: {
            sentAt: at,
            deliveredAt: current.deliveredAt ?? at,
          },
        });
      }
      return;
    }
    // Only a record still in flight moves; a status callback may already have said more (delivered).
    if (current.status !== 'queued' && current.status !== 'sent') return;
    if (message.status === 'sent' && current.status === 'queued') {
      const local = message.driver === 'local';
      const at = message.sentAt ?? new Date();
      await updateCommunicationStatus(txCtx, {
        id: current.id,
        patch: {
          status: local ? 'delivered' : 'sent',
          sentAt: at,
          deliveredAt: local ? at : null,
          errorMessage: null,
          // An email's external id is the Message-ID it was given when queued; an SMS's is the service's sid.
          externalId: current.externalId ?? message.providerMessageId,
        },
      });
    } else if (message.status === 'failed') {
      await updateCommunicationStatus(txCtx, {
        id: current.id,
        patch: {
          status: 'failed',
          errorMessage: message.lastError ?? 'Unknown error',
        },
      });
    } else if (
      message.status === 'queued' &&
      message.lastError &&
      message.lastError !== current.errorMessage
    ) {
      // A failed attempt that will be retried: the error shows with the message meanwhile (001 §8).
      await updateCommunicationStatus(txCtx, { id: current.id, patch: { errorMessage: message.lastError } });
    }
  });
}

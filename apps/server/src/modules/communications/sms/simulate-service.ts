import { randomUUID } from 'node:crypto';
import {
  COMMUNICATION_MESSAGES,
  type InboundSmsResult,
  type SimulatedInboundSms,
  toE164,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import { systemContext, type UserContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertCanReadOutbox } from '../outbox/service.ts';
import { receiveSms } from './inbound-service.ts';

/**
 * POST /api/outbox/inbound/sms: on a machine with the local SMS driver nobody can text the product, so a system
 * administrator types a provider's reply on the outbox page (issue #6). It takes the inbound webhook's path
 * (receiveSms): stored, classified and acted on exactly as a real one. With Twilio configured, real replies
 * arrive by themselves and this is refused.
 */
export async function receiveSimulatedSms(
  ctx: UserContext,
  body: SimulatedInboundSms,
): Promise<InboundSmsResult> {
  assertCanReadOutbox(ctx);
  if (ctx.deps.config.twilio) {
    throw new AppError('communication.local_driver_only', COMMUNICATION_MESSAGES.localDriverOnly);
  }
  const from = toE164(body.from_phone);
  if (!from) {
    throw new AppError('communication.phone_invalid', COMMUNICATION_MESSAGES.invalidPhone, {
      fields: { from_phone: COMMUNICATION_MESSAGES.invalidPhone },
    });
  }
  if (!body.body.trim()) {
    throw new AppError('communication.message_required', COMMUNICATION_MESSAGES.messageRequired, {
      fields: { body: COMMUNICATION_MESSAGES.messageRequired },
    });
  }
  // Received as a real one is: by the system, with no user or address of the operator who typed it.
  const result = await receiveSms(systemContext(ctx.deps, 'sms.simulated-reply'), {
    from,
    to: null,
    body: body.body,
    // Shaped like the local driver's ids (local-sms-N), so a simulated message has a sid like a real one.
    messageSid: `local-inbound-${randomUUID()}`,
    simulated: true,
  });
  await audit(ctx.db, ctx, {
    action: 'sms.inbound_simulated',
    entityType: 'communication',
    entityId: result.communication_id,
    details: { conversation_id: result.conversation_id, intent: result.intent, action: result.action },
  });
  return result;
}

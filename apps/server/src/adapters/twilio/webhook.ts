import { COMMUNICATION_MESSAGES } from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import { type TwilioParams, verifyTwilioSignature } from './signature.ts';

/**
 * Refuses (403, nothing stored) a webhook call that Twilio did not sign, when the real driver is configured:
 * the URL is PUBLIC_URL + the path and query Twilio called (what Twilio was given), the parameters the form
 * body. With the local drivers nothing outside signs anything, so the webhooks take what they are given (the
 * outbox page's simulated replies go through the same code).
 */
export function assertTwilioRequest(
  config: Pick<Config, 'twilio' | 'publicUrl'>,
  request: FastifyRequest,
): void {
  if (!config.twilio) return;
  const signature = request.headers['x-twilio-signature'];
  const params = (request.body && typeof request.body === 'object' ? request.body : {}) as TwilioParams;
  const url = `${config.publicUrl}${request.url}`;
  if (
    !verifyTwilioSignature(
      config.twilio.authToken,
      Array.isArray(signature) ? signature[0] : signature,
      url,
      params,
    )
  ) {
    throw new AppError('forbidden', COMMUNICATION_MESSAGES.badSignature);
  }
}

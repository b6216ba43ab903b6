import { COMMUNICATION_MESSAGES } from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import { type TwilioParams, verifyTwilioSignature } from './signature.ts';

/** Why a Twilio webhook is refused on a server that does not use Twilio. */
export const TWILIO_NOT_CONFIGURED =
  'Twilio is not configured on this server (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM), so its webhooks take no calls.';

/**
 * Refuses (403, nothing stored) a webhook call that Twilio did not sign: the URL is PUBLIC_URL + the path and
 * query Twilio called (what Twilio was given), the parameters the form body. Without Twilio configured nothing
 * can sign, so every call is refused: an open webhook would let anyone text "YES 1234567890" from a provider's
 * number. The local drivers and the outbox page's simulated replies call the services directly.
 */
export function assertTwilioRequest(
  config: Pick<Config, 'twilio' | 'publicUrl'>,
  request: FastifyRequest,
): void {
  if (!config.twilio) throw new AppError('twilio.not_configured', TWILIO_NOT_CONFIGURED);
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
    throw new AppError('twilio.bad_signature', COMMUNICATION_MESSAGES.badSignature);
  }
}

import {
  inboundSmsResultSchema,
  ORG_ROLES,
  type OrgRole,
  simulatedInboundSmsSchema,
  smsConversationQuerySchema,
  smsConversationSchema,
  smsSendResponseSchema,
  smsSendSchema,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendTwiml } from '../../../adapters/twilio/twiml.ts';
import { assertTwilioRequest } from '../../../adapters/twilio/webhook.ts';
import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext, userContext } from '../../../platform/request-context.ts';
import { WEBHOOK_PATHS } from '../../../platform/webhook-urls.ts';
import { getSmsConversation } from './conversation-service.ts';
import { receiveSms } from './inbound-service.ts';
import { sendSms } from './send-service.ts';
import { receiveSimulatedSms } from './simulate-service.ts';
import { reportSmsStatus } from './status-service.ts';

// Two-way SMS with providers (001 §2.12, §7 "SMS and email"): send, the conversation, Twilio's inbound and
// status webhooks, and the outbox page's simulated reply (local driver).
const read = { auth: { org: true as const } };
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };
const tags = ['sms'];

/**
 * Twilio's form fields (https://www.twilio.com/docs/messaging/guides/webhook-request). Every field is kept as
 * sent: the signature covers all of them, and Twilio adds fields over time.
 */
const twilioInboundSchema = z.looseObject({
  From: z.string().min(1, 'From is required.'),
  To: z.string().optional(),
  Body: z.string().optional(),
  MessageSid: z.string().optional(),
  SmsSid: z.string().optional(),
  AccountSid: z.string().optional(),
});
const twilioStatusSchema = z.looseObject({
  MessageSid: z.string().optional(),
  SmsSid: z.string().optional(),
  MessageStatus: z.string().optional(),
  SmsStatus: z.string().optional(),
  ErrorCode: z.string().optional(),
  ErrorMessage: z.string().optional(),
});

/** Before the body is validated: a request Twilio did not sign is refused (403) and nothing is read from it. */
function signedByTwilio(deps: AppDeps) {
  return async (request: FastifyRequest) => assertTwilioRequest(deps.config, request);
}

export function smsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/sms/send',
      {
        config: { ...write, ...phiRoute('referral') },
        schema: {
          tags,
          summary:
            "Texts a provider about one of the organization's referrals through the SMS adapter (001 §5: referral, message and phone required; a number that answered STOP is refused)",
          body: smsSendSchema,
          response: { 200: smsSendResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => sendSms(orgContext(request, deps), request.body),
    );

    app.get(
      '/api/sms/conversations',
      {
        config: { ...read, ...phiRoute('communication') },
        schema: {
          tags,
          summary:
            'The SMS conversation with a provider about a referral, oldest first; reading it marks it read (audited)',
          querystring: smsConversationQuerySchema,
          response: { 200: smsConversationSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getSmsConversation(orgContext(request, deps), request.query),
    );

    app.post(
      WEBHOOK_PATHS.smsInbound,
      {
        config: { auth: 'public' },
        preValidation: signedByTwilio(deps),
        schema: {
          tags,
          summary:
            "Twilio's inbound SMS webhook (form-encoded, X-Twilio-Signature checked when Twilio is configured); answers empty TwiML",
          body: twilioInboundSchema,
          response: errorResponses(400, 403),
        },
      },
      async (request, reply) => {
        const body = request.body;
        await receiveSms(systemContext(deps, 'sms.inbound-webhook'), {
          from: body.From,
          to: body.To ?? null,
          body: body.Body ?? '',
          messageSid: body.MessageSid ?? body.SmsSid ?? null,
        });
        return sendTwiml(reply);
      },
    );

    app.post(
      WEBHOOK_PATHS.smsStatus,
      {
        config: { auth: 'public' },
        preValidation: signedByTwilio(deps),
        schema: {
          tags,
          summary:
            "Twilio's SMS delivery report (StatusCallback): the message's record follows it; an unknown sid changes nothing",
          body: twilioStatusSchema,
          response: errorResponses(400, 403),
        },
      },
      async (request, reply) => {
        const body = request.body;
        const sid = body.MessageSid ?? body.SmsSid;
        const status = body.MessageStatus ?? body.SmsStatus;
        if (sid && status) {
          await reportSmsStatus(systemContext(deps, 'sms.status-webhook'), {
            messageSid: sid,
            messageStatus: status,
            errorCode: body.ErrorCode ?? null,
            errorMessage: body.ErrorMessage ?? null,
          });
        }
        return sendTwiml(reply);
      },
    );

    app.post(
      '/api/outbox/inbound/sms',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['outbox', ...tags],
          summary:
            "Types a provider's reply as if it had texted it (platform operators, local SMS driver only); it takes the inbound webhook's path",
          body: simulatedInboundSmsSchema,
          response: { 200: inboundSmsResultSchema, ...errorResponses(400, 401, 403, 422) },
        },
      },
      async (request) => receiveSimulatedSms(userContext(request, deps), request.body),
    );
  };
}

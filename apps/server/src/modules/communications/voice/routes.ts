import fastifyMultipart from '@fastify/multipart';
import {
  callHistoryQuerySchema,
  callHistorySchema,
  idParamSchema,
  idString,
  ORG_ROLES,
  type OrgRole,
  placeCallResponseSchema,
  placeCallSchema,
  VOICE_MESSAGES,
  voicemailListQuerySchema,
  voicemailListSchema,
  voicemailReadResponseSchema,
  voicemailSchema,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendTwiml } from '../../../adapters/twilio/twiml.ts';
import { assertTwilioRequest } from '../../../adapters/twilio/webhook.ts';
import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError, errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext, userContext } from '../../../platform/request-context.ts';
import { WEBHOOK_PATHS } from '../../../platform/webhook-urls.ts';
import { applyCallStatus } from './call-status-service.ts';
import { listCallHistory, openCallRecording, outboundTwimlOf, placeCall } from './calls-service.ts';
import { closeVoiceDriver, voiceDriverOf } from './driver-of.ts';
import { receiveRecording } from './recordings.ts';
import { CALL_TWIML_PATH, verifyCallTwimlToken, voicemailRecordedTwiml, voicemailTwiml } from './twiml.ts';
import {
  assertCanSimulateVoicemail,
  listVoicemails,
  markVoicemailRead,
  openVoicemailAudio,
  receiveIncomingCall,
  receiveTranscription,
  simulateVoicemail,
} from './voicemail-service.ts';
import { readVoicemailUpload } from './voicemail-upload-routes.ts';

// Calls and voicemail (001 §2.14–§2.16, §7 "Phone and voicemail"): place a call, call history, recordings,
// voicemails, the outbox's simulated voicemail, and Twilio's voice webhooks.

const read = { auth: { org: true as const } };
/** Viewers (002 §6) read; every other organization role may place calls. */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };
/** Twilio calls these; when it is configured every request must carry its signature (assertTwilioRequest). */
const webhook = { auth: 'public' as const };

const providerParamsSchema = z.object({ providerId: idString() });

// Twilio's form parameters (https://www.twilio.com/docs/voice/twiml#request-parameters), read after the
// signature is checked, so an unsigned request is refused (403) whatever its body.
const statusParams = z.object({
  CallSid: z.string().trim().min(1),
  CallStatus: z.string().trim().min(1),
  CallDuration: z.string().optional(),
});
const incomingParams = z.object({
  CallSid: z.string().trim().min(1),
  From: z.string().trim().min(1),
  To: z.string().optional(),
});
const recordingParams = z.object({
  CallSid: z.string().trim().min(1),
  RecordingSid: z.string().optional(),
  RecordingUrl: z.string().optional(),
  RecordingDuration: z.string().optional(),
  RecordingStatus: z.string().optional(),
});
const transcriptionParams = z.object({
  CallSid: z.string().trim().min(1),
  TranscriptionText: z.string().optional(),
  TranscriptionStatus: z.string().optional(),
});

/** The signed parameters of a webhook call, or 400 when a required one is missing. */
function paramsOf<T extends z.ZodType>(schema: T, request: FastifyRequest): z.output<T> {
  const parsed = schema.safeParse(request.body ?? {});
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((i) => [i.path.join('.') || 'body', i.message]),
    );
    throw new AppError(
      'voice.webhook_invalid',
      `Missing or invalid parameters: ${Object.keys(fields).join(', ')}.`,
      { fields },
    );
  }
  return parsed.data;
}

export function voiceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered here only: this plugin's simulated-voicemail upload is its one multipart body.
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });
    // The local simulation's timers end with the app.
    app.addHook('onClose', async () => closeVoiceDriver(deps));

    app.post(
      '/api/providers/:providerId/communications/phone',
      {
        config: write,
        schema: {
          tags: ['voice'],
          summary:
            'Place a call to a provider (001 §7): to_number of 10 digits (optionally a leading 1), linked to a referral, recorded or not. The voice service refusing it answers success false with the §8 message; the failed call stays in the history.',
          params: providerParamsSchema,
          body: placeCallSchema,
          response: { 200: placeCallResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        placeCall(orgContext(request, deps), { ...request.body, providerId: request.params.providerId }),
    );

    app.get(
      '/api/call-history',
      {
        config: { ...read, ...phiRoute('call') },
        schema: {
          tags: ['voice'],
          summary:
            "The organization's calls, newest first, optionally of one referral or provider, with their recordings' transcriptions (001 §2.15, §7); audited",
          querystring: callHistoryQuerySchema,
          response: { 200: callHistorySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listCallHistory(orgContext(request, deps), request.query);
      },
    );

    app.get(
      '/api/calls/:id/recording',
      {
        config: { ...read, ...phiRoute('call') },
        schema: {
          tags: ['voice'],
          summary: "A call's recording (audio bytes); audited",
          params: idParamSchema,
          response: errorResponses(400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const { stream, contentType } = await openCallRecording(orgContext(request, deps), {
          id: request.params.id,
        });
        return reply
          .header('content-type', contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .send(stream as never);
      },
    );

    app.get(
      '/api/voicemails',
      {
        config: { ...read, ...phiRoute('voicemail') },
        schema: {
          tags: ['voice'],
          summary:
            "The organization's voicemails (and, for platform operators, those nobody could place), newest first, with the unread count (001 §2.16, §7); audited",
          querystring: voicemailListQuerySchema,
          response: { 200: voicemailListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listVoicemails(orgContext(request, deps), request.query);
      },
    );

    app.post(
      '/api/voicemails/:id/mark-read',
      {
        config: { ...read, ...phiRoute('voicemail') },
        schema: {
          tags: ['voice'],
          summary: 'Mark a voicemail read (001 §4: on its first play); again changes nothing',
          params: idParamSchema,
          response: { 200: voicemailReadResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => markVoicemailRead(orgContext(request, deps), { id: request.params.id }),
    );

    app.get(
      '/api/voicemails/:id/audio',
      {
        config: { ...read, ...phiRoute('voicemail') },
        schema: {
          tags: ['voice'],
          summary: "A voicemail's audio (bytes); audited",
          params: idParamSchema,
          response: errorResponses(400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const { stream, contentType } = await openVoicemailAudio(orgContext(request, deps), {
          id: request.params.id,
        });
        return reply
          .header('content-type', contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .send(stream as never);
      },
    );

    app.post(
      '/api/outbox/inbound/voicemail',
      {
        config: { auth: 'session', ...phiRoute('voicemail') },
        schema: {
          tags: ['voice', 'outbox'],
          summary:
            'Leave a voicemail as a provider (platform operators, local voice driver only): multipart from_phone, audio (WAV, MP3, OGG, WebM or M4A, at most 10 MB) and an optional transcription',
          consumes: ['multipart/form-data'],
          response: { 201: voicemailSchema, ...errorResponses(400, 401, 403, 413, 415, 422) },
        },
      },
      async (request, reply) => {
        const ctx = userContext(request, deps);
        // Refused before the body is read: nobody uploads 10 MB to hear they may not.
        assertCanSimulateVoicemail(ctx);
        const upload = await readVoicemailUpload(request);
        return reply.code(201).send(await simulateVoicemail(ctx, upload));
      },
    );

    // Twilio's voice webhooks (PUBLIC_URL + path; signed when Twilio is configured).

    app.post(
      CALL_TWIML_PATH,
      {
        config: webhook,
        schema: {
          tags: ['webhooks'],
          summary:
            'TwiML of an outbound call: the context message, then the coordinator (Twilio fetches it on answer)',
          params: idParamSchema,
          querystring: z.object({ token: z.string().optional() }),
          response: errorResponses(400, 403, 404),
        },
      },
      async (request, reply) => {
        assertTwilioRequest(deps.config, request);
        const { id } = request.params;
        const twiml = verifyCallTwimlToken(deps.config, id, request.query.token)
          ? await outboundTwimlOf(systemContext(deps, 'voice.call-twiml'), { id })
          : null;
        if (twiml === null) throw new AppError('call.not_found', VOICE_MESSAGES.callNotFound);
        return sendTwiml(reply, twiml);
      },
    );

    app.post(
      WEBHOOK_PATHS.voiceIncoming,
      {
        config: webhook,
        schema: {
          tags: ['webhooks'],
          summary:
            "A call to the product's number: a greeting, then a recorded voicemail (at most 120 s) with its transcription",
          querystring: z.object({ step: z.string().optional() }),
          response: errorResponses(400, 403),
        },
      },
      async (request, reply) => {
        assertTwilioRequest(deps.config, request);
        // <Record>'s action: the message is recorded (the recording callback stores it).
        if (request.query.step === 'recorded') return sendTwiml(reply, voicemailRecordedTwiml());
        await receiveIncomingCall(
          systemContext(deps, 'voice.incoming-webhook'),
          paramsOf(incomingParams, request),
        );
        return sendTwiml(reply, voicemailTwiml(deps.config));
      },
    );

    app.post(
      WEBHOOK_PATHS.voiceStatus,
      {
        config: webhook,
        schema: {
          tags: ['webhooks'],
          summary:
            "A call's status callback (initiated, ringing, answered, completed, busy, no-answer, failed)",
          response: errorResponses(400, 403),
        },
      },
      async (request, reply) => {
        assertTwilioRequest(deps.config, request);
        await applyCallStatus(systemContext(deps, 'voice.status-webhook'), paramsOf(statusParams, request));
        return sendTwiml(reply);
      },
    );

    app.post(
      WEBHOOK_PATHS.voiceRecording,
      {
        config: webhook,
        schema: {
          tags: ['webhooks'],
          summary: "A call's or voicemail's recording is ready: it is fetched into encrypted storage",
          response: errorResponses(400, 403),
        },
      },
      async (request, reply) => {
        assertTwilioRequest(deps.config, request);
        await receiveRecording(
          systemContext(deps, 'voice.recording-webhook'),
          paramsOf(recordingParams, request),
        );
        return sendTwiml(reply);
      },
    );

    app.post(
      WEBHOOK_PATHS.voiceTranscription,
      {
        config: webhook,
        schema: {
          tags: ['webhooks'],
          summary: "A voicemail's transcription (stored sealed)",
          response: errorResponses(400, 403),
        },
      },
      async (request, reply) => {
        assertTwilioRequest(deps.config, request);
        await receiveTranscription(
          systemContext(deps, 'voice.transcription-webhook'),
          paramsOf(transcriptionParams, request),
        );
        return sendTwiml(reply);
      },
    );

    // Made now, so a misconfiguration shows at start rather than on the first call.
    voiceDriverOf(deps);
  };
}

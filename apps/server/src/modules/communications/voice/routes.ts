import fastifyMultipart from '@fastify/multipart';
import {
  callHistoryQuerySchema,
  callHistorySchema,
  DOCUMENT_MESSAGES,
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
import { requireAuth, requireOrg } from '../../../platform/auth.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError, errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { WEBHOOK_PATHS } from '../../../platform/webhook-urls.ts';
import {
  applyCallStatus,
  listCallHistory,
  openCallRecording,
  outboundTwimlOf,
  placeCall,
} from './calls-service.ts';
import { closeVoiceDriver, setVoiceLogger, voiceDriverOf } from './driver-of.ts';
import { receiveRecording } from './recordings.ts';
import { CALL_TWIML_PATH, verifyCallTwimlToken, voicemailRecordedTwiml, voicemailTwiml } from './twiml.ts';
import {
  assertCanSimulateVoicemail,
  listVoicemails,
  markVoicemailRead,
  openVoicemailAudio,
  receiveIncomingCall,
  receiveTranscription,
  type SimulatedVoicemail,
  simulateVoicemail,
  VOICEMAIL_AUDIO_MAX_BYTES,
} from './voicemail-service.ts';

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
      'validation_failed',
      `Missing or invalid parameters: ${Object.keys(fields).join(', ')}.`,
      {
        fields,
      },
    );
  }
  return parsed.data;
}

/** Room for the multipart framing and the small fields beside the audio (from_phone, transcription). */
const MULTIPART_OVERHEAD = 64 * 1024;
const AUDIO_FIELDS = new Set(['audio', 'file']);

/**
 * The simulated voicemail's multipart body: from_phone, transcription, and the first file of the field
 * "audio" (or "file"), read into memory up to one byte over the limit (the service refuses it then). Every
 * other part is read and dropped, so the answer always reaches the browser.
 */
async function readVoicemailUpload(request: FastifyRequest): Promise<SimulatedVoicemail> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', DOCUMENT_MESSAGES.notMultipart);
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > VOICEMAIL_AUDIO_MAX_BYTES + MULTIPART_OVERHEAD) {
    throw new AppError('payload_too_large', DOCUMENT_MESSAGES.tooLarge(VOICEMAIL_AUDIO_MAX_BYTES), {
      headers: { connection: 'close' },
    });
  }
  const out: SimulatedVoicemail = { fromPhone: undefined, transcription: undefined, audio: null };
  try {
    const parts = request.parts({
      limits: {
        fileSize: VOICEMAIL_AUDIO_MAX_BYTES + 1,
        files: 5,
        fields: 10,
        fieldSize: 64 * 1024,
        parts: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : undefined;
        if (part.fieldname === 'from_phone') out.fromPhone = value;
        if (part.fieldname === 'transcription') out.transcription = value;
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (out.audio === null && AUDIO_FIELDS.has(part.fieldname)) out.audio = Buffer.concat(chunks);
    }
  } catch (error) {
    // A refusal of the parts themselves (strict input: a bad field or file name) is the client's, as it is.
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string })?.code;
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('payload_too_large', DOCUMENT_MESSAGES.tooManyParts);
    }
    throw new AppError('bad_request', DOCUMENT_MESSAGES.malformed);
  }
  return out;
}

export function voiceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered here only: this plugin's simulated-voicemail upload is its one multipart body.
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });
    setVoiceLogger(deps, app.log);
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
        placeCall(deps, request, requireOrg(request), request.params.providerId, request.body),
    );

    app.get(
      '/api/call-history',
      {
        config: read,
        schema: {
          tags: ['voice'],
          summary:
            "The organization's calls, newest first, optionally of one referral or provider (001 §2.15, §7)",
          querystring: callHistoryQuerySchema,
          response: { 200: callHistorySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listCallHistory(deps, requireOrg(request), request.query);
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
        const { stream, contentType } = await openCallRecording(
          deps,
          request,
          requireOrg(request),
          request.params.id,
        );
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
        return listVoicemails(deps, request, requireOrg(request), request.query);
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
      async (request) => markVoicemailRead(deps, request, requireOrg(request), request.params.id),
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
        const { stream, contentType } = await openVoicemailAudio(
          deps,
          request,
          requireOrg(request),
          request.params.id,
        );
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
        const auth = requireAuth(request);
        // Refused before the body is read: nobody uploads 10 MB to hear they may not.
        assertCanSimulateVoicemail(deps, auth);
        const upload = await readVoicemailUpload(request);
        return reply.code(201).send(await simulateVoicemail(deps, request, auth, upload));
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
          ? await outboundTwimlOf(deps, id)
          : null;
        if (twiml === null) throw new AppError('not_found', VOICE_MESSAGES.callNotFound);
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
        await receiveIncomingCall(deps, paramsOf(incomingParams, request));
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
        await applyCallStatus(deps, paramsOf(statusParams, request));
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
        await receiveRecording(deps, paramsOf(recordingParams, request), request.log);
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
        await receiveTranscription(deps, paramsOf(transcriptionParams, request));
        return sendTwiml(reply);
      },
    );

    // Made now, so a misconfiguration shows at start rather than on the first call.
    voiceDriverOf(deps);
  };
}

import fastifyMultipart from '@fastify/multipart';
import { ORG_ROLES, type OrgRole, speechSettingsSchema, transcriptionSchema } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAudioUpload } from '../../../platform/audio-upload.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { speechToTextOf } from './engine-of.ts';
import { parseSpeechLanguage, speechSettings, transcribeAudio } from './service.ts';

// Speech to text (issue #19): what the caller's organization may use, and one recording transcribed.

const read = { auth: { org: true as const } };
/** Transcribing is for writing referrals and notes: every organization role but viewer (002 §6). */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');

export function speechRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });

    app.get(
      '/api/speech/settings',
      {
        config: read,
        schema: {
          tags: ['speech'],
          summary:
            "Whether the organization lets the browser's speech recognition be used, and which languages the server transcribes",
          response: { 200: speechSettingsSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => speechSettings(orgContext(request, deps)),
    );

    app.post(
      '/api/speech/transcriptions',
      {
        config: { auth: { org: true as const, orgRoles: WRITERS } },
        schema: {
          tags: ['speech'],
          summary:
            'Transcribe one recording (multipart: audio — WebM/Opus from the browser, or OGG, WAV, MP3, M4A — and language, e.g. es-ES). Nothing is stored; audited without the words.',
          consumes: ['multipart/form-data'],
          response: { 200: transcriptionSchema, ...errorResponses(400, 401, 403, 413, 415, 422, 503) },
        },
      },
      async (request) => {
        const ctx = orgContext(request, deps);
        const { fields, audio } = await readAudioUpload(request, speechToTextOf(deps).limits.maxBytes);
        return transcribeAudio(ctx, {
          audio,
          language: parseSpeechLanguage(fields.language),
          purpose: 'voice_referral',
        });
      },
    );
  };
}

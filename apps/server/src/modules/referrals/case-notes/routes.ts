import fastifyMultipart from '@fastify/multipart';
import {
  caseNoteCreateSchema,
  caseNoteDeleteResponseSchema,
  caseNoteListQuerySchema,
  caseNoteListSchema,
  caseNoteSchema,
  caseNoteUpdateSchema,
  idParamSchema,
  ORG_ROLES,
  type OrgRole,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAudioUpload } from '../../../platform/audio-upload.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { speechToTextOf } from '../../communications/speech/engine-of.ts';
import { createCaseNote, deleteCaseNote, listCaseNotes, updateCaseNote } from './service.ts';
import { createVoiceNote, openNoteAudio } from './voice-notes.ts';

// 001 §6 shows only "an authenticated user" and some note calls without the token; here every call needs a
// session and acts for the active organization, which must see the referral (owner or matched provider).
const read = { auth: { org: true as const } };
/** Viewers (002 §6) read notes; every other organization role may write them. */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };

export function caseNotesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });

    app.get(
      '/api/case-notes',
      {
        config: { ...read, ...phiRoute('case_note') },
        schema: {
          tags: ['case-notes'],
          summary:
            "A referral's case notes, newest first, paged, with can_edit for the caller (001 §7; audited)",
          querystring: caseNoteListQuerySchema,
          response: { 200: caseNoteListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listCaseNotes(orgContext(request, deps), request.query),
    );

    app.post(
      '/api/case-notes',
      {
        config: { ...write, ...phiRoute('case_note') },
        schema: {
          tags: ['case-notes'],
          summary:
            'Add a text note to a referral as the signed-in user; content_html is sanitised to the editor formats (001 §2.17, §5, §9)',
          body: caseNoteCreateSchema,
          response: { 201: caseNoteSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createCaseNote(orgContext(request, deps), request.body)),
    );

    app.post(
      '/api/case-notes/voice',
      {
        config: { ...write, ...phiRoute('case_note') },
        schema: {
          tags: ['case-notes'],
          summary:
            'Add a voice note (multipart: audio — WebM/Opus from the browser, or OGG, WAV, MP3, M4A — referral_id, language (001 §9, default en-US), optional visibility, and optional content typed instead, which skips transcription). The recording is transcribed on the server and kept encrypted; no speech recognised is a 422 and nothing is saved (001 §5).',
          consumes: ['multipart/form-data'],
          response: { 201: caseNoteSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 422, 503) },
        },
      },
      async (request, reply) => {
        const ctx = orgContext(request, deps);
        const maxBytes = speechToTextOf(deps).limits.maxBytes;
        const { fields, audio } = await readAudioUpload(request, maxBytes);
        return reply.code(201).send(await createVoiceNote(ctx, { fields, audio, maxBytes }));
      },
    );

    app.get(
      '/api/case-notes/:id/audio',
      {
        config: { ...read, ...phiRoute('case_note') },
        schema: {
          tags: ['case-notes'],
          summary:
            "A voice note's recording (bytes), for whoever may read the note; 404 when it has none; audited",
          params: idParamSchema,
          response: errorResponses(400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const { stream, contentType } = await openNoteAudio(orgContext(request, deps), {
          id: request.params.id,
        });
        return reply
          .header('content-type', contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .send(stream as never);
      },
    );

    app.put(
      '/api/case-notes/:id',
      {
        config: { ...write, ...phiRoute('case_note') },
        schema: {
          tags: ['case-notes'],
          summary: "Edit a note's text (its author, or an administrator of its organization)",
          params: idParamSchema,
          body: caseNoteUpdateSchema,
          response: { 200: caseNoteSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        updateCaseNote(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );

    app.delete(
      '/api/case-notes/:id',
      {
        config: write,
        schema: {
          tags: ['case-notes'],
          summary: 'Delete a note (its author, or an administrator of its organization)',
          params: idParamSchema,
          response: { 200: caseNoteDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deleteCaseNote(orgContext(request, deps), { id: request.params.id }),
    );
  };
}

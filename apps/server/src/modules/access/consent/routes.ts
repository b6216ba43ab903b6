import {
  consentDocumentListSchema,
  consentDocumentSchema,
  consentDocumentVersionListSchema,
  consentHistorySchema,
  idParamSchema,
  publishConsentDocumentRequestSchema,
  signatureRecordSchema,
  signConsentRequestSchema,
  signConsentResponseSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { openContext, userContext } from '../../../platform/request-context.ts';
import {
  consentHistory,
  listActiveDocuments,
  listAllDocuments,
  publishDocument,
  revokeSignature,
  signDocument,
} from './service.ts';

/** 003 §7.2 consent documents, signatures and history. A session with pending consent may call all of them. */
export function consentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/consent/documents/active',
      {
        config: { auth: 'public', allowPendingConsent: true },
        schema: {
          tags: ['consent'],
          summary: 'The current version of each consent document (open: /terms and /hipaa read it)',
          response: { 200: consentDocumentListSchema },
        },
      },
      async (request) => listActiveDocuments(openContext(request, deps)),
    );

    app.post(
      '/api/consent/sign',
      {
        config: { auth: 'session', allowPendingConsent: true },
        schema: {
          tags: ['consent'],
          summary: 'Sign the current version of a consent document with the typed full name',
          body: signConsentRequestSchema,
          response: { 200: signConsentResponseSchema, ...errorResponses(400, 401, 404, 422) },
        },
      },
      async (request) => signDocument(userContext(request, deps), request.body),
    );

    app.get(
      '/api/consent/history',
      {
        config: { auth: 'session', allowPendingConsent: true },
        schema: {
          tags: ['consent'],
          summary: "The caller's consent status and signature history (003 §2.12)",
          response: { 200: consentHistorySchema, ...errorResponses(401) },
        },
      },
      async (request) => consentHistory(userContext(request, deps)),
    );

    app.post(
      '/api/consent/signatures/:id/revoke',
      {
        config: { auth: 'session', allowPendingConsent: true },
        schema: {
          tags: ['consent'],
          summary: 'Revoke one of your own signatures (the record stays)',
          params: idParamSchema,
          response: { 200: signatureRecordSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => revokeSignature(userContext(request, deps), { id: request.params.id }),
    );

    app.get(
      '/api/consent/documents',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['consent'],
          summary: 'Every published version (administrators)',
          response: { 200: consentDocumentVersionListSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => listAllDocuments(userContext(request, deps)),
    );

    app.post(
      '/api/consent/documents',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['consent'],
          summary: 'Publish a new version of a consent document; everyone re-signs at the next sign-in',
          body: publishConsentDocumentRequestSchema,
          response: { 201: consentDocumentSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const document = await publishDocument(userContext(request, deps), request.body);
        return reply.status(201).send(document);
      },
    );
  };
}

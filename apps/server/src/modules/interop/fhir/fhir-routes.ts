import type { OperationOutcomeIssue } from '@medplum/fhirtypes';
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { CapabilityBuilder } from './capability.ts';
import { type FhirIssueType, issuesOfAppError, operationOutcome } from './operation-outcome.ts';
import { fhirReadRoutes } from './routes-read.ts';
import { fhirWriteRoutes } from './routes-write.ts';
import { fhirSubscriptionRoutes } from './subscriptions/routes.ts';

export const FHIR_CONTENT_TYPE = 'application/fhir+json; charset=utf-8';

/** Fastify's own refusals of a body, as FHIR issues (the status is Fastify's). */
const BODY_ERRORS: Record<string, { type: FhirIssueType; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { type: 'structure', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    type: 'structure',
    message: 'The request body is empty but its content type says JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { type: 'too-costly', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    type: 'not-supported',
    message: 'This content type is not accepted here; send application/fhir+json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    type: 'invalid',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_CTP_INVALID_TYPE: { type: 'invalid', message: 'The content type header is invalid.' },
};

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

function sendOutcome(reply: FastifyReply, status: number, issues: OperationOutcomeIssue[]) {
  return reply
    .status(status)
    .type(FHIR_CONTENT_TYPE)
    .header('cache-control', 'no-store')
    .send(operationOutcome(issues));
}

/** The element path of a zod issue on the request: a search parameter by its name, a body element as FHIRPath. */
function expressionOf(where: string, instancePath: string, request: FastifyRequest): string {
  const parts = instancePath.replace(/^\//, '').split('/').filter(Boolean);
  if (where === 'querystring' || where === 'params') return parts.join('.') || where;
  const type = (request.body as { resourceType?: unknown } | undefined)?.resourceType;
  const root = typeof type === 'string' ? type : 'body';
  return [root, ...parts].join('.');
}

/** Every error under /fhir, whoever raised it (a route, the auth hook, validation, Fastify), as an OperationOutcome. */
function fhirErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return sendOutcome(reply, error.status, issuesOfAppError(error));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    const issues: OperationOutcomeIssue[] = [];
    for (const issue of error.validation) {
      const keys = (issue.params as { keys?: unknown }).keys;
      if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
        for (const key of keys) {
          issues.push({
            severity: 'error',
            code: where === 'querystring' ? 'not-supported' : 'structure',
            diagnostics:
              where === 'querystring'
                ? `Unknown search parameter "${String(key)}" (this server handles search parameters strictly).`
                : `Unknown element "${String(key)}".`,
            expression: [
              where === 'querystring' ? String(key) : expressionOf(where, `/${String(key)}`, request),
            ],
          });
        }
        continue;
      }
      issues.push({
        severity: 'error',
        code: issue.keyword === 'required' ? 'required' : 'value',
        diagnostics: issue.message ?? 'Invalid value.',
        expression: [expressionOf(where, issue.instancePath, request)],
      });
    }
    return sendOutcome(reply, 400, issues);
  }
  const mapped = error.code ? BODY_ERRORS[error.code] : undefined;
  const status = error.statusCode ?? 500;
  if (mapped)
    return sendOutcome(reply, status, [
      { severity: 'error', code: mapped.type, diagnostics: mapped.message },
    ]);
  if (status >= 400 && status < 500) {
    const code: FhirIssueType = status === 404 ? 'not-found' : status === 429 ? 'throttled' : 'invalid';
    return sendOutcome(reply, status, [
      { severity: 'error', code, diagnostics: error.message || 'Bad request.' },
    ]);
  }
  // A 5xx hides its internals: the log has them, with the request id.
  request.log.error({ err: error }, 'FHIR request failed');
  return sendOutcome(reply, 500, [{ severity: 'fatal', code: 'exception', diagnostics: INTERNAL_MESSAGE }]);
}

/** The FHIR media type, for the write side's bodies and the JSON Patch of a Task update. */
function registerFhirBodies(fhir: FastifyInstance) {
  fhir.addContentTypeParser(
    ['application/fhir+json', 'application/json-patch+json'],
    { parseAs: 'string' },
    fhir.getDefaultJsonParser('error', 'error'),
  );
}

/**
 * Everything under /fhir, in one encapsulated context: FHIR's media type and OperationOutcome errors apply
 * here and nowhere else. Each part registers its routes with `config.apiClients: true` and checks its scope,
 * and adds what it offers to the CapabilityStatement (`app.fhirCapability.add`).
 */
export function fhirPlugin(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(
      async (fhir) => {
        registerFhirBodies(fhir);
        fhir.decorate('fhirCapability', new CapabilityBuilder());
        fhir.setErrorHandler(fhirErrorHandler);
        fhir.setNotFoundHandler((request, reply) =>
          sendOutcome(reply, 404, [
            {
              severity: 'error',
              code: 'not-found',
              diagnostics: `This FHIR server has no ${request.method} ${request.url.split('?')[0]}.`,
            },
          ]),
        );
        // Every FHIR answer is a FHIR resource, and carries PHI often enough that none may be cached.
        fhir.addHook('onSend', async (_request, reply, payload) => {
          const type = String(reply.getHeader('content-type') ?? '');
          if (type === '' || type.startsWith('application/json')) reply.type(FHIR_CONTENT_TYPE);
          reply.header('cache-control', 'no-store');
          return payload;
        });
        await fhir.register(fhirReadRoutes(deps));
        await fhir.register(fhirWriteRoutes(deps));
        await fhir.register(fhirSubscriptionRoutes(deps));
      },
      { prefix: '/fhir' },
    );
  };
}

import type { ErrorReason } from '@trust/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.ts';

// HSDS 3.0's openapi.json defines no error response, so /hsds answers its refusals in one small documented
// object (docs/areas/interop-hsds-api.md) instead of the app's envelope: an HSDS client reads `status` and
// `message`, and `parameters` names each bad query parameter. Registered on the /hsds context only.

export const hsdsErrorSchema = z.object({
  /** The HTTP status, repeated for clients that only keep the body. */
  status: z.number().int(),
  /** A stable word for the kind of refusal: invalid_parameter, not_found, internal (bad_request for other 4xx). */
  error: z.string(),
  message: z.string(),
  /** Each bad query or path parameter with what is wrong with it. */
  parameters: z.record(z.string(), z.string()).optional(),
});
export type HsdsError = z.infer<typeof hsdsErrorSchema>;

/** The refusal's word: the reason without its area (`hsds.not_found` → `not_found`). */
function word(reason: ErrorReason): string {
  return reason.replace(/^[^.]*\./, '');
}

/** The HSDS error body of any error met under /hsds (5xx hide their internals; the log keeps them). */
export function hsdsErrorOf(error: FastifyError | AppError): HsdsError {
  if (error instanceof AppError) {
    const fields = error.fields && { parameters: error.fields };
    const kind = error.reason === 'request.validation_failed' ? 'invalid_parameter' : word(error.reason);
    return { status: error.status, error: kind, message: error.message, ...fields };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const parameters: Record<string, string> = {};
    for (const issue of error.validation) {
      const key =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'query');
      parameters[key] ??= issue.message ?? 'Invalid value.';
    }
    const message = Object.entries(parameters)
      .map(([name, text]) => `${name}: ${text}`)
      .join('; ');
    return { status: 400, error: 'invalid_parameter', message, parameters };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      error: status === 404 ? 'not_found' : 'bad_request',
      message: error.message || 'Bad request.',
    };
  }
  return { status: 500, error: 'internal', message: 'Something went wrong on our side. Please try again.' };
}

/** Every error and unknown path under /hsds in the HSDS error shape. */
export function useHsdsErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = hsdsErrorOf(error);
    if (body.status >= 500) request.log.error({ err: error }, 'hsds request failed');
    if (error instanceof AppError && error.headers) reply.headers(error.headers);
    return reply.status(body.status).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const body: HsdsError = {
      status: 404,
      error: 'not_found',
      message: `This HSDS API has no ${request.method} route at this path.`,
    };
    return reply.status(404).type('application/json; charset=utf-8').send(body);
  });
}

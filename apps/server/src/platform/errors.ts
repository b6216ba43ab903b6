import {
  ERROR_CODES,
  ERROR_REASONS,
  type ErrorCode,
  type ErrorEnvelope,
  type ErrorReason,
  errorEnvelopeSchema,
} from '@trust/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * The one application error (DESIGN.md): a reason from the catalogue (packages/domain/src/error-reasons), the
 * human message, optional per-field messages. The generic code and the HTTP status follow from the reason.
 * Services throw it; the error handler renders the envelope. Code that reacts to an error tests `reason`, never
 * the message.
 */
export class AppError extends Error {
  readonly reason: ErrorReason;
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** The resource as it now stands (a 409 over a newer save carries it, so the client shows it). */
  readonly current: unknown;

  constructor(
    reason: ErrorReason,
    message: string,
    options: { fields?: Record<string, string>; headers?: Record<string, string>; current?: unknown } = {},
  ) {
    super(message);
    this.reason = reason;
    this.code = ERROR_REASONS[reason];
    this.status = ERROR_CODES[this.code];
    this.fields = options.fields;
    this.headers = options.headers;
    this.current = options.current;
  }
}

export function envelope(
  code: string,
  message: string,
  fields?: Record<string, string>,
  reason?: ErrorReason | null,
): ErrorEnvelope {
  return {
    code,
    ...(reason ? { reason } : {}),
    detail: message,
    message,
    error: message,
    ...(fields ? { fields } : {}),
  };
}

function send(reply: FastifyReply, status: number, body: ErrorEnvelope) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own error codes for bad requests, mapped to our catalogue (the code follows from the reason). */
const FASTIFY_CODES: Record<string, { reason: ErrorReason; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    reason: 'request.invalid_json',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    reason: 'request.invalid_json',
    message: 'The request body is empty but its content type says JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { reason: 'request.too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    reason: 'request.unsupported_media_type',
    message: 'This content type is not accepted here; send application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    reason: 'request.invalid',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_CTP_INVALID_TYPE: { reason: 'request.invalid', message: 'The content type header is invalid.' },
};

/** The envelope of a reason: its code (hence status) from the catalogue. */
function sendReason(reply: FastifyReply, reason: ErrorReason, message: string, status?: number) {
  const code = ERROR_REASONS[reason];
  return send(reply, status ?? ERROR_CODES[code], envelope(code, message, undefined, reason));
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body = envelope(error.code, error.message, error.fields, error.reason);
      return send(
        reply,
        error.status,
        error.current === undefined ? body : { ...body, current: error.current },
      );
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const keys = (issue.params as { keys?: unknown }).keys;
        if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
          for (const key of keys) fields[String(key)] = 'Unknown field.';
          continue;
        }
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || where;
        fields[key] ??= issue.message ?? 'Invalid value.';
      }
      const summary = Object.entries(fields)
        .map(([field, message]) => (field === where ? message : `${field}: ${message}`))
        .join('; ');
      return send(
        reply,
        400,
        envelope('validation_failed', `Invalid ${where}. ${summary}`, fields, 'request.validation_failed'),
      );
    }

    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendReason(reply, mapped.reason, mapped.message);

    // Any other client error Fastify raised (bad headers, URL, etc.) keeps its 4xx status.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const reason =
        status === 404 ? 'route.not_found' : status === 429 ? 'request.rate_limited' : 'request.invalid';
      return sendReason(reply, reason, error.message || 'Bad request.', status);
    }

    // A 5xx hides its internals: the log has them (with the request id), the caller gets a plain sentence.
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
    } else {
      request.log.error({ err: error }, 'request failed');
    }
    return sendReason(reply, 'server.internal', INTERNAL_MESSAGE);
  });

  app.setNotFoundHandler((request, reply) => {
    return sendReason(
      reply,
      'route.not_found',
      `No route for ${request.method} ${request.url.split('?')[0]}`,
    );
  });
}

/**
 * Errors Fastify's router meets before any route or error handler (a path that is not valid percent-encoding,
 * a path parameter over its length): the envelope too, without echoing the path (issue #12).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendReason(reply, 'request.url_too_long', 'A part of the URL is too long.', 414);
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendReason(
      reply,
      'request.url_invalid',
      'The URL is not valid: it has a malformed escape sequence.',
    );
  }
  return sendReason(reply, 'server.internal', INTERNAL_MESSAGE);
}

/** Response schemas for the error statuses a route can answer, for validation and the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelopeSchema])) as Record<
    number,
    typeof errorEnvelopeSchema
  >;
}

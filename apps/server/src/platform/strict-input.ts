import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Strict input at the edge (issue #12): no string of a request (body, form or multipart field, query string,
 * path parameter; keys as well as values) may carry U+0000 or a lone UTF-16 surrogate. PostgreSQL cannot
 * store either in `text` (it answered 500 on 40 routes), and a lone surrogate cannot be written back out as
 * UTF-8. One hook for every route, before validation, so no route has to remember it.
 */
export const BAD_TEXT_MESSAGE = 'Text may not contain NUL characters or invalid Unicode.';

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isBadText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/**
 * The path (`a.b.0`) of the first string in `value` that is bad text, or of the object holding a bad key;
 * `''` for the value itself; null when every string is clean. Walks with its own stack, so no nesting depth
 * can overflow the call stack.
 */
export function findBadText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isBadText(current)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    // Buffers are file contents and raw bodies: bytes, not text.
    if (Buffer.isBuffer(current) || ArrayBuffer.isView(current)) continue;
    seen.add(current);
    for (const [key, item] of Object.entries(current)) {
      if (isBadText(key)) return path;
      stack.push([item, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

function badText(where: 'body' | 'querystring' | 'params', path: string): AppError {
  const field = path || where;
  return new AppError('request.validation_failed', BAD_TEXT_MESSAGE, {
    fields: { [field]: BAD_TEXT_MESSAGE },
  });
}

/** Throws the 400 when a part of the request carries bad text. */
export function assertCleanText(value: unknown, where: 'body' | 'querystring' | 'params') {
  const path = findBadText(value);
  if (path !== null) throw badText(where, path);
}

type Part = {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  value?: unknown;
  file?: NodeJS.ReadableStream;
};
type PartsFn = (options?: unknown) => AsyncIterableIterator<Part>;

async function drain(stream: NodeJS.ReadableStream | undefined) {
  if (!stream) return;
  for await (const _ of stream);
}

/**
 * Multipart bodies are streamed by the route (@fastify/multipart's `request.parts()`), so they cannot be
 * checked before the handler runs: the parts are checked as they are read instead. Field names, field values
 * and file names are text; file contents are not. Once a part is bad, the rest of the body is read and
 * dropped (so the answer reaches the browser) and nothing of it reaches the route, which gets the 400.
 */
async function* checkedParts(parts: AsyncIterableIterator<Part>): AsyncGenerator<Part> {
  let failure: AppError | null = null;
  for await (const part of parts) {
    if (!failure) {
      const bad =
        isBadText(part.fieldname) ||
        (part.type === 'field' && typeof part.value === 'string' && isBadText(part.value)) ||
        (typeof part.filename === 'string' && isBadText(part.filename));
      if (bad) failure = badText('body', isBadText(part.fieldname) ? '' : part.fieldname);
    }
    if (failure) {
      if (part.type === 'file') await drain(part.file);
      continue;
    }
    yield part;
  }
  if (failure) throw failure;
}

export function registerStrictInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    assertCleanText(request.params, 'params');
    assertCleanText(request.query, 'querystring');
    assertCleanText(request.body, 'body');
    // @fastify/multipart decorates the requests of the plugins that register it; elsewhere there is no parts().
    const multipart = request as unknown as { parts?: PartsFn; isMultipart?: () => boolean };
    if (typeof multipart.parts === 'function' && multipart.isMultipart?.()) {
      // A multipart body to a route that does not read one would go unchecked (and unread): refused.
      const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
      if (!consumes?.includes('multipart/form-data')) {
        throw new AppError(
          'request.unsupported_media_type',
          'This request does not take a form upload; send JSON.',
        );
      }
      const parts = multipart.parts.bind(request);
      multipart.parts = (options?: unknown) => checkedParts(parts(options));
    }
  });
}

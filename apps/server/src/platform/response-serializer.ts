import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * Answers are serialised by their route's response schema (issue #22), compiled once per route and status by
 * fast-json-stringify from the JSON Schema of the zod schema, instead of zod checking every answer and
 * JSON.stringify walking it a second time.
 *
 * What the compiled serialiser writes is what the schema names: a property the schema does not list is left out,
 * as zod's object schemas leave it out. It does not check the answer, so `checkAgainstZod` (on in the tests)
 * also encodes every answer with zod as before and refuses any answer where the two differ: the whole test suite
 * then proves the compiled form of every schema it touches, and a service that breaks its contract still fails.
 * A schema the JSON Schema conversion cannot express keeps zod's encoding.
 */
export type SerializerOptions = { checkAgainstZod: boolean };

type RouteSchema = { schema: unknown; method: string; url: string };

function zodSchemaOf(maybe: unknown): $ZodType {
  if (maybe instanceof $ZodType) return maybe;
  const properties = (maybe as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`A response schema must be a zod schema (got ${JSON.stringify(maybe)})`);
}

type JsonSchema = Record<string, unknown>;

/**
 * zod writes `.nullable()` as `anyOf: [X, {type: 'null'}]`; fast-json-stringify serialises an `anyOf` by
 * validating the value against each branch (ajv) to pick one, per field. A plain type with null is the same
 * statement as `type: [X, 'null']`, which it serialises with a typeof check. Rewritten everywhere it appears.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) out[key] = simplifyNullable(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && other.$ref === undefined) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

function compile(schema: $ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema as z.ZodType, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    });
    return fastJson(simplifyNullable(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

export function createResponseSerializer(options: SerializerOptions) {
  return ({ schema: maybeSchema, method, url }: RouteSchema) => {
    const schema = zodSchemaOf(maybeSchema);
    const compiled = compile(schema);
    const encode = (data: unknown) => {
      const result = safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
    if (!compiled) return encode;
    if (!options.checkAgainstZod) return compiled;
    return (data: unknown) => {
      const expected = encode(data);
      const written = compiled(data);
      // Same values, whatever the order of the keys (zod writes an extended object's keys in its own order).
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `The compiled serialiser of ${method} ${url} wrote ${written.slice(0, 2000)} where zod wrote ${expected.slice(0, 2000)}`,
        );
      }
      return written;
    };
  };
}

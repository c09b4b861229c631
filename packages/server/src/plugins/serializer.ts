import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { createSerializerCompiler } from 'fastify-type-provider-zod';

type ZodSchema = z.ZodType;

/**
 * `additionalProperties: false` removed: zod strips unknown keys rather than refusing them, and
 * fast-json-stringify writes only the named properties anyway; kept, it would make a nullable
 * object with an extra key match no branch of its anyOf.
 */
function withoutClosedObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutClosedObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  );
}

/** The zod provider's serializer: encodes with zod (dropping unknown keys), then JSON.stringify. */
const zodSerializer = createSerializerCompiler({});

/**
 * Response serialisation compiled once per route (issue 8): each zod response schema becomes a
 * JSON Schema, compiled by fast-json-stringify (Fastify's own serialiser), which writes only the
 * schema's properties — so, as with zod, a field the schema does not name (an answer, a hash) can
 * never leave — about four times faster than encoding with zod on every response. A schema JSON
 * Schema cannot express falls back to zod.
 *
 * `verify` (tests): every response is also encoded by zod, and a difference is an error, so the
 * whole API test suite checks that the two serialisers agree.
 */
export function responseSerializer(options: { verify: boolean }): FastifySerializerCompiler<ZodSchema> {
  return (route) => {
    const viaZod = zodSerializer(route as never) as (data: unknown) => string;
    let compiled: (data: unknown) => string;
    try {
      const jsonSchema = z.toJSONSchema(route.schema, {
        io: 'output',
        target: 'draft-07',
        unrepresentable: 'throw',
      });
      compiled = fastJsonStringify(withoutClosedObjects(jsonSchema) as never) as (data: unknown) => string;
    } catch {
      return viaZod;
    }
    if (!options.verify) return compiled;
    return (data) => {
      const expected = viaZod(data);
      const actual = compiled(data);
      // The same JSON; fast-json-stringify writes required properties before optional ones.
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url}: fast-json-stringify and zod disagree\n${actual}\n${expected}`,
        );
      }
      return actual;
    };
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { users } from '../../db/schema.ts';

/** A primary key no row has: the select walks the index and finds nothing. */
const ABSENT_ID = '00000000-0000-4000-8000-000000000000';

const CaptureRequest = z.object({
  method: z.enum(['GET', 'POST']),
  url: z.string().startsWith('/api/'),
  headers: z.record(z.string(), z.string()).default({}),
  body: z.string().optional(),
});

/**
 * Benchmark-only routes (docs/decisions/016-performance.md, 040-same-work-floors.md), registered
 * only when the benchmark starts the server (BENCH_ROUTES=1), so the production API never has them.
 */
export function benchRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The database floor: one indexed select through the same pool and ORM as every feature, no
  // auth, nothing else.
  routes.get(
    '/bench/db-floor',
    { schema: { hide: true, response: { 200: z.object({ found: z.boolean() }) } } },
    async () => {
      const rows = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, ABSENT_ID)).limit(1);
      return { found: rows.length > 0 };
    },
  );

  // One request through the whole app, answered with the statements it sent (text and parameters)
  // and its response: what the benchmark's same-work floor replays (bench/same-work.ts). The
  // capture hears every statement of the process, so the benchmark calls it with no other load.
  routes.post(
    '/bench/capture',
    // The captured request's own effects decide the caches, not this wrapper's.
    { schema: { hide: true, body: CaptureRequest }, config: { keepsAccountCache: true } },
    async (request) => {
      const { method, url, headers, body } = request.body;
      let answer: { statusCode: number; body: string } = { statusCode: 0, body: '' };
      const statements = await deps.database.captureQueries(async () => {
        const response = await app.inject({
          method,
          url,
          headers,
          ...(body === undefined ? {} : { payload: body }),
        });
        answer = { statusCode: response.statusCode, body: response.body };
      });
      return { ...answer, statements };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { users } from '../../db/schema.ts';

/** A primary key no row has: the select walks the index and finds nothing. */
const ABSENT_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The benchmark's database floor (docs/decisions/016-performance.md): one indexed select through
 * the same pool and ORM as every feature, no auth, nothing else. Registered only when the
 * benchmark starts the server (BENCH_ROUTES=1), so the production API never has it.
 */
export function benchRoutes(app: FastifyInstance, deps: AppDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/bench/db-floor',
      { schema: { hide: true, response: { 200: z.object({ found: z.boolean() }) } } },
      async () => {
        const rows = await deps.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, ABSENT_ID))
          .limit(1);
        return { found: rows.length > 0 };
      },
    );
}

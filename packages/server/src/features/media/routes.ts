import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { media } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';

/**
 * Media are served by content hash: the bytes behind an id never change, so they are cached
 * for a year. Media ids are unguessable (SHA-256 of the bytes), like an unlisted link.
 */
export function mediaRoutes(app: FastifyInstance, deps: AppDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/media/:id',
      { schema: { tags: ['media'], params: z.object({ id: z.string().max(128) }) } },
      async (request, reply) => {
        if (!/^[0-9a-f]{64}$/.test(request.params.id)) throw notFound('Image not found');
        const [row] = await deps.db
          .select({ mimeType: media.mimeType, bytes: media.bytes })
          .from(media)
          .where(eq(media.id, request.params.id))
          .limit(1);
        if (!row) throw notFound('Image not found');
        return reply
          .header('content-type', row.mimeType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-disposition', 'inline')
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(row.bytes, 'base64'));
      },
    );
}

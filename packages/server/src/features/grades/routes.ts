import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GRADES, GradesResponse } from '@quizquest/shared';

export function gradeRoutes(app: FastifyInstance): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/grades/get-grades',
      { schema: { tags: ['grades'], response: { 200: GradesResponse } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return [...GRADES];
      },
    );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FamilyReportQuery,
  FamilyReportResponse,
  FieldErrorsResponse,
  MessageResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { requireParentPin } from '../../entitlements/parent-pin.ts';
import { currentUser } from '../../plugins/auth.ts';
import { familyReportFor } from './service.ts';

const docs = { tags: ['family'], security: [{ bearer: [] }] };

/** The parent's report of every child of the account (decision 035), behind the parent PIN when set. */
export function reportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/reports/family',
    {
      schema: {
        ...docs,
        querystring: FamilyReportQuery,
        response: {
          200: FamilyReportResponse,
          400: FieldErrorsResponse,
          401: MessageResponse,
          403: MessageResponse,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await requireParentPin(deps, user, request.headers);
      return familyReportFor(deps, user, request.query.days);
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Language, languageFromAcceptLanguage, localiseMessage } from '@quizquest/shared';

/**
 * The language a request is answered in (decision 034): the signed-in learner's stored language,
 * else the one its Accept-Language header prefers.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return request.authUser?.language ?? languageFromAcceptLanguage(request.headers['accept-language']);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The one place the server speaks the learner's language: every body's top-level `message` and
 * each field error of `errors`, on errors and successes alike, is localised just before it is
 * serialised. Nothing else in a payload changes (a plan's subscription_message is data), and the
 * log lines, written before this, stay English.
 */
export function localiseResponseMessages(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!isRecord(payload) || !('message' in payload || 'errors' in payload)) return payload;
    const language = requestLanguage(request);
    if (language === 'en') return payload;
    // A copy: a payload may be a shared constant.
    const localised: Record<string, unknown> = { ...payload };
    if (typeof payload.message === 'string') localised.message = localiseMessage(payload.message, language);
    if (isRecord(payload.errors)) {
      localised.errors = Object.fromEntries(
        Object.entries(payload.errors).map(([field, text]) => [
          field,
          typeof text === 'string' ? localiseMessage(text, language) : text,
        ]),
      );
    }
    return localised;
  });
}

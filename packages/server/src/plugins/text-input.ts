import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-error.ts';

export const UNSTORABLE_TEXT_MESSAGE = 'The text contains a character that is not allowed';

/** Half of a surrogate pair on its own. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** U+0000, or a lone surrogate: PostgreSQL text cannot hold either faithfully. */
const isUnstorable = (text: string) => text.includes(String.fromCharCode(0)) || LONE_SURROGATE.test(text);

/** The path of a string in `value` that cannot be stored, or null. Iterative: deep JSON is fine. */
export function unstorableTextPath(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, where] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isUnstorable(current)) return where;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, where === '' ? `${index}` : `${where}.${index}`]));
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (isUnstorable(key)) return where;
        stack.push([item, where === '' ? key : `${where}.${key}`]);
      }
    }
  }
  return null;
}

/**
 * Refuses, before validation, any body, query or parameter text holding a NUL or a lone
 * surrogate: PostgreSQL refuses the first (a 500 otherwise) and silently replaces the second.
 */
export function rejectUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const where = unstorableTextPath(value, '');
      if (where !== null)
        throw badRequest(UNSTORABLE_TEXT_MESSAGE, { [where || part]: UNSTORABLE_TEXT_MESSAGE });
    }
  });
}

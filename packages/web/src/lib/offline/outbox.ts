import {
  outboxEntries,
  removeSavedQuiz,
  REVIEW_OUTBOX_ID,
  settleOutboxEntry,
  type OutboxEntry,
} from './offline-store.ts';

/*
 * Sends the submissions kept in the outbox (issue 20). Runs in the page and in the service worker
 * alike: plain fetch, no React, no zod, no session module (a service worker has no localStorage).
 */

export interface SendOutboxOptions {
  /** Only this learner's entries (the page); every learner's when absent (the service worker, logout). */
  learnerId?: string;
  /** The page's session: its token is sent for that learner's entries (newer than the one stored). */
  session?: { learnerId: string; token: string };
}

export interface SendOutboxResult {
  /** Answered 2xx just now: state 'sent', the server's body in `response`. */
  sent: OutboxEntry[];
  /** Refused with a 4xx just now: state 'refused', the server's {message, code} in `response`. */
  refused: OutboxEntry[];
  /** Still queued: no connection, a 5xx, or a refusal that may pass later (401, 408, 429). */
  queued: OutboxEntry[];
}

/**
 * 4xx answers that say "not now" rather than "never": an expired token (sent again after the
 * learner signs in again, with the new token), a timeout, the rate limit.
 */
const TRY_AGAIN_LATER = new Set([401, 408, 425, 429]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** The server's refusal as the page shows it: its message and the condition's code, when given. */
function refusalOf(body: unknown): { message?: string; code?: string } {
  if (!isRecord(body)) return {};
  return {
    ...(typeof body.message === 'string' ? { message: body.message } : {}),
    ...(typeof body.code === 'string' ? { code: body.code } : {}),
  };
}

type Outcome = 'sent' | 'refused' | 'queued' | 'offline';

async function sendOne(entry: OutboxEntry, token: string): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(entry.path, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Accept-Language': entry.language,
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        'Idempotency-Key': entry.key,
      },
      credentials: 'same-origin',
      body: JSON.stringify(entry.body),
    });
  } catch {
    return 'offline';
  }
  const body = await readJson(response);
  if (response.ok) {
    await settleOutboxEntry(entry.key, { state: 'sent', status: response.status, response: body });
    // Its draw is used: a saved copy of the quiz can serve no other attempt.
    if (entry.quizId !== REVIEW_OUTBOX_ID) await removeSavedQuiz(entry.learnerId, entry.quizId);
    return 'sent';
  }
  if (response.status >= 500 || TRY_AGAIN_LATER.has(response.status)) return 'queued';
  await settleOutboxEntry(entry.key, {
    state: 'refused',
    status: response.status,
    response: refusalOf(body),
  });
  // 409: no pending draw on the server (submitted elsewhere): the saved copy is out of date.
  if (response.status === 409 && entry.quizId !== REVIEW_OUTBOX_ID) {
    await removeSavedQuiz(entry.learnerId, entry.quizId);
  }
  return 'refused';
}

let running: Promise<unknown> = Promise.resolve();

async function sendQueued(options: SendOutboxOptions): Promise<SendOutboxResult> {
  const result: SendOutboxResult = { sent: [], refused: [], queued: [] };
  const entries = (await outboxEntries(options.learnerId)).filter((entry) => entry.state === 'queued');
  let offline = false;
  for (const entry of entries) {
    if (offline) {
      result.queued.push(entry);
      continue;
    }
    const token = options.session?.learnerId === entry.learnerId ? options.session.token : entry.token;
    const outcome = await sendOne(entry, token);
    if (outcome === 'offline') {
      // No connection: the next entries would fail the same way.
      offline = true;
      result.queued.push(entry);
    } else if (outcome === 'queued') {
      result.queued.push(entry);
    } else {
      result[outcome].push({ ...entry, state: outcome });
    }
  }
  return result;
}

/**
 * Sends every queued entry of the outbox, oldest first, each with its Idempotency-Key (the server
 * answers a copy with the first answer and stores nothing more, decision 036) and records what
 * came back: 2xx → 'sent' with the body; a 4xx refusal → 'refused' with {message, code}; no
 * connection, a 5xx, 401, 408 or 429 → left queued. Calls in one context run one after another.
 * Entries already sent or refused stay until the page has shown them (removeOutboxEntry).
 *
 * The service worker (src/sw.ts) calls it from Background Sync, for every learner:
 *
 *   self.addEventListener('sync', (event) => {
 *     if (event.tag !== OUTBOX_SYNC_TAG) return;
 *     event.waitUntil(
 *       sendOutbox().then(async ({ sent, refused, queued }) => {
 *         if (sent.length + refused.length > 0) {
 *           for (const client of await self.clients.matchAll({ type: 'window' }))
 *             client.postMessage({ type: OUTBOX_SENT_MESSAGE });
 *         }
 *         // Rejecting asks the browser to fire the sync again later (still offline, a 5xx).
 *         if (queued.length > 0) throw new Error('outbox: entries left queued');
 *       }),
 *     );
 *   });
 *
 * The page (use-outbox-sync.ts) calls it with its learner and current token on start, on
 * `online`, and on that message, then shows and removes the settled entries.
 */
export function sendOutbox(options: SendOutboxOptions = {}): Promise<SendOutboxResult> {
  const next = running.then(() => sendQueued(options));
  running = next.catch(() => undefined);
  return next;
}

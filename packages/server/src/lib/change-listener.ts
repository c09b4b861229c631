import type { Database } from '../db/index.ts';

/**
 * How an in-memory cache follows a NOTIFY channel (decisions 016 and 018): it may serve from
 * memory only while listening. Until the first LISTEN succeeds, and whenever the listening
 * connection is lost, `trusted()` is false; each change of status drops everything, since notices
 * may have been missed in between.
 */
export function changeListener(
  database: Pick<Database, 'listen'>,
  channel: string,
  handlers: { onMessage: (payload: string) => void; dropAll: () => void },
) {
  let trusted = false;
  let unlisten: (() => Promise<void>) | null = null;
  return {
    trusted: () => trusted,
    start: async () => {
      try {
        unlisten = await database.listen(channel, {
          onMessage: handlers.onMessage,
          onStatus: (listening) => {
            handlers.dropAll();
            trusted = listening;
          },
        });
      } catch {
        // Not listening (the connection retries on its own): serve from the database meanwhile.
        trusted = false;
      }
    },
    stop: async () => {
      trusted = false;
      handlers.dropAll();
      await unlisten?.();
    },
  };
}

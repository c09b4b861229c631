import { translate } from '../../i18n/i18n.ts';
import { isOffline } from '../connection.ts';
import { clearOfflineData, offlineStorageAvailable, outboxEntries } from './offline-store.ts';
import { sendOutbox } from './outbox.ts';
import { syncOutbox } from './outbox-sync.tsx';

export { clearOfflineData };

async function queuedCount(): Promise<number> {
  return (await outboxEntries()).filter((entry) => entry.state === 'queued').length;
}

/**
 * Before a deliberate sign-out (issue 20): answers still waiting in the outbox are sent first when
 * the browser is online (the signed-in learner's shown as usual, a sibling's with the token kept
 * for them). Any still unsent would be lost with the device's data: the learner is asked, and
 * false means they chose to stay signed in.
 */
export async function sendBeforeSignOut(): Promise<boolean> {
  if (!offlineStorageAvailable()) return true;
  try {
    if ((await queuedCount()) === 0) return true;
    if (!isOffline()) {
      await syncOutbox();
      await sendOutbox();
    }
    const left = await queuedCount();
    return left === 0 || window.confirm(translate('offline.signOut.unsent', { count: left }));
  } catch (error) {
    console.error('Could not read the outbox before signing out', error);
    return true;
  }
}

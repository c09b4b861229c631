import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { isOffline, subscribeConnection } from '../lib/connection.ts';
import { applyUpdate, isAttemptPath, useUpdateAvailable } from '../lib/service-worker.ts';
import { useText } from '../i18n/use-text.ts';

/** Whether the app is offline now (lib/connection.ts), kept current. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeConnection, isOffline, () => false);
}

/**
 * Above every page (issue 20): says plainly when the app is offline, and when a new version is
 * ready (it starts on the next page, never in the middle of an attempt, or now on a tap).
 */
export function ConnectionStatus() {
  const t = useText();
  const offline = useOffline();
  const updateAvailable = useUpdateAvailable();
  const { pathname } = useLocation();
  return (
    <div className="connection-status" aria-live="polite">
      {offline ? <p className="connection-offline">{t('shell.offline.notice')}</p> : null}
      {updateAvailable ? (
        <p className="connection-update">
          <span>{t('shell.update.available')}</span>
          {isAttemptPath(pathname) ? null : (
            <button type="button" className="button button-secondary" onClick={applyUpdate}>
              {t('shell.update.now')}
            </button>
          )}
        </p>
      ) : null}
    </div>
  );
}

import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { applyUpdate, isAttemptPath, useUpdateAvailable } from '../lib/service-worker.ts';
import { useText } from '../i18n/use-text.ts';

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser has a network connection (its own `navigator.onLine`, kept current). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Above every page (issue 20): says plainly when the app is offline, and when a new version is
 * ready (it starts on the next page, never in the middle of an attempt, or now on a tap).
 */
export function ConnectionStatus() {
  const t = useText();
  const online = useOnline();
  const updateAvailable = useUpdateAvailable();
  const { pathname } = useLocation();
  return (
    <div className="connection-status" role="status">
      {online ? null : <p className="connection-offline">{t('shell.offline.notice')}</p>}
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

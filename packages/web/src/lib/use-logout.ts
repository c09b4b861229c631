import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { translate } from '../i18n/i18n.ts';
import { clearOfflineData, sendBeforeSignOut } from './offline/sign-out.ts';
import { clearSession } from './session-store.ts';

/**
 * Spec §2: logout asks first, then clears the session and goes to /. The device's personal data
 * goes too (issue 20): the saved quizzes, the outbox (sent first when online) and the personal
 * API cache. A 401 that ends the session keeps them (see clearOfflineData).
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (!window.confirm(translate('app.logout.confirm'))) return;
    void (async () => {
      if (!(await sendBeforeSignOut())) return;
      clearSession();
      void navigate('/');
      await clearOfflineData().catch((error: unknown) =>
        console.error('Could not clear the offline data', error),
      );
    })();
  }, [navigate]);
}

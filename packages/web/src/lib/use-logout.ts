import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { translate } from '../i18n/i18n.ts';
import { clearSession } from './session-store.ts';

/** Spec §2: logout asks first, then clears the session and goes to /. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (!window.confirm(translate('app.logout.confirm'))) return;
    clearSession();
    void navigate('/');
  }, [navigate]);
}

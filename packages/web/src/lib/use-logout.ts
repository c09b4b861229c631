import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from './session-store.ts';

export const LOGOUT_CONFIRM_TEXT = 'Are you sure you want to logout?';

/** Spec §2: logout asks first, then clears the session and goes to /. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (!window.confirm(LOGOUT_CONFIRM_TEXT)) return;
    clearSession();
    void navigate('/');
  }, [navigate]);
}

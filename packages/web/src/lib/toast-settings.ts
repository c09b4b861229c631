/** Spec §9: toasts close after 5 seconds, at most 20 show at once. */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_LIMIT = 20;

/** Spec §9: the sign-in flow's own durations; its loading toasts stay until replaced. */
export const SIGN_IN_TOAST_MS = { default: 4000, success: 2000, error: 4000 } as const;

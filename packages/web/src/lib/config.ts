/** Build-time settings of the web app (Vite replaces import.meta.env.VITE_* when building). */
export const PRIVACY_CONTACT_EMAIL: string = import.meta.env.VITE_PRIVACY_EMAIL || 'privacy@quizquest.local';

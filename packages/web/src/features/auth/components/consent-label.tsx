import { Link } from 'react-router';
import { Message } from '../../../i18n/message.tsx';

/**
 * The consent of the sign-up form (CONSENT_TEXT word for word in English), with 'privacy notice'
 * linking to /privacy. The notice opens in a new tab so the half-filled form is not lost.
 */
export function ConsentLabel() {
  return (
    <Message
      id="auth.consent.label"
      components={{ 0: <Link to="/privacy" target="_blank" rel="noopener" /> }}
    />
  );
}

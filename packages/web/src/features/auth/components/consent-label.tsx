import { CONSENT_TEXT } from '@quizquest/shared';
import { Link } from 'react-router';

const LINK_WORDS = 'privacy notice';

/**
 * CONSENT_TEXT, word for word, with 'privacy notice' linking to /privacy. The notice opens in a
 * new tab so the half-filled form is not lost.
 */
export function ConsentLabel() {
  const at = CONSENT_TEXT.indexOf(LINK_WORDS);
  if (at < 0) return <>{CONSENT_TEXT}</>;
  return (
    <>
      {CONSENT_TEXT.slice(0, at)}
      <Link to="/privacy" target="_blank" rel="noopener">
        {LINK_WORDS}
      </Link>
      {CONSENT_TEXT.slice(at + LINK_WORDS.length)}
    </>
  );
}

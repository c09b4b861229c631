import {
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Link, useNavigate } from 'react-router';
import {
  CERTIFICATE_CODE_PATTERN,
  CREDENTIAL_MAX_LENGTH,
  CREDENTIAL_MEDIA_TYPE,
  type VerifyCredentialResponse,
} from '@quizquest/shared';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { msg } from '../../../i18n/i18n.ts';
import { Message } from '../../../i18n/message.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { ApiError, errorMessage, isAbort } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { verifyCredential } from '../api.ts';
import { formatIssuedDate } from '../dates.ts';
import './verify-credential.css';

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; result: VerifyCredentialResponse }
  | { state: 'failed'; text: string };

const TEXT_ID = 'credential-text';
const FILE_ID = 'credential-file';
const CODE_ID = 'certificate-code';

/** The headline of each answer: a symbol only sighted readers need, then the word. */
const HEADLINES = {
  valid: msg('certification.verifyCredential.valid'),
  revoked: msg('certification.verifyCredential.revoked'),
  expired: msg('certification.verifyCredential.expired'),
  invalid: msg('certification.verifyCredential.invalid'),
} as const;

/**
 * /certificates/verify, public (issue 21): anyone checks a QuizQuest credential, the .jwt file a
 * learner downloaded, by choosing the file or pasting its text. The server checks the signature
 * against its published keys and the revocation list: Valid, Revoked (with the date and reason),
 * Expired or Not valid, with what the credential says. A certificate's code can be checked too.
 */
export function VerifyCredentialPage() {
  const t = useText();
  useDocumentTitle(t('certification.verifyCredential.documentTitle'));
  const navigate = useNavigate();
  const hintId = useId();
  const codeHintId = useId();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const controller = useRef<AbortController | null>(null);

  const outcome = useRef<HTMLDivElement>(null);

  // A check still on its way when the page is left is given up.
  useEffect(() => () => controller.current?.abort(), []);

  // On a phone the answer is below the form: brought into view when it comes.
  useEffect(() => {
    if (check.state === 'done' || check.state === 'failed')
      outcome.current?.scrollIntoView?.({ block: 'nearest' });
  }, [check]);

  async function runCheck(credential: string) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setCheck({ state: 'checking' });
    try {
      const result = await verifyCredential({ credential }, { signal: current.signal });
      setCheck({ state: 'done', result });
    } catch (error) {
      if (isAbort(error)) return;
      setCheck({
        state: 'failed',
        text:
          error instanceof ApiError && error.status === 0
            ? t('certification.verifyCredential.networkFailed')
            : errorMessage(error, t('certification.verifyCredential.checkFailed')),
      });
    }
  }

  function rejectField(message: string) {
    setFieldError(message);
    setCheck({ state: 'idle' });
    document.getElementById(TEXT_ID)?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const credential = text.trim();
    if (credential === '') {
      rejectField(t('certification.verifyCredential.required'));
      return;
    }
    if (credential.length > CREDENTIAL_MAX_LENGTH) {
      rejectField(t('certification.verifyCredential.tooLarge'));
      return;
    }
    setFieldError('');
    void runCheck(credential);
  }

  /** A chosen file is read into the box and checked at once. */
  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    // The same file may be chosen again after a change.
    input.value = '';
    if (!file) return;
    if (file.size > CREDENTIAL_MAX_LENGTH) {
      rejectField(t('certification.verifyCredential.tooLarge'));
      return;
    }
    let content: string;
    try {
      content = (await file.text()).trim();
    } catch {
      rejectField(t('certification.verifyCredential.unreadable'));
      return;
    }
    setText(content);
    if (content === '') {
      rejectField(t('certification.verifyCredential.emptyFile'));
      return;
    }
    setFieldError('');
    void runCheck(content);
  }

  function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // K7QM2XPD9HTA or 'k7qm 2xpd 9hta' is the same code as K7QM-2XPD-9HTA.
    const compact = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const typed = compact.replace(/^(.{4})(.{4})(.{4})$/, '$1-$2-$3');
    if (!CERTIFICATE_CODE_PATTERN.test(typed)) {
      setCodeError(t('certification.verifyCredential.codeInvalid'));
      document.getElementById(CODE_ID)?.focus();
      return;
    }
    void navigate(`/certificates/verify/${typed}`);
  }

  const textDescribedBy = fieldError ? `${hintId} ${TEXT_ID}-error` : hintId;

  return (
    <PublicLayout>
      <section className="card card-narrow verify-card verify-credential-card" aria-labelledby="page-title">
        <h1 id="page-title">{t('certification.verifyCredential.title')}</h1>
        <p>{t('certification.verifyCredential.intro')}</p>
        <form
          className="form verify-credential-form"
          onSubmit={handleSubmit}
          noValidate
          aria-busy={check.state === 'checking'}
        >
          <div className="field">
            <label htmlFor={FILE_ID}>{t('certification.verifyCredential.fileLabel')}</label>
            <input
              id={FILE_ID}
              className="input credential-file"
              type="file"
              accept={`.jwt,${CREDENTIAL_MEDIA_TYPE},text/plain`}
              onChange={(event) => void handleFile(event)}
            />
          </div>
          <div className="field">
            <label htmlFor={TEXT_ID}>{t('certification.verifyCredential.textLabel')}</label>
            <textarea
              id={TEXT_ID}
              className="input credential-text"
              rows={6}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              value={text}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={textDescribedBy}
              onChange={(event) => {
                setText(event.target.value);
                setFieldError('');
              }}
            />
            <p id={hintId} className="field-hint">
              {t('certification.verifyCredential.textHint')}
            </p>
            {fieldError ? (
              <p id={`${TEXT_ID}-error`} className="field-error">
                {fieldError}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" className="button" disabled={check.state === 'checking'}>
              {t('certification.verifyCredential.submit')}
            </button>
          </div>
        </form>
        <div ref={outcome}>
          {check.state === 'checking' ? (
            <p role="status" className="verify-credential-outcome">
              {t('certification.verifyCredential.checking')}
            </p>
          ) : null}
          {check.state === 'failed' ? (
            <p className="form-error verify-credential-outcome" role="alert">
              {check.text}
            </p>
          ) : null}
          {check.state === 'done' ? <Outcome result={check.result} /> : null}
        </div>

        <form className="form verify-code-form" onSubmit={handleCode} noValidate>
          <h2 className="verify-code-heading">{t('certification.verifyCredential.codeHeading')}</h2>
          <div className="field">
            <label htmlFor={CODE_ID}>{t('certification.verifyCredential.codeLabel')}</label>
            <div className="input-row">
              <input
                id={CODE_ID}
                className="input verify-code"
                type="text"
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                maxLength={20}
                value={code}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? `${codeHintId} ${CODE_ID}-error` : codeHintId}
                onChange={(event) => {
                  setCode(event.target.value);
                  setCodeError('');
                }}
              />
              <button type="submit" className="button button-secondary">
                {t('certification.verifyCredential.codeSubmit')}
              </button>
            </div>
            <p id={codeHintId} className="field-hint">
              {t('certification.verifyCredential.codeHint')}
            </p>
            {codeError ? (
              <p id={`${CODE_ID}-error`} className="field-error">
                {codeError}
              </p>
            ) : null}
          </div>
        </form>
        <p className="link-row">
          <Link to="/">{t('certification.verify.home')}</Link>
        </p>
      </section>
    </PublicLayout>
  );
}

/** The server's answer: the headline, its explanation, and what the credential says. */
function Outcome({ result }: { result: VerifyCredentialResponse }) {
  const t = useText();
  const good = result.status === 'valid';
  const known = result.status !== 'invalid';
  const rows: Array<[string, ReactNode]> = [];
  if (result.achievement) rows.push([t('certification.verifyCredential.achievement'), result.achievement]);
  if (known) {
    rows.push([
      t('certification.verifyCredential.learner'),
      result.name ? result.name : t('certification.verifyCredential.noName'),
    ]);
  }
  if (result.issuedAt) rows.push([t('certification.verify.issuedOn'), formatIssuedDate(result.issuedAt)]);
  if (result.revokedAt) {
    rows.push([t('certification.verify.revokedOn'), formatIssuedDate(result.revokedAt)]);
    rows.push([
      t('certification.verify.reason'),
      result.revocationReason ?? t('certification.verify.noReason'),
    ]);
  }
  if (result.code) {
    rows.push([
      t('certification.verify.code'),
      <Link className="verify-code" to={`/certificates/verify/${encodeURIComponent(result.code)}`}>
        {result.code}
      </Link>,
    ]);
  }
  if (result.keyId) rows.push([t('certification.verifyCredential.keyId'), result.keyId]);

  return (
    <div role={good ? 'status' : 'alert'} className="verify-credential-outcome">
      <p className={good ? 'form-success verify-result' : 'form-error verify-result'}>
        <Message id={HEADLINES[result.status]} components={{ 0: <span aria-hidden="true" /> }} />
      </p>
      {result.message ? <p>{result.message}</p> : null}
      {rows.length > 0 ? (
        <dl className="verify-details">
          {rows.map(([term, value]) => (
            <Fragment key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PARENT_PIN_LENGTH } from '@quizquest/shared';
import { useText } from '../i18n/use-text.ts';
import { errorMessage } from '../lib/api-client.ts';
import {
  clearParentPinProof,
  isPinLocked,
  isPinWrong,
  needsParentPin,
  requestPinReset,
  verifyParentPin,
} from '../lib/parent-pin.ts';
import { Modal } from './modal.tsx';
import { TextField } from './text-field.tsx';
import './parent-pin-dialog.css';

/** The parent closed the PIN dialog without a right PIN: the guarded action was not done. */
export class ParentPinCancelled extends Error {
  constructor() {
    super('The parent PIN was not given');
    this.name = 'ParentPinCancelled';
  }
}

/** Whether an action stopped because the parent closed the PIN dialog (nothing to report then). */
export function isPinCancelled(error: unknown): boolean {
  return error instanceof ParentPinCancelled;
}

const PIN_INPUT_ID = 'parent-pin-input';
const PIN_PATTERN = new RegExp(`^\\d{${PARENT_PIN_LENGTH}}$`);

type ResetState =
  { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'failed'; text: string };

export interface ParentPinDialogProps {
  /** Open already locked: the guarded request answered 'pin-locked'. */
  locked?: boolean;
  onVerified: () => void;
  onCancel: () => void;
}

/**
 * Asks for the parent PIN (decision 035): four digits, checked by the server, whose proof the API
 * client then sends. A wrong PIN says so; a locked PIN offers the e-mailed reset link instead.
 */
export function ParentPinDialog({
  locked: lockedAtFirst = false,
  onVerified,
  onCancel,
}: ParentPinDialogProps) {
  const t = useText();
  const descriptionId = useId();
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [wrongOnce, setWrongOnce] = useState(false);
  const [locked, setLocked] = useState(lockedAtFirst);
  const [busy, setBusy] = useState(false);
  const [reset, setReset] = useState<ResetState>({ state: 'idle' });
  // Bumped when the field should take focus; the effect runs after the render that enables it again.
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest > 0) document.getElementById(PIN_INPUT_ID)?.focus();
  }, [focusRequest]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || locked) return;
    if (!PIN_PATTERN.test(pin)) {
      setError(t('pin.dialog.fourDigits', { length: PARENT_PIN_LENGTH }));
      setFocusRequest((count) => count + 1);
      return;
    }
    setError('');
    setBusy(true);
    try {
      await verifyParentPin(pin);
      onVerified();
      return;
    } catch (caught) {
      setPin('');
      if (isPinLocked(caught)) {
        setLocked(true);
      } else if (isPinWrong(caught)) {
        setWrongOnce(true);
        setError(t('pin.dialog.wrong'));
      } else {
        setError(errorMessage(caught, t('pin.dialog.failed')));
      }
      setFocusRequest((count) => count + 1);
    }
    setBusy(false);
  }

  async function sendResetLink() {
    if (reset.state === 'sending') return;
    setReset({ state: 'sending' });
    try {
      await requestPinReset();
      setReset({ state: 'sent' });
    } catch (caught) {
      setReset({ state: 'failed', text: errorMessage(caught, t('pin.dialog.resetFailed')) });
    }
  }

  const resetAction = (
    <div className="parent-pin-reset">
      {reset.state === 'sent' ? null : (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={reset.state === 'sending'}
          onClick={() => void sendResetLink()}
        >
          {reset.state === 'sending' ? t('pin.dialog.sendingReset') : t('pin.dialog.sendReset')}
        </button>
      )}
      {reset.state === 'failed' ? (
        <p className="form-error" role="alert">
          {reset.text}
        </p>
      ) : (
        <p className="field-hint" role="status">
          {reset.state === 'sent' ? t('pin.dialog.resetSent') : ''}
        </p>
      )}
    </div>
  );

  return (
    <Modal title={t('pin.dialog.title')} describedBy={descriptionId} locked={busy} onClose={onCancel}>
      {locked ? (
        <div className="form parent-pin-dialog">
          <p id={descriptionId} className="form-error" role="alert">
            {t('pin.dialog.locked')}
          </p>
          {resetAction}
          <div className="modal-actions">
            <button type="button" className="button button-secondary" onClick={onCancel}>
              {t('pin.dialog.goBack')}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="form parent-pin-dialog"
          onSubmit={(event) => void handleSubmit(event)}
          noValidate
          aria-busy={busy}
        >
          <p id={descriptionId}>{t('pin.dialog.intro', { length: PARENT_PIN_LENGTH })}</p>
          <TextField
            id={PIN_INPUT_ID}
            label={t('pin.dialog.label', { length: PARENT_PIN_LENGTH })}
            type="password"
            name="parent-pin"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            maxLength={PARENT_PIN_LENGTH}
            required
            className="parent-pin-input"
            value={pin}
            disabled={busy}
            error={error || undefined}
            onChange={(event) => {
              setPin(event.target.value.replace(/\D/g, '').slice(0, PARENT_PIN_LENGTH));
              setError('');
            }}
          />
          {wrongOnce ? (
            <>
              <p className="field-hint">{t('pin.dialog.forgot')}</p>
              {resetAction}
            </>
          ) : null}
          <div className="modal-actions">
            <button type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>
              {t('pin.dialog.cancel')}
            </button>
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('pin.dialog.checking') : t('pin.dialog.continue')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
}

export interface ParentPinHelper {
  /**
   * Runs a guarded action. When the server answers that it needs the parent PIN, the dialog asks
   * for it, and once it is verified the action runs once more. Closing the dialog rejects with
   * ParentPinCancelled (see isPinCancelled); an aborted `signal` closes it and rejects as aborted.
   */
  withParentPin: <T>(action: () => Promise<T>, options?: { signal?: AbortSignal }) => Promise<T>;
  /** The PIN dialog while it asks, else null: render it anywhere in the component. */
  pinDialog: ReactNode;
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * The parent PIN around guarded actions (decision 035): buying a plan, adding or removing a child,
 * downloading the data, deleting the account. Actions waiting at once share one dialog.
 */
export function useParentPin(): ParentPinHelper {
  const [asking, setAsking] = useState<{ locked: boolean } | null>(null);
  const waiters = useRef<Waiter[]>([]);

  const settle = useCallback((verified: boolean) => {
    const pending = waiters.current;
    waiters.current = [];
    setAsking(null);
    for (const waiter of pending) {
      if (verified) waiter.resolve();
      else waiter.reject(new ParentPinCancelled());
    }
  }, []);

  // A page left while the dialog asks: the actions waiting for it end.
  useEffect(
    () => () => {
      const pending = waiters.current;
      waiters.current = [];
      for (const waiter of pending) waiter.reject(new ParentPinCancelled());
    },
    [],
  );

  const askForPin = useCallback(
    (locked: boolean, signal: AbortSignal | undefined) =>
      new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { resolve, reject };
        waiters.current.push(waiter);
        setAsking((current) => ({ locked: locked || (current?.locked ?? false) }));
        signal?.addEventListener(
          'abort',
          () => {
            if (!waiters.current.includes(waiter)) return;
            waiters.current = waiters.current.filter((other) => other !== waiter);
            if (waiters.current.length === 0) setAsking(null);
            reject(abortError());
          },
          { once: true },
        );
      }),
    [],
  );

  const withParentPin = useCallback(
    async <T,>(action: () => Promise<T>, options: { signal?: AbortSignal } = {}): Promise<T> => {
      try {
        return await action();
      } catch (error) {
        if (!needsParentPin(error) || options.signal?.aborted) throw error;
        // A proof the server refused (expired, or the PIN changed meanwhile) is sent no more.
        clearParentPinProof();
        await askForPin(isPinLocked(error), options.signal);
        return action();
      }
    },
    [askForPin],
  );

  const pinDialog = asking ? (
    <ParentPinDialog locked={asking.locked} onVerified={() => settle(true)} onCancel={() => settle(false)} />
  ) : null;

  return { withParentPin, pinDialog };
}

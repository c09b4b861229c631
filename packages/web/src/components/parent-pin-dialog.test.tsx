import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import {
  FAMILY_ERROR_CODES,
  PARENT_PIN_HEADER,
  PIN_LOCKED_MESSAGE,
  PIN_REQUIRED_MESSAGE,
  PIN_WRONG_MESSAGE,
} from '@quizquest/shared';
import { describe, expect, it } from 'vitest';
import { apiRequest, errorMessage } from '../lib/api-client.ts';
import { mockFetch, type MockHandler, type RecordedCall } from '../test/fetch-mock.ts';
import { showInHindi } from '../test/language.ts';
import { learner, storeSession } from '../test/render-app.tsx';
import { isPinCancelled, useParentPin } from './parent-pin-dialog.tsx';

const pinRequired = {
  status: 403,
  body: { message: PIN_REQUIRED_MESSAGE, code: FAMILY_ERROR_CODES.pinRequired },
};
const pinWrong = { status: 403, body: { message: PIN_WRONG_MESSAGE, code: FAMILY_ERROR_CODES.pinWrong } };
const pinLocked = { status: 423, body: { message: PIN_LOCKED_MESSAGE, code: FAMILY_ERROR_CODES.pinLocked } };
const proof = { body: { pinToken: 'proof-1', expiresAt: new Date(Date.now() + 600_000).toISOString() } };

/** A guarded endpoint as the server answers it: the data with the proof, 'pin-required' without. */
const guarded: MockHandler = (call: RecordedCall) =>
  call.headers.get(PARENT_PIN_HEADER) === 'proof-1'
    ? { body: { secret: 'the payment details' } }
    : pinRequired;

/** A page with one guarded action, wrapped in the parent PIN helper. */
function Harness() {
  const { withParentPin, pinDialog } = useParentPin();
  const [result, setResult] = useState('');
  async function run() {
    try {
      const { data } = await withParentPin(() => apiRequest('/guarded'));
      setResult((data as { secret: string }).secret);
    } catch (caught) {
      setResult(isPinCancelled(caught) ? 'cancelled' : errorMessage(caught, 'failed'));
    }
  }
  return (
    <>
      <button type="button" onClick={() => void run()}>
        Open
      </button>
      <output>{result}</output>
      {pinDialog}
    </>
  );
}

function open(handlers: Record<string, MockHandler>) {
  const fetch = mockFetch({ 'GET /api/guarded': guarded, ...handlers });
  storeSession(learner, 'tok');
  const user = userEvent.setup();
  render(<Harness />);
  return { user, ...fetch };
}

async function startGuarded(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return screen.findByRole('dialog', { name: 'Parent PIN' });
}

describe('the parent PIN dialog', () => {
  it('opens when a request needs the PIN, and after the right PIN runs it again with the proof', async () => {
    const { user, callsTo, calls } = open({ 'POST /api/account/pin/verify': proof });
    const dialog = await startGuarded(user);
    expect(dialog).toHaveAccessibleDescription(/for a parent.*4-digit parent PIN/);
    const input = within(dialog).getByLabelText('Parent PIN (4 digits)');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('type', 'password');

    await user.type(input, '4821');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('the payment details')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/account/pin/verify')[0]?.body).toEqual({ pin: '4821' });
    expect(calls.map((call) => [call.path, call.headers.get(PARENT_PIN_HEADER)])).toEqual([
      ['/api/guarded', null],
      ['/api/account/pin/verify', null],
      ['/api/guarded', 'proof-1'],
    ]);
  });

  it('asks for four digits before it asks the server', async () => {
    const { user, callsTo } = open({ 'POST /api/account/pin/verify': proof });
    const dialog = await startGuarded(user);
    const input = within(dialog).getByLabelText('Parent PIN (4 digits)');
    // Letters are not taken, and a fifth digit neither.
    await user.type(input, '4a8');
    expect(input).toHaveValue('48');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Type the 4 digits of the PIN.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/account/pin/verify')).toEqual([]);
    await user.type(input, '2199');
    expect(input).toHaveValue('4821');
  });

  it('says a wrong PIN in words, lets the parent try again and offers the reset link', async () => {
    let tries = 0;
    const { user, callsTo } = open({
      'POST /api/account/pin/verify': () => (++tries === 1 ? pinWrong : proof),
    });
    const dialog = await startGuarded(user);
    const input = within(dialog).getByLabelText('Parent PIN (4 digits)');
    await user.type(input, '1111');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByText('That PIN is not correct. Please try again.')).toBeInTheDocument();
    expect(input).toHaveValue('');
    await waitFor(() => expect(input).toHaveFocus());
    expect(within(dialog).getByText('Forgot the PIN?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send me a reset link' })).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('');

    await user.type(input, '4821');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('the payment details')).toBeInTheDocument();
    expect(callsTo('POST', '/api/account/pin/verify')).toHaveLength(2);
  });

  it('when the PIN is locked, says so and sends the reset link on request', async () => {
    const { user, callsTo } = open({
      'POST /api/account/pin/verify': pinLocked,
      'POST /api/account/pin/reset': { body: { message: 'Sent' } },
    });
    const dialog = await startGuarded(user);
    await user.type(within(dialog).getByLabelText('Parent PIN (4 digits)'), '1111');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The parent PIN is locked after too many wrong tries. We can e-mail you a link that removes it.',
    );
    expect(within(dialog).queryByLabelText('Parent PIN (4 digits)')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send me a reset link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      "We have sent a reset link to the account's e-mail.",
    );
    expect(callsTo('POST', '/api/account/pin/reset')).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: 'Send me a reset link' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(await screen.findByText('cancelled')).toBeInTheDocument();
    expect(callsTo('GET', '/api/guarded')).toHaveLength(1);
  });

  it('opens locked when the guarded request itself answers that the PIN is locked', async () => {
    const { user } = open({ 'GET /api/guarded': pinLocked });
    const dialog = await startGuarded(user);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/locked after too many wrong tries/);
    expect(within(dialog).getByRole('button', { name: 'Send me a reset link' })).toBeInTheDocument();
  });

  it('says so when the reset link cannot be sent', async () => {
    const { user } = open({
      'POST /api/account/pin/verify': pinLocked,
      'POST /api/account/pin/reset': { status: 500, body: {} },
    });
    const dialog = await startGuarded(user);
    await user.type(within(dialog).getByLabelText('Parent PIN (4 digits)'), '1111');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Send me a reset link' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toContain('The reset link could not be sent. Please try again in a moment.'),
    );
  });

  it('does nothing more when the parent cancels, nor runs the action again', async () => {
    const { user, callsTo } = open({ 'POST /api/account/pin/verify': proof });
    const dialog = await startGuarded(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(callsTo('GET', '/api/guarded')).toHaveLength(1);

    // Escape closes it too.
    await startGuarded(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('retries once only: a second refusal is the caller’s error', async () => {
    const { user, callsTo } = open({
      'GET /api/guarded': pinRequired,
      'POST /api/account/pin/verify': proof,
    });
    const dialog = await startGuarded(user);
    await user.type(within(dialog).getByLabelText('Parent PIN (4 digits)'), '4821');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(PIN_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(callsTo('GET', '/api/guarded')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    const { user } = open({ 'POST /api/account/pin/verify': pinWrong });
    showInHindi();
    const dialog = await (async () => {
      await user.click(screen.getByRole('button', { name: 'Open' }));
      return screen.findByRole('dialog', { name: 'माता-पिता का पिन' });
    })();
    const input = within(dialog).getByLabelText('माता-पिता का पिन (4 अंक)');
    await user.type(input, '1111');
    await user.click(within(dialog).getByRole('button', { name: 'आगे बढ़ें' }));
    expect(await within(dialog).findByText('यह पिन सही नहीं है। कृपया फिर से कोशिश करें।')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import {
  FAMILY_ERROR_CODES,
  PAID_PLANS,
  PARENT_PIN_HEADER,
  PIN_REQUIRED_MESSAGE,
  type PaidPlanId,
  type PlanPaymentResponse,
} from '@quizquest/shared';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockHandler, type RecordedCall } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { renderApp, storeSession } from '../../../test/render-app.tsx';

const REFERENCE = 'QQ-1A2B3C4D5E-PLAN299';
const QR = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

function payment(planId: PaidPlanId, options: { link?: string; upi?: boolean } = {}): PlanPaymentResponse {
  const plan = PAID_PLANS.find((candidate) => candidate.id === planId)!;
  return {
    plan: {
      id: planId,
      name: plan.name,
      price: plan.price,
      amount: plan.amount,
      certification: plan.certification,
      attempts: plan.attempts,
      maxQuizzes: plan.maxQuizzes,
      features: plan.features,
      payment_link: options.link ?? null,
    },
    reference: `QQ-1A2B3C4D5E-${planId.toUpperCase()}`,
    upi:
      options.upi === false
        ? null
        : {
            uri: `upi://pay?pa=fees@okaxis&pn=QuizQuest&am=${plan.amount}.00&cu=INR&tn=QQ-1A2B3C4D5E-${planId.toUpperCase()}`,
            qrCode: QR,
            upiId: 'fees@okaxis',
            payeeName: 'QuizQuest',
          },
    supportNumber: '+91 91234 56789',
  };
}

async function openPay(path: string, handler: MockHandler, handlers: Record<string, MockHandler> = {}) {
  const fetch = mockFetch({
    [`GET /api${path.replace('/subscribe/pay/', '/plans/')}/payment`]: handler,
    ...handlers,
  });
  storeSession();
  const app = renderApp(path);
  return { ...app, ...fetch };
}

describe('the payment page /subscribe/pay/{planId}', () => {
  it('shows a UPI QR code for the exact amount, the amount and the reference in words, and the support number', async () => {
    await openPay('/subscribe/pay/plan299', { body: payment('plan299') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay for the Ultimate Plan' }),
    ).toBeInTheDocument();
    const qr = screen.getByRole('img', {
      name: /^UPI QR code: pay ₹299\.00 to QuizQuest for the Ultimate Plan/,
    });
    expect(qr).toHaveAttribute('src', QR);
    expect(qr).toHaveAccessibleName(
      `UPI QR code: pay ₹299.00 to QuizQuest for the Ultimate Plan, reference ${REFERENCE}`,
    );
    expect(screen.getByText('₹299.00')).toBeInTheDocument();
    expect(screen.getByText(/Two hundred and ninety-nine rupees only/)).toBeInTheDocument();
    expect(screen.getByText(REFERENCE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in a UPI app' })).toHaveAttribute(
      'href',
      `upi://pay?pa=fees@okaxis&pn=QuizQuest&am=299.00&cu=INR&tn=${REFERENCE}`,
    );
    expect(screen.getAllByText('+91 91234 56789').length).toBeGreaterThan(0);
    expect(screen.getByText(/activated within 30 mins of payment/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the plans' })).toHaveAttribute('href', '/subscribe');
    expect(document.title).toMatch(/^Pay for the Ultimate Plan/);
  });

  it('speaks Hindi: the heading, the QR code, the UPI button and the way back', async () => {
    showInHindi();
    await openPay('/subscribe/pay/plan299', { body: payment('plan299') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ultimate Plan के लिए भुगतान करें' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: `UPI QR कोड: Ultimate Plan के लिए QuizQuest को ₹299.00 का भुगतान करें, रेफ़रेंस ${REFERENCE}`,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'UPI ऐप में खोलें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'प्लान पर वापस जाएँ' })).toHaveAttribute('href', '/subscribe');
    expect(document.title).toMatch(/^Ultimate Plan के लिए भुगतान करें/);
  });

  it('leads on to the payment link where one is configured', async () => {
    await openPay('/subscribe/pay/plan59', { body: payment('plan59', { link: 'https://rzp.io/l/starter' }) });
    const link = await screen.findByRole('link', { name: 'Continue to the payment page' });
    expect(link).toHaveAttribute('href', 'https://rzp.io/l/starter');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('with neither a link nor a UPI ID, says how to pay through the support number', async () => {
    await openPay('/subscribe/pay/plan99', { body: payment('plan99', { upi: false }) });
    expect(
      await screen.findByText(/Online payment is not set up yet\. To buy the Growth Plan, message us on/),
    ).toBeInTheDocument();
    expect(screen.getByText('QQ-1A2B3C4D5E-PLAN99')).toBeInTheDocument();
    expect(screen.getByText(/Ninety-nine rupees only/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /not set up/ })).not.toBeInTheDocument();
  });

  it('says so for a plan that does not exist', async () => {
    await openPay('/subscribe/pay/plan1', { status: 404, body: { message: 'Plan not found' } });
    expect(await screen.findByText('There is no such plan.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscribe');
  });

  it('says so when the details cannot be loaded', async () => {
    await openPay('/subscribe/pay/plan99', { status: 503, body: { message: 'Down' } });
    expect(
      await screen.findByText('The payment details could not be loaded. Please try again in a moment.'),
    ).toBeInTheDocument();
  });

  describe('with a parent PIN set (decision 035)', () => {
    /** The server's payment details: only with the proof of a verified PIN. */
    const guarded = (call: RecordedCall) =>
      call.headers.get(PARENT_PIN_HEADER) === 'proof-1'
        ? { body: payment('plan299') }
        : { status: 403, body: { message: PIN_REQUIRED_MESSAGE, code: FAMILY_ERROR_CODES.pinRequired } };
    const verify = {
      'POST /api/account/pin/verify': {
        body: { pinToken: 'proof-1', expiresAt: new Date(Date.now() + 600_000).toISOString() },
      },
    };

    it('asks for the PIN, then shows the details the proof opens', async () => {
      const { user, callsTo } = await openPay('/subscribe/pay/plan299', guarded, verify);
      const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
      await user.type(within(dialog).getByLabelText('Parent PIN (4 digits)'), '4821');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

      expect(await screen.findByText(REFERENCE)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(
        callsTo('GET', '/api/plans/plan299/payment').map((call) => call.headers.get(PARENT_PIN_HEADER)),
      ).toEqual([null, 'proof-1']);
    });

    it('says what is missing when the dialog is closed, and asks again on request', async () => {
      const { user } = await openPay('/subscribe/pay/plan299', guarded, verify);
      const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The payment details are shown after a parent types the parent PIN.',
      );
      expect(screen.queryByText(REFERENCE)).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the plans' })).toHaveAttribute('href', '/subscribe');
      await user.click(screen.getByRole('button', { name: 'Type the parent PIN' }));
      const again = await screen.findByRole('dialog', { name: 'Parent PIN' });
      await user.type(within(again).getByLabelText('Parent PIN (4 digits)'), '4821');
      await user.click(within(again).getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText(REFERENCE)).toBeInTheDocument();
    });
  });
});

import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { rupeesInWords, type PlanPaymentResponse } from '@quizquest/shared';
import { ApiError, isAbort } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchPlanPayment } from '../api.ts';
import '../plans.css';

export const LOADING_PAYMENT = 'Loading the payment details...';
export const PAYMENT_LOAD_FAILED = 'The payment details could not be loaded. Please try again in a moment.';
export const PLAN_NOT_FOUND = 'There is no such plan.';

type PaymentState =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'failed' }
  | { state: 'ready'; payment: PlanPaymentResponse };

/** ₹299.00: the exact amount the QR code asks for. */
const exactAmount = (amount: number) => `₹${amount.toFixed(2)}`;

function Reference({ reference }: { reference: string }) {
  return (
    <>
      <dt>Reference</dt>
      <dd>
        <strong className="pay-reference">{reference}</strong>
      </dd>
    </>
  );
}

function UpiPayment({ payment }: { payment: PlanPaymentResponse }) {
  const { plan, reference } = payment;
  const upi = payment.upi;
  if (!upi) return null;
  return (
    <>
      <p>Scan this QR code with any UPI app (Google Pay, PhonePe, Paytm, BHIM or your bank&apos;s app).</p>
      <figure className="pay-qr">
        <img
          src={upi.qrCode}
          width={240}
          height={240}
          alt={`UPI QR code: pay ${exactAmount(plan.amount)} to ${upi.payeeName} for the ${plan.name}, reference ${reference}`}
        />
      </figure>
      <dl className="pay-details">
        <dt>Amount</dt>
        <dd>
          <strong>{exactAmount(plan.amount)}</strong> ({rupeesInWords(plan.amount)} only)
        </dd>
        <Reference reference={reference} />
        <dt>Pay to</dt>
        <dd>
          {upi.payeeName} (UPI ID <span className="pay-upi-id">{upi.upiId}</span>)
        </dd>
      </dl>
      <p>
        <a className="button button-block" href={upi.uri}>
          Open in a UPI app
        </a>
      </p>
      <p className="field-hint">
        Keep the reference in the payment&apos;s note: it tells us whose plan to activate. Pay exactly{' '}
        {exactAmount(plan.amount)}.
      </p>
    </>
  );
}

/**
 * /subscribe/pay/{planId} (decision 020): where Pay leads when the plan has no payment link. A UPI
 * QR code for exactly the plan's amount with the learner's reference, the amount and the reference
 * in words, and the support number; with no UPI ID configured, how to pay through support.
 */
export function PayPage() {
  const planId = useParams().planId ?? '';
  const [payment, setPayment] = useState<PaymentState>({ state: 'loading' });
  const plan = payment.state === 'ready' ? payment.payment.plan : null;
  useDocumentTitle(plan ? `Pay for the ${plan.name}` : 'Pay for your plan');

  useEffect(() => {
    const controller = new AbortController();
    setPayment({ state: 'loading' });
    fetchPlanPayment(planId, controller.signal).then(
      (data) => setPayment({ state: 'ready', payment: data }),
      (error: unknown) => {
        if (isAbort(error)) return;
        setPayment({ state: error instanceof ApiError && error.status === 404 ? 'not-found' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [planId]);

  return (
    <div className="page pay-page">
      <h1>{plan ? `Pay for the ${plan.name}` : 'Pay for your plan'}</h1>
      {payment.state === 'loading' ? <p role="status">{LOADING_PAYMENT}</p> : null}
      {payment.state === 'failed' ? (
        <p className="form-error" role="alert">
          {PAYMENT_LOAD_FAILED}
        </p>
      ) : null}
      {payment.state === 'not-found' ? (
        <p className="form-error" role="alert">
          {PLAN_NOT_FOUND} <Link to="/subscribe">See the plans</Link>
        </p>
      ) : null}
      {payment.state === 'ready' ? (
        <section className="card pay-card" aria-labelledby="pay-title">
          <h2 id="pay-title">
            {payment.payment.plan.name}: {payment.payment.plan.price}
          </h2>
          {payment.payment.plan.payment_link ? (
            <p>
              <a
                className="button button-block"
                href={payment.payment.plan.payment_link}
                rel="noopener noreferrer"
              >
                Continue to the payment page
              </a>
            </p>
          ) : payment.payment.upi ? (
            <UpiPayment payment={payment.payment} />
          ) : (
            <>
              <p>
                Online payment is not set up yet. To buy the {payment.payment.plan.name}, message us on{' '}
                <strong>{payment.payment.supportNumber}</strong> with this reference and we will tell you how
                to pay {exactAmount(payment.payment.plan.amount)}.
              </p>
              <dl className="pay-details">
                <dt>Amount</dt>
                <dd>
                  <strong>{exactAmount(payment.payment.plan.amount)}</strong> (
                  {rupeesInWords(payment.payment.plan.amount)} only)
                </dd>
                <Reference reference={payment.payment.reference} />
              </dl>
            </>
          )}
          <ul className="plan-facts">
            <li>Your plan is activated within 30 mins of payment.</li>
            <li>
              Questions about a payment? Message us on <strong>{payment.payment.supportNumber}</strong>.
            </li>
          </ul>
          <p>
            <Link to="/subscribe">Back to the plans</Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}

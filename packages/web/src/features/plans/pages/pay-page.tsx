import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { rupeesInWords, type PlanPaymentResponse } from '@quizquest/shared';
import { isPinCancelled, useParentPin } from '../../../components/parent-pin-dialog.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { Message } from '../../../i18n/message.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { ApiError, isAbort } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchPlanPayment } from '../api.ts';
import '../plans.css';

type PaymentState =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'failed' }
  | { state: 'pin-needed' }
  | { state: 'ready'; payment: PlanPaymentResponse };

/** ₹299.00: the exact amount the QR code asks for. */
const exactAmount = (amount: number) =>
  `₹${formatNumber(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function Reference({ reference }: { reference: string }) {
  const t = useText();
  return (
    <>
      <dt>{t('plans.pay.reference')}</dt>
      <dd>
        <strong className="pay-reference">{reference}</strong>
      </dd>
    </>
  );
}

/** The amount as figures and in words: '₹299.00 (Two hundred and ninety-nine rupees only)'. */
function AmountInWords({ amount }: { amount: number }) {
  return (
    <Message
      id="plans.pay.amountInWords"
      values={{ amount: exactAmount(amount), words: rupeesInWords(amount) }}
      components={{ 0: <strong /> }}
    />
  );
}

function UpiPayment({ payment }: { payment: PlanPaymentResponse }) {
  const t = useText();
  const { plan, reference } = payment;
  const upi = payment.upi;
  if (!upi) return null;
  return (
    <>
      <p>{t('plans.pay.scan')}</p>
      <figure className="pay-qr">
        <img
          src={upi.qrCode}
          width={240}
          height={240}
          alt={t('plans.pay.qrCode', {
            amount: exactAmount(plan.amount),
            payee: upi.payeeName,
            plan: plan.name,
            reference,
          })}
        />
      </figure>
      <dl className="pay-details">
        <dt>{t('plans.pay.amount')}</dt>
        <dd>
          <AmountInWords amount={plan.amount} />
        </dd>
        <Reference reference={reference} />
        <dt>{t('plans.pay.payTo')}</dt>
        <dd>
          <Message
            id="plans.pay.payee"
            values={{ payee: upi.payeeName, upiId: upi.upiId }}
            components={{ 0: <span className="pay-upi-id" /> }}
          />
        </dd>
      </dl>
      <p>
        <a className="button button-block" href={upi.uri}>
          {t('plans.pay.openUpiApp')}
        </a>
      </p>
      <p className="field-hint">{t('plans.pay.keepReference', { amount: exactAmount(plan.amount) })}</p>
    </>
  );
}

/**
 * /subscribe/pay/{planId} (decision 020): where Pay leads when the plan has no payment link. A UPI
 * QR code for exactly the plan's amount with the learner's reference, the amount and the reference
 * in words, and the support number; with no UPI ID configured, how to pay through support.
 */
export function PayPage() {
  const t = useText();
  const planId = useParams().planId ?? '';
  const [payment, setPayment] = useState<PaymentState>({ state: 'loading' });
  // Asking again after the parent closed the PIN dialog loads the details once more.
  const [attempt, setAttempt] = useState(0);
  const { withParentPin, pinDialog } = useParentPin();
  const plan = payment.state === 'ready' ? payment.payment.plan : null;
  const title = plan ? t('plans.pay.titleForPlan', { plan: plan.name }) : t('plans.pay.title');
  useDocumentTitle(title);

  useEffect(() => {
    const controller = new AbortController();
    setPayment({ state: 'loading' });
    // The payment details are guarded by the parent PIN when one is set (decision 035).
    withParentPin(() => fetchPlanPayment(planId, controller.signal), { signal: controller.signal }).then(
      (data) => setPayment({ state: 'ready', payment: data }),
      (error: unknown) => {
        if (isAbort(error)) return;
        if (isPinCancelled(error)) setPayment({ state: 'pin-needed' });
        else
          setPayment({ state: error instanceof ApiError && error.status === 404 ? 'not-found' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [planId, attempt, withParentPin]);

  return (
    <div className="page pay-page">
      <h1>{title}</h1>
      {payment.state === 'loading' ? <p role="status">{t('plans.pay.loading')}</p> : null}
      {payment.state === 'failed' ? (
        <p className="form-error" role="alert">
          {t('plans.pay.loadFailed')}
        </p>
      ) : null}
      {payment.state === 'pin-needed' ? (
        <div className="pay-pin-needed">
          <p role="alert">{t('plans.pay.pinNeeded')}</p>
          <p className="pay-pin-actions">
            <button type="button" className="button" onClick={() => setAttempt((count) => count + 1)}>
              {t('plans.pay.enterPin')}
            </button>
            <Link to="/subscribe">{t('plans.pay.backToPlans')}</Link>
          </p>
        </div>
      ) : null}
      {payment.state === 'not-found' ? (
        <p className="form-error" role="alert">
          {t('plans.pay.notFound')} <Link to="/subscribe">{t('plans.pay.seePlans')}</Link>
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
                {t('plans.pay.continue')}
              </a>
            </p>
          ) : payment.payment.upi ? (
            <UpiPayment payment={payment.payment} />
          ) : (
            <>
              <p>
                <Message
                  id="plans.pay.notSetUp"
                  values={{
                    plan: payment.payment.plan.name,
                    phone: payment.payment.supportNumber,
                    amount: exactAmount(payment.payment.plan.amount),
                  }}
                  components={{ 0: <strong /> }}
                />
              </p>
              <dl className="pay-details">
                <dt>{t('plans.pay.amount')}</dt>
                <dd>
                  <AmountInWords amount={payment.payment.plan.amount} />
                </dd>
                <Reference reference={payment.payment.reference} />
              </dl>
            </>
          )}
          <ul className="plan-facts">
            <li>{t('plans.pay.activation')}</li>
            <li>
              <Message
                id="plans.pay.questions"
                values={{ phone: payment.payment.supportNumber }}
                components={{ 0: <strong /> }}
              />
            </li>
          </ul>
          <p>
            <Link to="/subscribe">{t('plans.pay.backToPlans')}</Link>
          </p>
        </section>
      ) : null}
      {pinDialog}
    </div>
  );
}

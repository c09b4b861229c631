import { useEffect, useState } from 'react';
import { LEVEL_COUNT, type PlansResponse, type PlanWithLink } from '@quizquest/shared';
import { isAbort } from '../../../lib/api-client.ts';
import { refreshSessionUser, useAuth } from '../../../lib/session.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchPlans } from '../api.ts';

export const LOADING_PLANS = 'Loading plans...';
export const PLANS_LOAD_FAILED = 'The plans could not be loaded. Please try again in a moment.';

/** Spec §2 Subscribe: the toast shown when Pay opens the plan's payment page. */
export function planSelectedMessage(plan: Pick<PlanWithLink, 'name' | 'price'>): string {
  return `${plan.name} selected! Pay ${plan.price} via QR code on the screen`;
}

/**
 * Where Pay takes the learner (decision 020): the plan's payment link when one is configured, else
 * the app's own payment page, which shows a UPI QR code or, with no UPI ID either, how to pay
 * through the support number. Every plan can be paid for.
 */
export function paymentPageUrl(plan: Pick<PlanWithLink, 'id' | 'payment_link'>): string {
  return plan.payment_link ?? `/subscribe/pay/${plan.id}`;
}

type PlansState = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: PlansResponse };

function PlanFeatures({ plan }: { plan: PlanWithLink }) {
  return (
    <ul className="plan-facts">
      <li>
        {plan.certification} of {LEVEL_COUNT} certification {plan.certification === 1 ? 'level' : 'levels'}
      </li>
      <li>
        {plan.maxQuizzes === null
          ? 'Unlimited practice quizzes'
          : `Up to ${plan.maxQuizzes} practice quizzes`}
      </li>
      <li>{plan.attempts} attempts per quiz</li>
      {plan.features.socialMediaRecognition ? <li>Social media recognition</li> : null}
    </ul>
  );
}

function PlanOffer({ plan, active }: { plan: PlanWithLink; active: boolean }) {
  const titleId = `plan-${plan.id}-title`;

  function pay() {
    window.open(paymentPageUrl(plan), '_blank', 'noopener,noreferrer');
    notify('success', planSelectedMessage(plan));
  }

  return (
    <li className={active ? 'card plan-offer plan-offer-active' : 'card plan-offer'}>
      <div className="plan-offer-header">
        <h2 id={titleId}>{plan.name}</h2>
        {active ? <span className="plan-badge">Active</span> : null}
      </div>
      <p className="plan-price">{plan.price}</p>
      <PlanFeatures plan={plan} />
      {active ? null : (
        <button
          type="button"
          className="button button-block"
          onClick={pay}
          aria-label={`Pay ${plan.price} for the ${plan.name}`}
        >
          Pay
        </button>
      )}
    </li>
  );
}

/** Spec §2 Subscribe ('Upgrade Your Plan'): four plans, the active one badged, Pay opens its payment page. */
export function SubscribePage() {
  useDocumentTitle('Upgrade Your Plan');
  const { user } = useAuth();
  const [plans, setPlans] = useState<PlansState>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchPlans(controller.signal).then(
      (data) => setPlans({ state: 'ready', data }),
      (error: unknown) => {
        if (!isAbort(error)) setPlans({ state: 'failed' });
      },
    );
    // A plan activated since the last load (by an admin or a payment) shows as Active at once.
    void refreshSessionUser();
    return () => controller.abort();
  }, []);

  const subscription = user?.subscription ?? 'free';

  return (
    <div className="page subscribe-page">
      <h1>Upgrade Your Plan</h1>
      <p className="subtitle">Choose a plan to unlock more practice quizzes and certification levels.</p>
      {plans.state === 'loading' ? <p role="status">{LOADING_PLANS}</p> : null}
      {plans.state === 'failed' ? (
        <p className="form-error" role="alert">
          {PLANS_LOAD_FAILED}
        </p>
      ) : null}
      {plans.state === 'ready' ? (
        <>
          <ul className="plan-grid" aria-label="Plans">
            {plans.data.plans.map((plan) => (
              <PlanOffer key={plan.id} plan={plan} active={plan.id === subscription} />
            ))}
          </ul>
          <section className="card plan-help" aria-labelledby="plan-help-title">
            <h2 id="plan-help-title">How it works</h2>
            <ul className="plan-facts">
              <li>
                Pay with the QR code on the payment page. Your plan is activated within 30 mins of payment.
              </li>
              {user?.email ? (
                <li>
                  When you pay, give this account&apos;s e-mail address (<strong>{user.email}</strong>) so we
                  can find your account.
                </li>
              ) : null}
              {user && !user.isVerified ? (
                <li>
                  <strong>Verify your e-mail address before you pay:</strong> a payment is matched only to an
                  account whose e-mail is verified.
                </li>
              ) : null}
              <li>
                Questions about a payment? Message us on <strong>{plans.data.supportNumber}</strong>.
              </li>
              <li>Paid users get support and updates by messaging.</li>
            </ul>
          </section>
        </>
      ) : null}
    </div>
  );
}

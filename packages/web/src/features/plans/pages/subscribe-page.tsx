import { useEffect, useState } from 'react';
import {
  findPlan,
  LEVEL_COUNT,
  type LearnerSummary,
  type PlansResponse,
  type PlanWithLink,
} from '@quizquest/shared';
import { LearnerAvatar } from '../../../components/learner-avatar.tsx';
import { Message } from '../../../i18n/message.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { isAbort } from '../../../lib/api-client.ts';
import { learnerName, switchLearner } from '../../../lib/learners.ts';
import { refreshSessionUser, useAuth } from '../../../lib/session.ts';
import { useLearners } from '../../../lib/use-learners.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchPlans } from '../api.ts';
import '../plans.css';

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
  const t = useText();
  return (
    <ul className="plan-facts">
      <li>{t('plans.subscribe.certificationLevels', { count: plan.certification, total: LEVEL_COUNT })}</li>
      <li>
        {plan.maxQuizzes === null
          ? t('plans.subscribe.unlimitedQuizzes')
          : t('plans.subscribe.maxQuizzes', { count: plan.maxQuizzes })}
      </li>
      <li>{t('plans.subscribe.attempts', { count: plan.attempts })}</li>
      {plan.features.socialMediaRecognition ? <li>{t('plans.subscribe.socialMedia')}</li> : null}
    </ul>
  );
}

function PlanOffer({ plan, active, disabled }: { plan: PlanWithLink; active: boolean; disabled: boolean }) {
  const t = useText();
  const titleId = `plan-${plan.id}-title`;

  function pay() {
    window.open(paymentPageUrl(plan), '_blank', 'noopener,noreferrer');
    // Spec §2 Subscribe: the toast shown when Pay opens the plan's payment page.
    notify('success', t('plans.subscribe.selected', { plan: plan.name, price: plan.price }));
  }

  return (
    <li className={active ? 'card plan-offer plan-offer-active' : 'card plan-offer'}>
      <div className="plan-offer-header">
        <h2 id={titleId}>{plan.name}</h2>
        {active ? <span className="plan-badge">{t('plans.subscribe.active')}</span> : null}
      </div>
      <p className="plan-price">{plan.price}</p>
      <PlanFeatures plan={plan} />
      {active ? null : (
        <button
          type="button"
          className="button button-block"
          disabled={disabled}
          onClick={pay}
          aria-label={t('plans.subscribe.payLabel', { price: plan.price, plan: plan.name })}
        >
          {t('plans.subscribe.pay')}
        </button>
      )}
    </li>
  );
}

type Switching = { state: 'idle' } | { state: 'busy' | 'done' | 'failed'; name: string };

interface ChildPickerProps {
  learners: readonly LearnerSummary[];
  activeId: string;
  switching: Switching;
  onChoose: (learner: LearnerSummary) => void;
}

/**
 * A family account (decision 035): which child the plan is for. Choosing a child makes them the
 * session's learner at once, so the Active badge, the payment page and its reference are theirs.
 */
function ChildPicker({ learners, activeId, switching, onChoose }: ChildPickerProps) {
  const t = useText();
  return (
    <fieldset className="card child-picker" aria-describedby="child-picker-hint">
      <legend>{t('plans.subscribe.whichChild')}</legend>
      <p id="child-picker-hint" className="field-hint">
        {t('plans.subscribe.whichChildHint')}
      </p>
      <div className="child-picker-options">
        {learners.map((learner) => {
          const id = `plan-child-${learner.id}`;
          return (
            <label key={learner.id} className="child-picker-option" htmlFor={id}>
              <input
                id={id}
                type="radio"
                name="plan-child"
                value={learner.id}
                checked={learner.id === activeId}
                disabled={switching.state === 'busy'}
                onChange={() => onChoose(learner)}
              />
              <LearnerAvatar learner={learner} />
              <span className="child-picker-text">
                <span className="child-picker-name">{learnerName(learner)}</span>
                <span className="child-picker-plan">
                  {t('plans.subscribe.childPlan', { plan: findPlan(learner.subscription).name })}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {switching.state === 'failed' ? (
        <p className="form-error" role="alert">
          {t('plans.subscribe.switchFailed', { name: switching.name })}
        </p>
      ) : (
        <p className="field-hint" role="status">
          {switching.state === 'busy' ? t('plans.subscribe.switching', { name: switching.name }) : null}
          {switching.state === 'done' ? t('plans.subscribe.switched', { name: switching.name }) : null}
        </p>
      )}
    </fieldset>
  );
}

/** Spec §2 Subscribe ('Upgrade Your Plan'): four plans, the active one badged, Pay opens its payment page. */
export function SubscribePage() {
  const t = useText();
  useDocumentTitle(t('plans.subscribe.documentTitle'));
  const { user } = useAuth();
  const [plans, setPlans] = useState<PlansState>({ state: 'loading' });
  // A family account with several children asks which child the plan is for (decision 035).
  const learners = useLearners(user && user.role !== 'admin' ? user._id : null);
  const [switching, setSwitching] = useState<Switching>({ state: 'idle' });

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
  const children = learners.status === 'ready' ? learners.data.learners : [];

  async function chooseChild(learner: LearnerSummary) {
    if (switching.state === 'busy' || learner.id === user?._id) return;
    const name = learnerName(learner);
    setSwitching({ state: 'busy', name });
    try {
      await switchLearner(learner.id);
      setSwitching({ state: 'done', name });
    } catch {
      setSwitching({ state: 'failed', name });
    }
  }

  return (
    <div className="page subscribe-page">
      <h1>{t('plans.subscribe.title')}</h1>
      <p className="subtitle">{t('plans.subscribe.subtitle')}</p>
      {children.length > 1 && user ? (
        <ChildPicker
          learners={children}
          activeId={user._id}
          switching={switching}
          onChoose={(learner) => void chooseChild(learner)}
        />
      ) : null}
      {plans.state === 'loading' ? <p role="status">{t('plans.subscribe.loading')}</p> : null}
      {plans.state === 'failed' ? (
        <p className="form-error" role="alert">
          {t('plans.subscribe.loadFailed')}
        </p>
      ) : null}
      {plans.state === 'ready' ? (
        <>
          <ul className="plan-grid" aria-label={t('plans.subscribe.plans')}>
            {plans.data.plans.map((plan) => (
              <PlanOffer
                key={plan.id}
                plan={plan}
                active={plan.id === subscription}
                disabled={switching.state === 'busy'}
              />
            ))}
          </ul>
          <section className="card plan-help" aria-labelledby="plan-help-title">
            <h2 id="plan-help-title">{t('plans.subscribe.howItWorks')}</h2>
            <ul className="plan-facts">
              <li>{t('plans.subscribe.payWithQr')}</li>
              {user?.email ? (
                <li>
                  <Message
                    id="plans.subscribe.giveEmail"
                    values={{ email: user.email }}
                    components={{ 0: <strong /> }}
                  />
                </li>
              ) : null}
              {user && !user.isVerified ? (
                <li>
                  <Message id="plans.subscribe.verifyFirst" components={{ 0: <strong /> }} />
                </li>
              ) : null}
              <li>
                <Message
                  id="plans.subscribe.questions"
                  values={{ phone: plans.data.supportNumber }}
                  components={{ 0: <strong /> }}
                />
              </li>
              <li>{t('plans.subscribe.support')}</li>
            </ul>
          </section>
        </>
      ) : null}
    </div>
  );
}

import { act, screen, waitFor, within } from '@testing-library/react';
import { PAID_PLANS, type PaidPlanId, type PlansResponse } from '@quizquest/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  ashaSummary,
  familyOf,
  meByToken,
  ravi,
  raviSummary,
  selected,
  tokenOf,
} from '../../../test/family.ts';
import { mockFetch, type MockHandler } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { findToast, learner, renderApp, storeSession } from '../../../test/render-app.tsx';

function plansResponse(links: Partial<Record<PaidPlanId, string>>): PlansResponse {
  return {
    plans: PAID_PLANS.map((plan) => ({
      id: plan.id as PaidPlanId,
      name: plan.name,
      price: plan.price,
      amount: plan.amount,
      certification: plan.certification,
      attempts: plan.attempts,
      maxQuizzes: plan.maxQuizzes,
      features: plan.features,
      payment_link: links[plan.id as PaidPlanId] ?? null,
    })),
    supportNumber: '+91 91234 56789',
  };
}

const ALL_LINKS = {
  plan59: 'https://rzp.io/l/starter',
  plan99: 'https://rzp.io/l/growth',
  plan199: 'https://rzp.io/l/pro',
  plan299: 'https://rzp.io/l/ultimate',
};

async function openSubscribe(subscription: string, handlers: Record<string, MockHandler> = {}) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: { ...learner, subscription } },
    'GET /api/plans': { body: plansResponse(ALL_LINKS) },
    ...handlers,
  });
  storeSession();
  const app = renderApp('/subscribe');
  await screen.findByRole('heading', { level: 1, name: 'Upgrade Your Plan' });
  return { ...app, ...fetch };
}

const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

describe('subscribe page', () => {
  it('shows four plan cards with their prices and features, the active one badged instead of Pay', async () => {
    await openSubscribe('plan99');
    const list = await screen.findByRole('list', { name: 'Plans' });
    // The badge follows the plan the server reports (/auth/me), not only the stored one.
    await within(card('Growth Plan')).findByText('Active');
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Starter Plan', 'Growth Plan', 'Pro Plan', 'Ultimate Plan']);
    expect(within(card('Starter Plan')).getByText('₹59')).toBeInTheDocument();
    expect(within(card('Starter Plan')).getByText('1 of 10 certification level')).toBeInTheDocument();
    expect(within(card('Pro Plan')).getByText('7 of 10 certification levels')).toBeInTheDocument();
    expect(within(card('Ultimate Plan')).getByText('Unlimited practice quizzes')).toBeInTheDocument();
    expect(within(card('Ultimate Plan')).getByText('Social media recognition')).toBeInTheDocument();
    expect(within(card('Pro Plan')).queryByText('Social media recognition')).not.toBeInTheDocument();

    expect(within(card('Growth Plan')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByText('Active')).toHaveLength(1);
    for (const name of ['Starter Plan', 'Pro Plan', 'Ultimate Plan']) {
      expect(
        within(card(name)).getByRole('button', { name: new RegExp(`^Pay .* for the ${name}$`) }),
      ).toBeEnabled();
    }
    expect(screen.getByText(/activated within 30 mins of payment/)).toBeInTheDocument();
    expect(screen.getByText('+91 91234 56789')).toBeInTheDocument();
    expect(screen.getByText('Paid users get support and updates by messaging.')).toBeInTheDocument();
  });

  it('speaks Hindi: the heading, the plan facts and the Pay buttons', async () => {
    mockFetch({
      'GET /api/auth/me': { body: { ...learner, subscription: 'plan99' } },
      'GET /api/plans': { body: plansResponse(ALL_LINKS) },
    });
    storeSession();
    showInHindi();
    renderApp('/subscribe');
    expect(await screen.findByRole('heading', { level: 1, name: 'अपना प्लान अपग्रेड करें' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'प्लान' });
    expect(within(card('Starter Plan')).getByText('10 में से 1 सर्टिफ़िकेशन लेवल')).toBeInTheDocument();
    expect(
      within(card('Starter Plan')).getByRole('button', { name: 'Starter Plan के लिए ₹59 का भुगतान करें' }),
    ).toHaveTextContent('भुगतान करें');
    await within(card('Growth Plan')).findByText('चालू');
    expect(screen.getByRole('heading', { level: 2, name: 'यह कैसे काम करता है' })).toBeInTheDocument();
  });

  it('badges nothing on the free plan', async () => {
    await openSubscribe('free');
    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Pay / })).toHaveLength(4);
  });

  it("opens the plan's payment link in a new tab and shows the toast", async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    const { user } = await openSubscribe('free');
    await screen.findByRole('list', { name: 'Plans' });
    await user.click(within(card('Starter Plan')).getByRole('button', { name: /^Pay/ }));
    expect(open).toHaveBeenCalledWith('https://rzp.io/l/starter', '_blank', 'noopener,noreferrer');
    expect(await findToast('Starter Plan selected! Pay ₹59 via QR code on the screen')).toBeInTheDocument();
  });

  it("opens the app's own payment page in a new tab for a plan without a link, with the same toast", async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    const { user } = await openSubscribe('free', {
      'GET /api/plans': { body: plansResponse({ plan299: ALL_LINKS.plan299 }) },
    });
    await screen.findByRole('list', { name: 'Plans' });
    // Every plan can be paid for: nothing is disabled, nothing says payments are not set up.
    for (const button of screen.getAllByRole('button', { name: /^Pay / })) expect(button).toBeEnabled();
    expect(screen.queryByText(/not set up/)).not.toBeInTheDocument();

    await user.click(within(card('Pro Plan')).getByRole('button', { name: 'Pay ₹199 for the Pro Plan' }));
    expect(open).toHaveBeenCalledWith('/subscribe/pay/plan199', '_blank', 'noopener,noreferrer');
    expect(await findToast('Pro Plan selected! Pay ₹199 via QR code on the screen')).toBeInTheDocument();
    await user.click(within(card('Ultimate Plan')).getByRole('button', { name: /^Pay/ }));
    expect(open).toHaveBeenLastCalledWith('https://rzp.io/l/ultimate', '_blank', 'noopener,noreferrer');
  });

  it('asks an account that has not verified its e-mail to verify it before paying', async () => {
    await openSubscribe('free', { 'GET /api/auth/me': { body: { ...learner, isVerified: false } } });
    expect(await screen.findByText('Verify your e-mail address before you pay:')).toBeInTheDocument();
  });

  it('does not ask a verified account to verify', async () => {
    await openSubscribe('free');
    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.queryByText(/Verify your e-mail/)).not.toBeInTheDocument();
  });

  it('says so when the plans cannot be loaded', async () => {
    await openSubscribe('free', { 'GET /api/plans': { status: 503, body: { message: 'Down' } } });
    expect(
      await screen.findByText('The plans could not be loaded. Please try again in a moment.'),
    ).toBeInTheDocument();
  });

  describe('in a family account (decision 035)', () => {
    async function openFamily(handlers: Record<string, MockHandler> = {}) {
      const fetch = mockFetch({
        'GET /api/auth/me': meByToken([learner, ravi]),
        'GET /api/plans': { body: plansResponse({}) },
        'GET /api/learners': { body: familyOf([ashaSummary, raviSummary]) },
        'POST /api/learners/u2/select': selected(ravi),
        ...handlers,
      });
      storeSession(learner, tokenOf(learner._id));
      const app = renderApp('/subscribe');
      await screen.findByRole('list', { name: 'Plans' });
      return { ...app, ...fetch };
    }

    it('asks which child the plan is for, the active child chosen, each with their plan', async () => {
      await openFamily();
      const picker = await screen.findByRole('group', { name: 'Which child is this plan for?' });
      const radios = within(picker).getAllByRole('radio');
      expect(radios).toHaveLength(2);
      expect(radios[0]).toHaveAccessibleName(/^Asha Rao\s*Current plan: Free Plan$/);
      expect(radios[1]).toHaveAccessibleName(/^Ravi Rao\s*Current plan: Ultimate Plan$/);
      expect(within(picker).getByRole('radio', { name: /Asha Rao/ })).toBeChecked();
      expect(within(picker).getByRole('radio', { name: /Ravi Rao/ })).not.toBeChecked();
      expect(picker).toHaveAccessibleDescription(/payment reference belong to the child you choose/);
    });

    it("switches to the child chosen, so the Active badge, the payment page and its reference are that child's", async () => {
      const open = vi.fn(() => null);
      vi.stubGlobal('open', open);
      const { user, callsTo } = await openFamily();
      const picker = await screen.findByRole('group', { name: 'Which child is this plan for?' });
      expect(screen.getAllByRole('button', { name: /^Pay / })).toHaveLength(4);

      await user.click(within(picker).getByRole('radio', { name: /Ravi Rao/ }));
      expect(await within(picker).findByText('The plans below are now for Ravi Rao.')).toBeInTheDocument();
      expect(callsTo('POST', '/api/learners/u2/select')).toHaveLength(1);
      expect(localStorage.getItem('token')).toBe(tokenOf(ravi._id));
      expect(within(picker).getByRole('radio', { name: /Ravi Rao/ })).toBeChecked();
      // Ravi has the Ultimate Plan: it is his Active one now.
      await within(card('Ultimate Plan')).findByText('Active');
      expect(within(card('Ultimate Plan')).queryByRole('button')).not.toBeInTheDocument();

      await user.click(within(card('Pro Plan')).getByRole('button', { name: 'Pay ₹199 for the Pro Plan' }));
      expect(open).toHaveBeenCalledWith('/subscribe/pay/plan199', '_blank', 'noopener,noreferrer');
    });

    it('says so when the switch fails, and keeps the child the plans are for', async () => {
      const { user } = await openFamily({
        'POST /api/learners/u2/select': { status: 503, body: { message: 'Down' } },
      });
      const picker = await screen.findByRole('group', { name: 'Which child is this plan for?' });
      await user.click(within(picker).getByRole('radio', { name: /Ravi Rao/ }));
      expect(await within(picker).findByRole('alert')).toHaveTextContent(
        'Could not switch to Ravi Rao. Please try again.',
      );
      expect(localStorage.getItem('token')).toBe(tokenOf(learner._id));
      expect(within(picker).getByRole('radio', { name: /Asha Rao/ })).toBeChecked();
    });

    it('asks nothing of an account with one child: the page stays as it is', async () => {
      let answered = 0;
      const { callsTo } = await openFamily({
        'GET /api/learners': () => {
          answered += 1;
          return { body: familyOf([ashaSummary]) };
        },
      });
      // Every reader of the learners (this page, the sidebar) has had its answer.
      await waitFor(() => expect(answered).toBeGreaterThan(0));
      await waitFor(() => expect(answered).toBe(callsTo('GET', '/api/learners').length));
      await act(async () => {});
      expect(screen.queryByRole('group', { name: 'Which child is this plan for?' })).not.toBeInTheDocument();
      expect(screen.queryByText('Which child is this plan for?')).not.toBeInTheDocument();
      expect(screen.queryByRole('radio')).not.toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: /^Pay / })).toHaveLength(4);
    });

    it('asks in Hindi', async () => {
      await openFamily();
      showInHindi();
      const picker = await screen.findByRole('group', { name: 'यह प्लान किस बच्चे के लिए है?' });
      expect(
        within(picker).getByRole('radio', { name: /Ravi Rao.*अभी का प्लान: Ultimate Plan/ }),
      ).toBeInTheDocument();
    });
  });
});

/**
 * The free plan and the four paid plans (spec §3 Plan, §9; design.md §5). Payment links and the
 * support number are configuration, not code: the server hands them to the client.
 */
export type PlanId = 'free' | 'plan59' | 'plan99' | 'plan199' | 'plan299';
export type PaidPlanId = Exclude<PlanId, 'free'>;

export interface Plan {
  id: PlanId;
  name: string;
  /** Price as shown, e.g. '₹59'. */
  price: string;
  /** Amount in rupees. */
  amount: number;
  /** Certification levels the plan unlocks (allowedLevel). */
  certification: number;
  /** Attempts allowed per quiz. */
  attempts: number;
  /** Distinct practice quizzes a learner may attempt; null means unlimited. */
  maxQuizzes: number | null;
  features: { socialMediaRecognition: boolean };
}

export const ATTEMPTS_PER_QUIZ = 3;

export const FREE_PLAN: Plan = {
  id: 'free',
  name: 'Free Plan',
  price: '₹0',
  amount: 0,
  certification: 0,
  attempts: ATTEMPTS_PER_QUIZ,
  maxQuizzes: 10,
  features: { socialMediaRecognition: false },
};

export const PAID_PLANS: readonly Plan[] = [
  {
    id: 'plan59',
    name: 'Starter Plan',
    price: '₹59',
    amount: 59,
    certification: 1,
    attempts: ATTEMPTS_PER_QUIZ,
    maxQuizzes: 50,
    features: { socialMediaRecognition: false },
  },
  {
    id: 'plan99',
    name: 'Growth Plan',
    price: '₹99',
    amount: 99,
    certification: 3,
    attempts: ATTEMPTS_PER_QUIZ,
    maxQuizzes: 150,
    features: { socialMediaRecognition: false },
  },
  {
    id: 'plan199',
    name: 'Pro Plan',
    price: '₹199',
    amount: 199,
    certification: 7,
    attempts: ATTEMPTS_PER_QUIZ,
    maxQuizzes: 500,
    features: { socialMediaRecognition: false },
  },
  {
    id: 'plan299',
    name: 'Ultimate Plan',
    price: '₹299',
    amount: 299,
    certification: 10,
    attempts: ATTEMPTS_PER_QUIZ,
    maxQuizzes: null,
    features: { socialMediaRecognition: true },
  },
];

export const PAID_PLAN_IDS = PAID_PLANS.map((plan) => plan.id) as [PaidPlanId, ...PaidPlanId[]];

/** A paid plan lasts this many days from activation. */
export const PLAN_DURATION_DAYS = 365;

export function findPlan(planId: string | null | undefined): Plan {
  return PAID_PLANS.find((plan) => plan.id === planId) ?? FREE_PLAN;
}

export interface PlanLimits {
  planId: PlanId;
  /** Distinct practice quizzes; null means unlimited. */
  maxQuizzes: number | null;
  maxAttemptsPerQuiz: number;
  allowedLevel: number;
}

/**
 * The one place limits come from: the user's active plan, or free when the plan is missing or
 * has expired at `now`.
 */
export function limitsForPlan(
  subscription: { planId: string; endsAt: Date } | null | undefined,
  now: Date = new Date(),
): PlanLimits {
  const active = subscription && subscription.endsAt.getTime() > now.getTime() ? subscription : null;
  const plan = findPlan(active?.planId);
  return {
    planId: plan.id,
    maxQuizzes: plan.maxQuizzes,
    maxAttemptsPerQuiz: plan.attempts,
    allowedLevel: plan.certification,
  };
}

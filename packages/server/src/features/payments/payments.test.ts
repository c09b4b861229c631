import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, subscriptions } from '../../db/schema.ts';
import { PlanPaymentResponse } from '@quizquest/shared';
import { loadConfig } from '../../config.ts';
import { countRows, createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import { applyPayment, PLAN_DURATION_MS } from '../../entitlements/plan-changes.ts';
import {
  INVALID_SIGNATURE_MESSAGE,
  qrCodeDataUrl,
  signPayload,
  WEBHOOK_NOT_CONFIGURED_MESSAGE,
} from './service.ts';

const SECRET = 'webhook-secret-for-tests-0123456789';
let context: TestContext;
let eventCounter = 0;

beforeAll(async () => {
  context = await createTestContext({
    env: {
      PAYMENT_WEBHOOK_SECRET: SECRET,
      PAYMENT_LINK_PLAN99: 'https://rzp.io/l/quizquest-growth',
      SUPPORT_NUMBER: '+91 91234 56789',
      UPI_ID: 'quizquest.fees@okhdfcbank',
      UPI_PAYEE_NAME: 'QuizQuest Learning',
    },
  });
  context.clock.now = new Date('2026-05-01T09:30:00Z');
});
afterAll(async () => {
  await context.close();
});

/** A payment_link.paid event shaped like Razorpay's (amounts in paise). */
function paidEvent(options: { email: string; amountRupees: number; paymentId?: string; event?: string }) {
  eventCounter += 1;
  const paymentId = options.paymentId ?? `pay_Test${eventCounter}${Date.now()}`;
  return {
    entity: 'event',
    account_id: 'acc_Test',
    event: options.event ?? 'payment_link.paid',
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: {
        entity: {
          id: 'plink_Test',
          amount: options.amountRupees * 100,
          amount_paid: options.amountRupees * 100,
          currency: 'INR',
          status: 'paid',
          notes: null,
          customer: { contact: '+919000090000', email: 'payer@example.com', name: 'Parent' },
        },
      },
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount: options.amountRupees * 100,
          currency: 'INR',
          status: 'captured',
          method: 'upi',
          email: 'payer@example.com',
          contact: '+919000090000',
          notes: { email: options.email },
        },
      },
      order: { entity: { id: 'order_Test', status: 'paid' } },
    },
    created_at: 1_777_000_000,
  };
}

function deliver(body: string, headers: Record<string, string> = {}) {
  return context.request({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

const signed = (body: string, eventId = `evt_${(eventCounter += 1)}`) => ({
  'x-razorpay-signature': signPayload(SECRET, body),
  'x-razorpay-event-id': eventId,
});

async function planOf(userId: string) {
  return context.database.db
    .select({
      planId: subscriptions.planId,
      source: subscriptions.source,
      paymentReference: subscriptions.paymentReference,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
}

describe('GET /api/plans', () => {
  it('lists the four plans with their configured payment links and the support number', async () => {
    const response = await context.request({ method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      plans: Array<{ id: string; name: string; price: string; payment_link: string | null }>;
      supportNumber: string;
    }>();
    expect(body.supportNumber).toBe('+91 91234 56789');
    expect(body.plans.map((plan) => [plan.id, plan.name, plan.price, plan.payment_link])).toEqual([
      ['plan59', 'Starter Plan', '₹59', null],
      ['plan99', 'Growth Plan', '₹99', 'https://rzp.io/l/quizquest-growth'],
      ['plan199', 'Pro Plan', '₹199', null],
      ['plan299', 'Ultimate Plan', '₹299', null],
    ]);
  });
});

describe('GET /api/plans/{planId}/payment', () => {
  it('answers 401 without a session', async () => {
    const response = await context.request({ method: 'GET', url: '/api/plans/plan99/payment' });
    expect(response.statusCode).toBe(401);
  });

  it("gives the learner's reference and a UPI QR code for exactly the plan's amount, and nothing else of theirs", async () => {
    const user = await insertUser(context.database);
    const headers = await loginAs(context, user.email);
    const response = await context.request({ method: 'GET', url: '/api/plans/plan199/payment', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = PlanPaymentResponse.parse(response.json());
    const reference = `QQ-${user.id.replaceAll('-', '').slice(0, 10).toUpperCase()}-PLAN199`;
    expect(body.reference).toBe(reference);
    expect(body.plan).toMatchObject({ id: 'plan199', price: '₹199', amount: 199, payment_link: null });
    expect(body.supportNumber).toBe('+91 91234 56789');
    expect(body.upi).toEqual({
      uri: `upi://pay?pa=quizquest.fees@okhdfcbank&pn=QuizQuest%20Learning&am=199.00&cu=INR&tn=${reference}`,
      qrCode: expect.stringMatching(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/),
      upiId: 'quizquest.fees@okhdfcbank',
      payeeName: 'QuizQuest Learning',
    });
    // The QR code carries that URI and no other.
    expect(body.upi?.qrCode).toBe(await qrCodeDataUrl(body.upi?.uri ?? ''));
    const svg = Buffer.from(body.upi?.qrCode.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toMatch(/<script|on\w+=|href/i);
    expect(response.body).not.toContain(user.email);
  });

  it('passes the payment link along where one is configured', async () => {
    const user = await insertUser(context.database);
    const headers = await loginAs(context, user.email);
    const response = await context.request({ method: 'GET', url: '/api/plans/plan99/payment', headers });
    expect(response.json()).toMatchObject({ plan: { payment_link: 'https://rzp.io/l/quizquest-growth' } });
  });

  it.each(['free', 'plan1', 'PLAN99', 'plan99x', '..%2Fplans', 'x'.repeat(21)])(
    'answers 404 to the plan %j',
    async (planId) => {
      const user = await insertUser(context.database);
      const headers = await loginAs(context, user.email);
      const response = await context.request({ method: 'GET', url: `/api/plans/${planId}/payment`, headers });
      expect([400, 404]).toContain(response.statusCode);
      if (planId.length <= 20) expect(response.json()).toEqual({ message: 'Plan not found' });
    },
  );

  it('without a UPI ID there is no QR code: the page tells how to pay through the support number', async () => {
    const plain = await createTestContext({ env: { SUPPORT_NUMBER: '+91 90000 11111' } });
    try {
      const user = await insertUser(plain.database);
      const headers = await loginAs(plain, user.email);
      const response = await plain.request({ method: 'GET', url: '/api/plans/plan59/payment', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        upi: null,
        supportNumber: '+91 90000 11111',
        plan: { id: 'plan59', payment_link: null },
        reference: expect.stringMatching(/^QQ-[0-9A-F]{10}-PLAN59$/),
      });
    } finally {
      await plain.close();
    }
  });

  it.each(['not-a-upi-id', 'a@b', '@okhdfcbank', 'name@bank with space', 'name@bank?am=1', 'x@1bank'])(
    'refuses UPI_ID=%j at start',
    (upiId) => {
      expect(() => loadConfig({ UPI_ID: upiId, NODE_ENV: 'test' })).toThrow(/UPI_ID/);
    },
  );

  it('refuses a payee name that is not plain text or too long', () => {
    for (const name of ['a\u0000b', 'x'.repeat(51)]) {
      expect(() => loadConfig({ UPI_ID: 'fees@okaxis', UPI_PAYEE_NAME: name, NODE_ENV: 'test' })).toThrow(
        /UPI_PAYEE_NAME/,
      );
    }
    expect(loadConfig({ UPI_ID: 'fees@okaxis', NODE_ENV: 'test' }).upi).toEqual({
      id: 'fees@okaxis',
      payeeName: 'QuizQuest',
    });
  });
});

describe('the API description', () => {
  it('lists the profile, plans, webhook and admin plan routes', async () => {
    const response = await context.request({ method: 'GET', url: '/api/docs' });
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/user/profile',
        '/plans',
        '/plans/{planId}/payment',
        '/payments/webhook',
        '/admin/users/{userId}/subscription',
      ]),
    );
  });
});

describe('POST /api/payments/webhook', () => {
  it('activates the plan paid for, for the user whose e-mail is in the notes', async () => {
    const user = await insertUser(context.database);
    const body = JSON.stringify(paidEvent({ email: user.email.toUpperCase(), amountRupees: 199 }));
    const response = await deliver(body, signed(body));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Plan activated' });
    const rows = await planOf(user.id);
    expect(rows).toEqual([
      { planId: 'plan199', source: 'webhook', paymentReference: expect.stringMatching(/^pay_/) },
    ]);
  });

  it('refuses a tampered body or a wrong or missing signature with 400 and stores nothing', async () => {
    const user = await insertUser(context.database);
    const body = JSON.stringify(paidEvent({ email: user.email, amountRupees: 299 }));
    const headers = signed(body);
    const tampered = body.replace('"amount":29900', '"amount":5900');
    const before = {
      events: await countRows(context.database, 'payment_events'),
      subscriptions: await countRows(context.database, 'subscriptions'),
    };
    const cases = [
      deliver(tampered, headers),
      deliver(body, { ...headers, 'x-razorpay-signature': signPayload('another-secret-0123456789', body) }),
      deliver(body, { 'x-razorpay-event-id': 'evt_nosig' }),
      deliver(body, { ...headers, 'x-razorpay-signature': 'not-hex' }),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: INVALID_SIGNATURE_MESSAGE });
    }
    expect(await countRows(context.database, 'payment_events')).toBe(before.events);
    expect(await countRows(context.database, 'subscriptions')).toBe(before.subscriptions);
  });

  it('processes a replayed event once', async () => {
    const user = await insertUser(context.database);
    const event = paidEvent({ email: user.email, amountRupees: 59 });
    const body = JSON.stringify(event);
    const headers = signed(body, 'evt_replayed_1');
    const first = await deliver(body, headers);
    const again = await deliver(body, headers);
    expect(first.json()).toEqual({ message: 'Plan activated' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Event already processed' });
    expect(await planOf(user.id)).toHaveLength(1);
    const events = await context.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, `payment_link.paid:${event.payload.payment.entity.id}`));
    expect(events).toHaveLength(1);
  });

  it('applies one payment once even when it arrives under another event id', async () => {
    const user = await insertUser(context.database);
    const body = JSON.stringify(paidEvent({ email: user.email, amountRupees: 99, paymentId: 'pay_Twice' }));
    await deliver(body, signed(body, 'evt_twice_a'));
    const second = await deliver(body, signed(body, 'evt_twice_b'));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: 'Event already processed' });
    expect(await planOf(user.id)).toHaveLength(1);
  });

  it('ten copies of one payment at once, each under its own event id, give one plan row of one year', async () => {
    const user = await insertUser(context.database);
    const paymentId = `pay_TenCopies${Date.now()}`;
    const body = JSON.stringify(paidEvent({ email: user.email, amountRupees: 299, paymentId }));
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => deliver(body, signed(body, `evt_copy_${paymentId}_${index}`))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const messages = responses.map((response) => response.json<{ message: string }>().message);
    expect(messages.filter((message) => message === 'Plan activated')).toHaveLength(1);
    const rows = await context.database.db
      .select({ startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.endsAt.getTime() - rows[0]!.startsAt.getTime()).toBe(PLAN_DURATION_MS);
    expect(
      await context.database.db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(eq(paymentEvents.providerEventId, `payment_link.paid:${paymentId}`)),
    ).toHaveLength(1);
  });

  it('a payment applied before (recorded under an older key) is not applied again', async () => {
    const user = await insertUser(context.database);
    const paymentId = `pay_Earlier${Date.now()}`;
    const event = paidEvent({ email: user.email, amountRupees: 199, paymentId });
    await context.database.db
      .insert(paymentEvents)
      .values({ providerEventId: 'evt_from_the_header', payload: event });
    await applyPayment(context.database.db, {
      userId: user.id,
      planId: 'plan199',
      now: context.clock.now,
      paymentReference: paymentId,
    });
    const body = JSON.stringify(event);
    const response = await deliver(body, signed(body));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Payment already applied' });
    expect(await planOf(user.id)).toHaveLength(1);
  });

  it('the database refuses a second plan row for one payment, whoever and however it is written', async () => {
    const [first, second] = [await insertUser(context.database), await insertUser(context.database)];
    const paymentReference = `pay_Unique${Date.now()}`;
    const results = await Promise.all(
      [first, second, first, second].map((user) =>
        applyPayment(context.database.db, {
          userId: user.id,
          planId: 'plan99',
          now: context.clock.now,
          paymentReference,
        }),
      ),
    );
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(
      await context.database.db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.paymentReference, paymentReference)),
    ).toHaveLength(1);
    const row = {
      userId: first.id,
      planId: 'plan99',
      startsAt: context.clock.now,
      endsAt: context.clock.now,
      source: 'admin' as const,
      paymentReference,
    };
    await expect(context.database.db.insert(subscriptions).values(row)).rejects.toThrow();
  });

  it('does not activate a plan for an account that has not verified the e-mail; the payment waits for an admin', async () => {
    const user = await insertUser(context.database, { isVerified: false });
    const events = await countRows(context.database, 'payment_events');
    const body = JSON.stringify(paidEvent({ email: user.email, amountRupees: 99 }));
    const response = await deliver(body, signed(body));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: 'Event recorded; no account has that e-mail' });
    expect(await planOf(user.id)).toEqual([]);
    expect(await countRows(context.database, 'payment_events')).toBe(events + 1);
  });

  it('without an event id header, the payment id keeps it idempotent', async () => {
    const user = await insertUser(context.database);
    const body = JSON.stringify(paidEvent({ email: user.email, amountRupees: 99 }));
    const headers = { 'x-razorpay-signature': signPayload(SECRET, body) };
    expect((await deliver(body, headers)).json()).toEqual({ message: 'Plan activated' });
    expect((await deliver(body, headers)).json()).toEqual({ message: 'Event already processed' });
  });

  it('records an event for an unknown e-mail with 202 and activates nothing', async () => {
    const before = await countRows(context.database, 'subscriptions');
    const events = await countRows(context.database, 'payment_events');
    const body = JSON.stringify(paidEvent({ email: 'nobody-here@example.com', amountRupees: 99 }));
    const response = await deliver(body, signed(body));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: 'Event recorded; no account has that e-mail' });
    expect(await countRows(context.database, 'subscriptions')).toBe(before);
    expect(await countRows(context.database, 'payment_events')).toBe(events + 1);
  });

  it('records but does not apply an amount of no plan, or another event type', async () => {
    const user = await insertUser(context.database);
    const odd = JSON.stringify(paidEvent({ email: user.email, amountRupees: 42 }));
    const oddResponse = await deliver(odd, signed(odd));
    expect(oddResponse.statusCode).toBe(202);
    expect(oddResponse.json()).toEqual({ message: 'Event recorded; the payment matches no plan' });
    const expired = JSON.stringify(
      paidEvent({ email: user.email, amountRupees: 99, event: 'payment_link.expired' }),
    );
    expect((await deliver(expired, signed(expired))).statusCode).toBe(202);
    expect(await planOf(user.id)).toEqual([]);
  });

  it('answers 400 to a signed body that is not a payment event, storing nothing', async () => {
    const events = await countRows(context.database, 'payment_events');
    for (const body of ['{not json', '{"hello":"world"}', 'null']) {
      const response = await deliver(body, signed(body));
      expect(response.statusCode).toBe(400);
    }
    expect(await countRows(context.database, 'payment_events')).toBe(events);
  });
});

describe('POST /api/payments/webhook without a configured secret', () => {
  it('answers 503 and stores nothing', async () => {
    const unconfigured = await createTestContext();
    try {
      const body = JSON.stringify(paidEvent({ email: 'x@example.com', amountRupees: 99 }));
      const response = await unconfigured.request({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signPayload(SECRET, body) },
        payload: body,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: WEBHOOK_NOT_CONFIGURED_MESSAGE });
      expect(await countRows(unconfigured.database, 'payment_events')).toBe(0);
    } finally {
      await unconfigured.close();
    }
  });
});

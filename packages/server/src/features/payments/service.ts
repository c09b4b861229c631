import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type QRCodeModule from 'qrcode';
import {
  learnerPaidFor,
  PAID_PLANS,
  paymentReference,
  upiPaymentUri,
  type PaidPlanId,
  type PlanPaymentResponse,
  type PlansResponse,
} from '@quizquest/shared';
import type { Config } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { accountLearners } from '../../entitlements/account-learners.ts';
import { applyPayment } from '../../entitlements/plan-changes.ts';
import * as queries from './queries.ts';

/** The plans with their payment links and the support number, all from configuration. */
export function plansWithLinks(config: Config): PlansResponse {
  return {
    plans: PAID_PLANS.map((plan) => {
      const id = plan.id as PaidPlanId;
      return {
        id,
        name: plan.name,
        price: plan.price,
        amount: plan.amount,
        certification: plan.certification,
        attempts: plan.attempts,
        maxQuizzes: plan.maxQuizzes,
        features: { ...plan.features },
        payment_link: config.paymentLinks[id],
      };
    }),
    supportNumber: config.supportNumber,
  };
}

export const PLAN_NOT_FOUND_MESSAGE = 'Plan not found';

/** qrcode is loaded on the first payment page, not at start (as the certificates do, decision 016). */
let qrLibrary: Promise<typeof QRCodeModule> | undefined;
const qrCodes = () => (qrLibrary ??= import('qrcode').then((module) => module.default));

/** A QR code as an SVG data URL: an <img> shows it under the CSP's img-src 'self' data:. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await (await qrCodes()).toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * How `userId` pays for `planId` (decision 020): the reference that names learner and plan, and,
 * when a UPI ID is configured, the `upi://pay` URI for exactly the plan's amount and its QR code.
 * The payment link (when configured) travels in `plan.payment_link`; the web page prefers it.
 */
export async function planPayment(
  config: Config,
  userId: string,
  planId: string,
): Promise<PlanPaymentResponse> {
  const plan = plansWithLinks(config).plans.find((candidate) => candidate.id === planId);
  if (!plan) throw notFound(PLAN_NOT_FOUND_MESSAGE);
  const reference = paymentReference(userId, plan.id);
  let upi: PlanPaymentResponse['upi'] = null;
  if (config.upi) {
    const uri = upiPaymentUri({
      upiId: config.upi.id,
      payeeName: config.upi.payeeName,
      amountRupees: plan.amount,
      reference,
    });
    upi = { uri, qrCode: await qrCodeDataUrl(uri), upiId: config.upi.id, payeeName: config.upi.payeeName };
  }
  return { plan, reference, upi, supportNumber: config.supportNumber };
}

export const PAID_EVENT = 'payment_link.paid';
export const INVALID_SIGNATURE_MESSAGE = 'Invalid signature';
export const WEBHOOK_NOT_CONFIGURED_MESSAGE = 'Payments are not set up on this server';

/** HMAC-SHA256 of the raw body with the secret, as lower-case hex (Razorpay's X-Razorpay-Signature). */
export function signPayload(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Compares in constant time; a malformed signature is simply not valid. */
export function isValidSignature(secret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signPayload(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

const Notes = z.record(z.string(), z.unknown()).nullish().catch(null);
const Entity = <T extends z.ZodRawShape>(shape: T) => z.object({ entity: z.object(shape) }).optional();

/** The parts of a Razorpay webhook event this app reads (payment_link.paid and its siblings). */
const WebhookEvent = z.object({
  event: z.string().max(100),
  payload: z.object({
    payment: Entity({
      id: z.string().max(100),
      amount: z.number().int(),
      currency: z.string().max(10),
      status: z.string().max(40),
      email: z.string().max(254).nullish(),
      notes: Notes,
    }),
    payment_link: Entity({
      id: z.string().max(100).optional(),
      notes: Notes,
      customer: z.object({ email: z.string().max(254).nullish() }).nullish(),
    }),
  }),
});
type WebhookEvent = z.infer<typeof WebhookEvent>;

export type WebhookOutcome =
  | 'activated'
  | 'replayed'
  | 'already-applied'
  | 'ignored-event'
  | 'unknown-plan'
  | 'unknown-user'
  | 'unknown-learner';

export interface WebhookResult {
  status: 200 | 202;
  outcome: WebhookOutcome;
  message: string;
}

const noteEmail = (notes: Record<string, unknown> | null | undefined) =>
  typeof notes?.email === 'string' ? notes.email : null;

/** The e-mail the parent typed into the payment's notes, else the payer's e-mail. */
function payerEmail(event: WebhookEvent): string | null {
  const payment = event.payload.payment?.entity;
  const link = event.payload.payment_link?.entity;
  const email =
    noteEmail(payment?.notes) ?? noteEmail(link?.notes) ?? link?.customer?.email ?? payment?.email ?? null;
  return email ? email.trim().toLowerCase() : null;
}

const noteReference = (notes: Record<string, unknown> | null | undefined) =>
  typeof notes?.reference === 'string' ? notes.reference : null;

/** The payment reference (QQ-<learner code>-PLANnnn) the payment's notes carry, if any. */
function paymentNoteReference(event: WebhookEvent): string | null {
  return (
    noteReference(event.payload.payment?.entity.notes) ??
    noteReference(event.payload.payment_link?.entity.notes)
  );
}

/** The plan whose price was paid (amounts are in paise). */
function paidPlan(event: WebhookEvent): PaidPlanId | null {
  const payment = event.payload.payment?.entity;
  if (!payment || payment.currency !== 'INR' || payment.status !== 'captured') return null;
  const plan = PAID_PLANS.find((candidate) => candidate.amount * 100 === payment.amount);
  return (plan?.id as PaidPlanId | undefined) ?? null;
}

/**
 * The key that makes an event processed once: derived from the signed body only, never from the
 * unsigned event-id header, which anyone holding a copy of a signed body can change (decision
 * 020). An event about a payment is keyed by its type and payment id, so every copy and every
 * retry of it is the same event; any other event by the hash of its bytes.
 */
export function eventKey(event: { event: string }, paymentId: string | undefined, rawBody: Buffer): string {
  return paymentId
    ? `${event.event}:${paymentId}`
    : `${event.event}:sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
}

/**
 * A signed payment-provider event (design.md §5). Nothing is read or stored before the signature
 * of the raw body checks out. Each event is processed once (eventKey) and each payment id applied
 * once (applyPayment, backed by a unique index); an event that cannot be applied (another event
 * type, an amount of no plan, an e-mail of no verified account) is recorded and answered 202 so
 * the provider stops retrying and an admin can activate by hand.
 */
export async function handleWebhook(
  deps: AppDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookResult> {
  const secret = deps.config.paymentWebhookSecret;
  if (!secret) throw new HttpError(503, WEBHOOK_NOT_CONFIGURED_MESSAGE);
  if (!isValidSignature(secret, rawBody, signature)) throw badRequest(INVALID_SIGNATURE_MESSAGE);

  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  const parsed = WebhookEvent.safeParse(json);
  if (!parsed.success) throw badRequest('The request body is not a payment event');
  const event = parsed.data;
  const paymentId = event.payload.payment?.entity.id;
  const key = eventKey(event, paymentId, rawBody);

  const now = deps.now();
  return deps.db.transaction(async (tx): Promise<WebhookResult> => {
    // Copies arriving at once wait here on the unique key until the first one commits.
    if (!(await queries.recordEvent(tx, key, json))) {
      return { status: 200, outcome: 'replayed', message: 'Event already processed' };
    }
    if (event.event !== PAID_EVENT || !paymentId) {
      return { status: 202, outcome: 'ignored-event', message: 'Event recorded; nothing to activate' };
    }
    const planId = paidPlan(event);
    if (!planId) {
      return { status: 202, outcome: 'unknown-plan', message: 'Event recorded; the payment matches no plan' };
    }
    const email = payerEmail(event);
    // Only an account that proved it owns the e-mail: a payment never goes to whoever registered
    // the payer's address without verifying it (decision 020); it stays for an admin.
    const accountId = email ? await queries.verifiedUserIdByEmail(tx, email) : null;
    if (!accountId) {
      return { status: 202, outcome: 'unknown-user', message: 'Event recorded; no account has that e-mail' };
    }
    // Plans are per learner (decision 035): the learner the reference in the notes names, if that
    // learner is in the payer's account; else the account's only learner; else an admin decides.
    const userId = learnerPaidFor(
      (await accountLearners(tx, accountId)).map((learner) => learner.id),
      paymentNoteReference(event),
    );
    if (!userId) {
      return {
        status: 202,
        outcome: 'unknown-learner',
        message: 'Event recorded; the payment does not say which child it is for',
      };
    }
    if (!(await applyPayment(tx, { userId, planId, now, paymentReference: paymentId }))) {
      return { status: 200, outcome: 'already-applied', message: 'Payment already applied' };
    }
    return { status: 200, outcome: 'activated', message: 'Plan activated' };
  });
}

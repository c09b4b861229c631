import type { PaidPlanId } from '../catalogue/plans.ts';
import { numberInWords } from '../format/number-words.ts';

/**
 * The reference a parent gives with a UPI payment, so an admin can tell whose payment it is and
 * for which plan (decision 020): `QQ-<learner code>-<PLAN>`, e.g. `QQ-1A2B3C4D5E-PLAN299`. The
 * learner code is the first ten hex digits of the learner's id: no e-mail, no name, nothing
 * secret, short enough to type, and a search on the admin's Learners page finds it.
 */
export const PAYMENT_REFERENCE_PREFIX = 'QQ';
const LEARNER_CODE_LENGTH = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for an id a payment code can be made of (the server's ids are UUIDs). */
export function isLearnerId(value: string): boolean {
  return UUID.test(value);
}

/** `QQ-1A2B3C4D5E` for a learner id; the admin sees it beside the learner. */
export function learnerPaymentCode(userId: string): string {
  if (!isLearnerId(userId)) throw new Error('A learner id is a UUID');
  const hex = userId.replaceAll('-', '').slice(0, LEARNER_CODE_LENGTH).toUpperCase();
  return `${PAYMENT_REFERENCE_PREFIX}-${hex}`;
}

/** `QQ-1A2B3C4D5E-PLAN299`: the learner and the plan a payment is for. */
export function paymentReference(userId: string, planId: PaidPlanId): string {
  return `${learnerPaymentCode(userId)}-${planId.toUpperCase()}`;
}

const REFERENCE_IN_TEXT = /^\s*QQ-([0-9A-F]{10})(?:-PLAN\d+)?\s*$/i;

/**
 * The start of the learner's id (as PostgreSQL writes a uuid: `1a2b3c4d-5e`) when `text` is a
 * learner code or a payment reference, else null: what the admin's search matches ids by.
 */
export function learnerIdPrefixOf(text: string): string | null {
  const hex = REFERENCE_IN_TEXT.exec(text)?.[1]?.toLowerCase();
  return hex ? `${hex.slice(0, 8)}-${hex.slice(8)}` : null;
}

/**
 * The learner a payment is for, among the ids of the payer's account's learners (decision 035):
 * the one the reference names, else the account's only learner, else null (an admin decides).
 */
export function learnerPaidFor(learnerIds: readonly string[], reference: string | null): string | null {
  const prefix = reference ? learnerIdPrefixOf(reference) : null;
  if (prefix) {
    const named = learnerIds.filter((id) => id.startsWith(prefix));
    if (named.length === 1) return named[0] ?? null;
  }
  return learnerIds.length === 1 ? (learnerIds[0] ?? null) : null;
}

/** A value in a `upi://pay` URI: percent-encoded, with the `@` of a UPI ID left as it is. */
const upiValue = (value: string) => encodeURIComponent(value).replaceAll('%40', '@');

/**
 * The UPI deep link (NPCI's `upi://pay`) a QR code carries: payee's UPI ID and name, the exact
 * amount in rupees with two decimals, INR, and the reference as the note every UPI app shows.
 */
export function upiPaymentUri(input: {
  upiId: string;
  payeeName: string;
  amountRupees: number;
  reference: string;
}): string {
  if (!Number.isFinite(input.amountRupees) || input.amountRupees <= 0) {
    throw new Error('A UPI payment needs a positive amount');
  }
  const params: Array<[string, string]> = [
    ['pa', input.upiId],
    ['pn', input.payeeName],
    ['am', input.amountRupees.toFixed(2)],
    ['cu', 'INR'],
    ['tn', input.reference],
  ];
  return `upi://pay?${params.map(([name, value]) => `${name}=${upiValue(value)}`).join('&')}`;
}

/**
 * A whole rupee amount in English words, as a cheque or a bank slip writes it (Indian grouping:
 * thousand, lakh): 299 → 'Two hundred and ninety-nine rupees'.
 */
export function rupeesInWords(amount: number): string {
  if (!Number.isInteger(amount) || amount < 1 || amount >= 10_000_000) {
    throw new Error('rupeesInWords takes a whole amount from 1 to 99,99,999');
  }
  const words = numberInWords(amount, { and: true });
  const sentence = `${words} ${amount === 1 ? 'rupee' : 'rupees'}`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

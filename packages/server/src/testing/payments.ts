/**
 * The payments feature's webhook signature, for tests of other features that post a signed
 * webhook (test support may import any feature; a feature's tests import it from here).
 */
export { signPayload } from '../features/payments/service.ts';

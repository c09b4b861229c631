import { describe, expect, it } from 'vitest';
import { redactPaymentEvent } from './redact-payment-event.ts';

const AT = new Date('2026-06-10T08:00:00Z');
const REDACTED = { reason: 'account deleted', at: '2026-06-10T08:00:00.000Z' };

describe('redactPaymentEvent', () => {
  it.each([
    ['not an object', 'text', { payload: {}, redacted: REDACTED }],
    ['null', null, { payload: {}, redacted: REDACTED }],
    ['an array', [1, 2], { payload: {}, redacted: REDACTED }],
    [
      'an event without payload',
      { event: 'refund.created' },
      { event: 'refund.created', payload: {}, redacted: REDACTED },
    ],
  ])('keeps only the redaction mark of %s', (_label, input, expected) => {
    expect(redactPaymentEvent(input, AT)).toEqual(expected);
  });

  it('drops personal fields, unknown fields and nested values even under kept names', () => {
    const redacted = redactPaymentEvent(
      {
        event: 'payment_link.paid',
        account_id: 'acc_1',
        payload: {
          payment: {
            entity: {
              id: 'pay_1',
              amount: 9900,
              currency: 'INR',
              status: { nested: 'someone@example.com' },
              email: 'someone@example.com',
              contact: '+919000000000',
              vpa: 'someone@upi',
              card: { last4: '1111', name: 'Someone' },
              notes: { email: 'someone@example.com' },
              description: 'For Asha',
              future_field: 'Someone',
            },
          },
          payment_link: {
            entity: { id: 'plink_1', customer: { name: 'Someone' }, notes: { child: 'Asha' } },
          },
          order: { entity: { id: 'order_1', receipt: 'someone@example.com' } },
        },
      },
      AT,
    );
    expect(redacted).toEqual({
      event: 'payment_link.paid',
      payload: {
        payment: { entity: { id: 'pay_1', amount: 9900, currency: 'INR' } },
        payment_link: { entity: { id: 'plink_1' } },
      },
      redacted: REDACTED,
    });
    expect(JSON.stringify(redacted)).not.toMatch(/someone|Asha|9000000000|1111/i);
  });
});

import { describe, expect, it } from 'vitest';
import {
  learnerIdPrefixOf,
  learnerPaidFor,
  learnerPaymentCode,
  paymentReference,
  rupeesInWords,
  upiPaymentUri,
} from './payment-reference.ts';

const ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('payment references', () => {
  it.each([
    ['plan59', 'QQ-1A2B3C4D5E-PLAN59'],
    ['plan99', 'QQ-1A2B3C4D5E-PLAN99'],
    ['plan199', 'QQ-1A2B3C4D5E-PLAN199'],
    ['plan299', 'QQ-1A2B3C4D5E-PLAN299'],
  ] as const)('%s → %s', (planId, expected) => {
    expect(paymentReference(ID, planId)).toBe(expected);
  });

  it('the learner code is the start of the id, upper case, and nothing else', () => {
    expect(learnerPaymentCode(ID)).toBe('QQ-1A2B3C4D5E');
    expect(learnerPaymentCode(ID.toUpperCase())).toBe('QQ-1A2B3C4D5E');
  });

  it.each(['', 'someone@example.com', '1a2b3c4d', `${ID}x`, 'not-a-uuid-at-all-0000000000000000000'])(
    'refuses %j as a learner id',
    (id) => {
      expect(() => learnerPaymentCode(id)).toThrow();
    },
  );

  it.each([
    ['QQ-1A2B3C4D5E-PLAN299', '1a2b3c4d-5e'],
    ['qq-1a2b3c4d5e-plan59', '1a2b3c4d-5e'],
    ['  QQ-1A2B3C4D5E  ', '1a2b3c4d-5e'],
    ['QQ-1A2B3C4D5', null],
    ['QQ-1A2B3C4D5E-PLANX', null],
    ['QQ-1A2B3C4D5G', null],
    ["QQ-1A2B3C4D5E' or 1=1", null],
    ['someone@example.com', null],
    ['', null],
  ])('learnerIdPrefixOf(%j) = %j', (text, expected) => {
    expect(learnerIdPrefixOf(text)).toBe(expected);
  });
});

describe('upiPaymentUri', () => {
  it.each([
    [
      {
        upiId: 'quizquest@okhdfcbank',
        payeeName: 'QuizQuest',
        amountRupees: 299,
        reference: 'QQ-1A2B3C4D5E-PLAN299',
      },
      'upi://pay?pa=quizquest@okhdfcbank&pn=QuizQuest&am=299.00&cu=INR&tn=QQ-1A2B3C4D5E-PLAN299',
    ],
    [
      {
        upiId: 'school.fees@icici',
        payeeName: 'Asha & Co. Learning',
        amountRupees: 59,
        reference: 'QQ-0000000000-PLAN59',
      },
      'upi://pay?pa=school.fees@icici&pn=Asha%20%26%20Co.%20Learning&am=59.00&cu=INR&tn=QQ-0000000000-PLAN59',
    ],
    [
      { upiId: 'a@b', payeeName: 'x=y?z#', amountRupees: 99.5, reference: 'R' },
      'upi://pay?pa=a@b&pn=x%3Dy%3Fz%23&am=99.50&cu=INR&tn=R',
    ],
  ])('%j', (input, expected) => {
    expect(upiPaymentUri(input)).toBe(expected);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses an amount of %s', (amountRupees) => {
    expect(() => upiPaymentUri({ upiId: 'a@b', payeeName: 'n', amountRupees, reference: 'r' })).toThrow();
  });
});

describe('rupeesInWords', () => {
  it.each([
    [1, 'One rupee'],
    [7, 'Seven rupees'],
    [19, 'Nineteen rupees'],
    [20, 'Twenty rupees'],
    [59, 'Fifty-nine rupees'],
    [99, 'Ninety-nine rupees'],
    [100, 'One hundred rupees'],
    [199, 'One hundred and ninety-nine rupees'],
    [299, 'Two hundred and ninety-nine rupees'],
    [1000, 'One thousand rupees'],
    [1205, 'One thousand two hundred and five rupees'],
    [250_000, 'Two lakh fifty thousand rupees'],
    [9_999_999, 'Ninety-nine lakh ninety-nine thousand nine hundred and ninety-nine rupees'],
  ])('%i → %s', (amount, expected) => {
    expect(rupeesInWords(amount)).toBe(expected);
  });

  it.each([0, -5, 1.5, 10_000_000])('refuses %s', (amount) => {
    expect(() => rupeesInWords(amount)).toThrow();
  });
});

describe('learnerPaidFor', () => {
  const ids = ['1a2b3c4d-5e6f-4000-8000-000000000001', '9f8e7d6c-5b4a-4000-8000-000000000002'];
  it.each([
    ['the learner the reference names', ids, 'QQ-9F8E7D6C5B-PLAN299', ids[1]],
    ['nobody when the reference names no learner of the account', ids, 'QQ-0000000000-PLAN299', null],
    ['nobody when several learners and no reference', ids, null, null],
    ['the only learner when there is no reference', [ids[0]], null, ids[0]],
    ['the only learner when the reference names another account', [ids[0]], 'QQ-9F8E7D6C5B-PLAN299', ids[0]],
    ['the only learner when the reference is not one', [ids[0]], 'hello', ids[0]],
  ])('%s', (_name, learnerIds, reference, expected) => {
    expect(learnerPaidFor(learnerIds as string[], reference)).toBe(expected);
  });
});

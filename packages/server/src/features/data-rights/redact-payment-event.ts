/**
 * What is kept of a payment-provider event once the account it concerns is deleted (decision 013):
 * the financial record (event type, payment and link ids, amount, currency, status, method, time),
 * which accounting law asks us to keep, and nothing that names or reaches a person. It is a list
 * of fields to keep, not of fields to drop, so a field the provider adds later is dropped too.
 */

const KEPT_PAYMENT_FIELDS = [
  'id',
  'entity',
  'amount',
  'currency',
  'status',
  'method',
  'captured',
  'created_at',
];
const KEPT_LINK_FIELDS = ['id', 'entity', 'amount', 'amount_paid', 'currency', 'status', 'created_at'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** The kept scalar fields of payload.<name>.entity, or undefined when the event has none. */
function keptEntity(payload: unknown, name: string, fields: string[]) {
  const wrapper = isRecord(payload) ? payload[name] : undefined;
  const entity = isRecord(wrapper) ? wrapper.entity : undefined;
  if (!isRecord(entity)) return undefined;
  const kept: Record<string, string | number | boolean | null> = {};
  for (const field of fields) {
    const value = entity[field];
    if (value !== undefined && isScalar(value)) kept[field] = value;
  }
  return { entity: kept };
}

export function redactPaymentEvent(event: unknown, redactedAt: Date): Record<string, unknown> {
  const source = isRecord(event) ? event : {};
  const payload = source.payload;
  const payment = keptEntity(payload, 'payment', KEPT_PAYMENT_FIELDS);
  const link = keptEntity(payload, 'payment_link', KEPT_LINK_FIELDS);
  return {
    ...(typeof source.event === 'string' ? { event: source.event } : {}),
    ...(typeof source.created_at === 'number' ? { created_at: source.created_at } : {}),
    payload: {
      ...(payment ? { payment } : {}),
      ...(link ? { payment_link: link } : {}),
    },
    redacted: { reason: 'account deleted', at: redactedAt.toISOString() },
  };
}

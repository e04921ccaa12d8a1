import type { Payment } from '@cutroom/contracts';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const FIRED_KEY = 'cutroom:purchase-events';
const REMEMBERED = 100;

function fired(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(FIRED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * SPEC.md §4: a purchase analytics event on SUCCESS, once per order: the order ids already reported are
 * remembered, so reloading the result page never counts the purchase twice.
 */
export function reportPurchaseOnce(payment: Payment): boolean {
  if (payment.status !== 'SUCCESS') return false;
  const seen = fired();
  if (seen.includes(payment.orderId)) return false;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({
    event: 'purchase',
    ecommerce: {
      transaction_id: payment.orderId,
      value: payment.amount,
      currency: 'INR',
      items: [
        {
          // A custom offer has no plan: its order stands in for it.
          item_id: payment.planType ?? payment.order?.reference ?? 'custom',
          item_name: payment.planType ? `${payment.planType} plan` : (payment.order?.title ?? 'Custom offer'),
          item_brand: payment.editor.username,
          price: payment.amount,
          quantity: 1,
        },
      ],
    },
  });
  try {
    localStorage.setItem(FIRED_KEY, JSON.stringify([...seen, payment.orderId].slice(-REMEMBERED)));
  } catch {
    /* storage full or disabled: the event was still sent once for this page view */
  }
  return true;
}

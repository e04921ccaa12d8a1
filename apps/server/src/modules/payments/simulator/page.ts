import { formatPaise } from '@cutroom/contracts';
import type { SimOrder } from '../gateway/simulator-records';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  *{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f1f5f9;color:#0f172a}
  main{max-width:28rem;margin:8vh auto;padding:0 1rem}
  .card{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 2px rgba(15,23,42,.06)}
  .banner{background:#fef3c7;color:#78350f;border-bottom:1px solid #fcd34d;padding:.6rem 1rem;text-align:center;font-weight:700}
  .tag{display:inline-block;font-size:.75rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#92400e;background:#fef3c7;border-radius:999px;padding:.15rem .6rem}
  h1{font-size:1.25rem;margin:.75rem 0 .25rem}p{margin:.25rem 0;color:#475569}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:1.25rem 0}dt{color:#64748b}dd{margin:0;font-weight:600;word-break:break-all}
  .amount{font-size:1.75rem;font-weight:800;color:#0f172a}
  form{display:grid;gap:.6rem;margin-top:1rem}
  button{font:inherit;font-weight:700;border:0;border-radius:.6rem;padding:.75rem 1rem;cursor:pointer}
  button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
  .ok{background:#059669;color:#fff}.fail{background:#dc2626;color:#fff}.cancel{background:#fff;color:#0f172a;border:1px solid #cbd5e1}
  a{color:#4f46e5}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body><div class="banner" role="alert">Test payments: this is Cutroom's payment simulator. No money moves.</div><main><div class="card"><span class="tag">Payment simulator</span>${body}</div></main></body></html>`;
}

/** The simulator's checkout: plain HTML, no scripts (the CSP forbids inline ones), one form, three outcomes. */
export function checkoutPage(order: SimOrder): string {
  const action = `/simulator/checkout/${encodeURIComponent(order.paymentSessionId)}/complete`;
  const body = `
    <h1>Complete your payment</h1>
    <p>This is Cutroom's built-in test gateway. No money moves; pick how the payment ends.</p>
    <dl>
      <dt>Amount</dt><dd class="amount">${escape(formatPaise(order.amountPaise))}</dd>
      <dt>Order</dt><dd>${escape(order.orderId)}</dd>
      ${order.note ? `<dt>For</dt><dd>${escape(order.note)}</dd>` : ''}
    </dl>
    <p>Failure: the bank declines the payment. Cancel: you leave the checkout without paying, as a payer closing Cashfree's page does.</p>
    <form method="post" action="${escape(action)}">
      <button class="ok" type="submit" name="outcome" value="SUCCESS">Success</button>
      <button class="fail" type="submit" name="outcome" value="FAILED">Failure</button>
      <button class="cancel" type="submit" name="outcome" value="USER_DROPPED">Cancel</button>
    </form>`;
  return layout('Payment simulator', body);
}

export function paidPage(order: SimOrder): string {
  return layout(
    'Already paid',
    `<h1>This order is already paid</h1><p><a href="${escape(order.returnUrl)}">See the payment status</a></p>`,
  );
}

export function messagePage(title: string, text: string): string {
  return layout(title, `<h1>${escape(title)}</h1><p>${escape(text)}</p>`);
}

/** 'basic' → 'Basic'; a payment for a custom offer without a tier reads 'Custom'. */
export const planLabel = (tier: string | null) =>
  tier ? tier.charAt(0).toUpperCase() + tier.slice(1) : 'Custom';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
export const formatPaymentDate = (iso: string) => dateFormat.format(new Date(iso));

/** What a payment bought, for a person: the plan, or for a custom offer the order's reference and title. */
export function paymentPlanText(p: {
  planType: string | null;
  order: { reference: string; title: string } | null;
}): string {
  if (p.planType) return planLabel(p.planType);
  return p.order ? `${p.order.reference} · ${p.order.title}` : planLabel(null);
}

/** 'basic' → 'Basic'. */
export const planLabel = (tier: string) => tier.charAt(0).toUpperCase() + tier.slice(1);

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
export const formatPaymentDate = (iso: string) => dateFormat.format(new Date(iso));

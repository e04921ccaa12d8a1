/**
 * Indian tax on the marketplace's orders (issue 27): editors' tax profiles, the rates in force by date,
 * and what each order's share has withheld (GST on the commission, TCS, TDS), worked out once when the
 * share is credited. Payouts books it; invoices prints it.
 *
 * This file is the module's one face (ESLint refuses a reach into any other file of the module).
 */
export { taxModule } from './plugin';
export { assessOrderTaxes, type OrderToAssess } from './assessment';
export type { Assessment } from './assess';
export { taxIdentityOf, type TaxIdentity } from './profile';

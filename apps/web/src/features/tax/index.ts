// The tax feature (issue 27): the admins' tax page, reached by the route table through routes.ts, and the
// dashboard's "Tax this month" card, which the admin feature shows on its home.
export { TaxThisMonthCard } from './components/tax-month-card';

// The payments feature: payment records (status, history, refunds) and the admin's payments.
export { paymentKeys, paymentsApi } from './api/payments-api';
export { PaymentHistory } from './components/payment-history';
export { PaymentStatusBadge } from './components/payment-status-badge';
export { paymentPlanText, planLabel } from './utils/format';

// The payments feature: payment records (status, history, refunds) and the admin's payments.
export { createTierPayment } from './api/create-tier-payment';
export { usePaymentGateway } from './api/get-payment-gateway';
export { usePaymentStatus } from './api/get-payment-status';
export { paymentsApi, paymentsKey } from './api/payments-api';
export { PaymentHistory } from './components/payment-history';
export { PaymentStatusBadge } from './components/payment-status-badge';
export { paymentPlanText, planLabel } from './utils/format';
export { OrderMoneySummary, useOrderMoneyReady } from './components/money-summary';
export { SettlementMoneySummary, useSettlementMoneyReady } from './components/settlement-money';
export { GatewayDisputes } from './admin/gateway-disputes';

import { randomInt } from 'node:crypto';
import { rupeesFromPaise } from '@cutroom/contracts';
import type { simSettlements, simVendors } from './simulator-tables';
import { cashfreeTime } from './cashfree';
import type { SimOrder, SimPayment, SimRefund, SimulatedOutcome } from './simulator-records';

// The webhook bodies the simulators send, field for field as Cashfree sends them (webhook version
// 2025-01-01): kept together so they can be checked against Cashfree's documentation in one place.

const WEBHOOK_TYPE: Record<SimulatedOutcome, string> = {
  SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
  FAILED: 'PAYMENT_FAILED_WEBHOOK',
  USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
};

/** The body Cashfree sends for a payment attempt (webhook version 2025-01-01). */
export function paymentWebhookPayload(order: SimOrder, p: SimPayment) {
  return {
    data: {
      order: {
        order_id: order.orderId,
        order_amount: rupeesFromPaise(order.amountPaise),
        order_currency: 'INR',
        order_tags: null,
      },
      payment: {
        cf_payment_id: p.cfPaymentId,
        payment_status: p.status,
        payment_amount: rupeesFromPaise(p.amountPaise),
        payment_currency: 'INR',
        payment_message: p.message,
        payment_time: p.time,
        bank_reference: p.status === 'SUCCESS' ? String(randomInt(100_000_000, 999_999_999)) : null,
        auth_id: null,
        payment_method: { upi: { channel: 'collect', upi_id: 'simulator@upi' } },
        payment_group: 'upi',
        international_payment: { international: false },
        payment_surcharge: null,
      },
      customer_details: {
        customer_name: null,
        customer_id: order.customerId,
        customer_email: null,
        customer_phone: order.customerPhone,
      },
      payment_gateway_details: {
        gateway_name: 'CASHFREE',
        gateway_order_id: order.cfOrderId,
        gateway_payment_id: p.cfPaymentId,
        gateway_order_reference_id: null,
        gateway_settlement: 'CASHFREE',
        gateway_status_code: null,
      },
      payment_offers: null,
      ...(p.status === 'SUCCESS'
        ? {}
        : {
            error_details: {
              error_code: p.status === 'FAILED' ? 'TRANSACTION_DECLINED' : 'USER_DROPPED',
              error_description: p.message,
              error_reason: p.status === 'FAILED' ? 'payment_declined' : 'user_dropped',
              error_source: p.status === 'FAILED' ? 'bank' : 'customer',
              error_code_raw: null,
              error_description_raw: null,
              error_subcode_raw: null,
            },
          }),
    },
    event_time: new Date().toISOString(),
    type: WEBHOOK_TYPE[p.status],
  };
}

/** The body Cashfree sends when a refund settles (webhook version 2025-01-01). */
export function refundWebhookPayload(order: SimOrder, r: SimRefund) {
  return {
    data: {
      refund: {
        cf_refund_id: Number(r.cfRefundId),
        cf_payment_id: Number(order.payments.find((p) => p.status === 'SUCCESS')?.cfPaymentId ?? 0),
        refund_id: r.refundId,
        order_id: order.orderId,
        refund_amount: rupeesFromPaise(r.amountPaise),
        refund_currency: 'INR',
        entity: 'Refund',
        refund_type: 'MERCHANT_INITIATED',
        refund_arn: String(randomInt(100_000_000, 999_999_999)),
        refund_status: r.status,
        status_description: 'Refund processed successfully',
        created_at: r.createdAt,
        processed_at: r.processedAt,
        refund_note: r.note,
        refund_splits: [],
        metadata: null,
        requested_speed: 'STANDARD',
        processed_speed: 'STANDARD',
        service_charge: 0,
        service_tax: 0,
        forex_conversion_handling_charge: null,
        forex_conversion_handling_tax: null,
        forex_conversion_rate: null,
        charges_currency: null,
      },
    },
    event_time: new Date().toISOString(),
    type: 'REFUND_STATUS_WEBHOOK',
  };
}

/** The amounts in Easy Split's settlement webhooks (sent as rupees with two decimals). */
export const SETTLEMENT_AMOUNTS = [
  'settlement_amount',
  'amount_settled',
  'vendor_transaction_amount',
  'adjustment',
];

/** Easy Split's VENDOR_SETTLEMENT_* body. */
export function settlementWebhook(type: string, s: typeof simSettlements.$inferSelect, mode: string) {
  const day = cashfreeTime(s.initiatedAt).slice(0, 10);
  return {
    data: {
      settlement: {
        settlement_id: s.id,
        status: s.status === 'INITIATED' ? 'CREATED' : s.status,
        utr: s.utr,
        payment_amount: null,
        settlement_initiated_on: cashfreeTime(s.initiatedAt),
        settled_on: s.settledAt ? cashfreeTime(s.settledAt) : null,
        reason: s.reason,
        adjustment: 0,
        settlement_amount: rupeesFromPaise(s.amountPaise),
        service_charge: 0,
        service_tax: 0,
        amount_settled: s.status === 'SUCCESS' ? rupeesFromPaise(s.amountPaise) : null,
        payment_from: day,
        payment_till: day,
        vendor_id: s.vendorId,
        vendor_transaction_amount: rupeesFromPaise(s.amountPaise),
        account_mode: mode,
        settled_orders_count: null,
      },
    },
    event_time: cashfreeTime(new Date()),
    type,
  };
}

/**
 * Easy Split's VENDOR_STATUS_UPDATE body: the vendor's status before and after, and how far each KYC
 * document is (PAN VERIFIED, GSTIN DUE_CURRENTLY…), as Cashfree's vendor status change webhook sends it.
 */
export function vendorStatusWebhook(
  v: typeof simVendors.$inferSelect,
  pastStatus: string,
  documents: Record<string, string>,
) {
  return {
    data: {
      merchant_id: 152707,
      merchant_vendor_id: v.vendorId,
      email: null,
      updated_status: v.status,
      past_status: pastStatus,
      account_holder: v.name,
      phone: null,
      name: v.name,
      product_type: 'PG',
      max_split: 100,
      account_number: null,
      ifsc: null,
      dashboard_access: false,
      vpa: null,
      account_type: 'Individual',
      business_type: 'Social Media and Entertainment',
      updated_by: 'AUTOMATED',
      document_status: documents,
    },
    event_time: cashfreeTime(new Date()),
    type: 'VENDOR_STATUS_UPDATE',
  };
}

import type { PaymentsContext } from '../context';
import { applyGatewayEvent } from '../events';
import { refundStatusFromGateway } from '../webhook-format';

/**
 * Ingests, by order, the refunds the gateway holds that Cutroom never asked for: each unknown one goes
 * through the webhook's own path, which records it against the payment (adoptGatewayRefund).
 */
export async function adoptRefundsOfOrder(
  ctx: PaymentsContext,
  gatewayOrderId: string,
  known: ReadonlySet<string>,
): Promise<number> {
  let adopted = 0;
  for (const r of await ctx.gateway.getRefunds(gatewayOrderId)) {
    if (known.has(r.refundId)) continue;
    const status = refundStatusFromGateway(r.status);
    if (!status) continue;
    const result = await applyGatewayEvent(ctx, {
      kind: 'refund',
      orderId: gatewayOrderId,
      refundId: r.refundId,
      cfRefundId: r.cfRefundId,
      status,
      amountPaise: r.amountPaise,
    });
    if (result === 'applied') adopted += 1;
  }
  return adopted;
}

import { readFileSync } from 'node:fs';
import type { Account } from './accounts';
import { api, completeCheckout, until } from './api';

/**
 * An order paid up front through the API (offer ₹2,499, accept and pay now), and, with an image, a
 * delivery of it whose preview is ready: the starting point of the money journeys (issue 25).
 */
export async function paidOrder(
  creator: Account,
  editor: Account,
  image?: string,
): Promise<{ _id: string; reference: string; roomId: string; gatewayOrderId: string }> {
  const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id });
  const offer = (
    await api(editor, 'POST', `/chat/${roomId}/offers`, {
      title: 'Travel reel',
      description: 'A 45 s reel',
      amount: 2499,
      deliveryDays: 3,
      revisions: 1,
    })
  ).data;
  await api(creator, 'POST', `/orders/${offer._id}/accept`, { payNow: true });
  const pay = await api(creator, 'POST', `/orders/${offer._id}/pay`, { phone: '9876543210' });
  await completeCheckout(pay.paymentSessionId, 'SUCCESS');
  const order = await until(async () => {
    const o = (await api(creator, 'GET', `/orders/${offer._id}`)).data;
    return o.paid ? o : null;
  }, 'the order to be paid');
  if (image) {
    const form = new FormData();
    form.append('orderId', offer._id);
    form.append('file', new Blob([readFileSync(image)], { type: 'image/png' }), 'cut.png');
    const delivery = (await api(editor, 'POST', `/chat/${roomId}/deliveries`, form)).data;
    await until(async () => {
      const list = (await api(creator, 'GET', `/chat/${roomId}/deliveries`)).data as any[];
      return list.find((d) => d._id === delivery._id && d.preview.status === 'ready');
    }, 'the preview');
  }
  return { _id: order._id, reference: order.reference, roomId, gatewayOrderId: pay.orderId };
}

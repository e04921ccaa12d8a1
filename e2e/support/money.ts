import { readFileSync } from 'node:fs';
import { createCreator, createEditor, type Account } from './accounts';
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

/**
 * Through the API, as the earlier journeys do it in the browser: a new creator and editor, an offer of
 * ₹6,999 accepted and paid, `file` delivered with its preview ready, and changes requested on it: an
 * order the two sides may settle for a different amount (issue 26).
 */
export async function paidWithChangesRequested(title: string, file: string, type: string) {
  const [editor, creator] = await Promise.all([createEditor(), createCreator()]);
  const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id });
  const offer = (
    await api(editor, 'POST', `/chat/${roomId}/offers`, {
      title,
      description: 'A brand film from the shoot',
      amount: 6999,
      deliveryDays: 5,
      revisions: 1,
    })
  ).data;
  await api(creator, 'POST', `/orders/${offer._id}/accept`, { payNow: true });
  const pay = await api(creator, 'POST', `/orders/${offer._id}/pay`, { phone: '9876543210' });
  await completeCheckout(pay.paymentSessionId, 'SUCCESS');
  await until(
    async () => (await api(creator, 'GET', `/orders/${offer._id}`)).data.paid,
    'the order to be paid',
  );
  const form = new FormData();
  form.append('orderId', offer._id);
  form.append('file', new Blob([readFileSync(file)], { type }), file.split('/').pop()!);
  const delivery = (await api(editor, 'POST', `/chat/${roomId}/deliveries`, form)).data;
  await until(async () => {
    const list = (await api(creator, 'GET', `/chat/${roomId}/deliveries`)).data as any[];
    return list.find((d) => d._id === delivery._id && d.preview.status === 'ready');
  }, 'the preview');
  await api(creator, 'POST', `/deliveries/${delivery._id}/request-changes`, {
    note: 'The second half is off-brief',
  });
  return { editor, creator, roomId, orderId: offer._id as string, reference: offer.reference as string };
}

/**
 * Through the API: a new creator and editor, an offer of ₹6,999 accepted and paid, a line from the
 * creator in the chat (`said`), and an image delivered with its preview ready: an order either side may
 * dispute (issue 26).
 */
export async function paidAndDelivered(title: string, image: string, said: string, editorName?: string) {
  const [editor, creator] = await Promise.all([createEditor(editorName), createCreator()]);
  const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id });
  const offer = (
    await api(editor, 'POST', `/chat/${roomId}/offers`, {
      title,
      description: 'A launch film from the shoot',
      amount: 6999,
      deliveryDays: 5,
      revisions: 1,
    })
  ).data;
  await api(creator, 'POST', `/orders/${offer._id}/accept`, { payNow: true });
  const pay = await api(creator, 'POST', `/orders/${offer._id}/pay`, { phone: '9876543210' });
  await completeCheckout(pay.paymentSessionId, 'SUCCESS');
  await until(
    async () => (await api(creator, 'GET', `/orders/${offer._id}`)).data.paid,
    'the order to be paid',
  );
  await api(creator, 'POST', '/chat/message', {
    chatRoomId: roomId,
    content: said,
    clientId: `dispute-${Date.now()}`,
  });
  const form = new FormData();
  form.append('orderId', offer._id);
  form.append('file', new Blob([readFileSync(image)], { type: 'image/png' }), 'cut.png');
  const delivery = (await api(editor, 'POST', `/chat/${roomId}/deliveries`, form)).data;
  await until(async () => {
    const list = (await api(creator, 'GET', `/chat/${roomId}/deliveries`)).data as any[];
    return list.find((d) => d._id === delivery._id && d.preview.status === 'ready');
  }, 'the preview');
  return { editor, creator, roomId, orderId: offer._id as string, reference: offer.reference as string };
}

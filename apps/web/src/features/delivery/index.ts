// The delivery feature: a room's deliveries (previews, the creator's decision, the final file).
export { DeliveryPanel } from './components/delivery-panel';
export { SendDeliveryModal } from './components/send-delivery-modal';
export { useDeliveriesQuery } from './api/get-deliveries';
export { statusOf as deliveryStatusOf } from './utils/delivery-status';

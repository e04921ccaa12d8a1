/** What the order screens and the server's replies say. */
import { ORDER_STATUS_LABELS, type OrderStatus } from './statuses';

/** Every message the server sends about orders, for a person to read. */
export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  alreadyPaid: 'This order is already paid',
  paymentRefunded:
    "This order's payment was refunded, so it cannot be paid again. Ask the editor for a new offer.",
  notPayable: 'This order cannot be paid now',
  paymentBeingPrepared: 'A payment for this order is being prepared. Please try again in a moment.',
  onlyEditorOffers: "Only the room's editor can send offers",
  onlyCreatorRequests: "Only the room's creator can ask for an offer",
  onlyCreator: "Only the order's creator can do this",
  onlyEditor: "Only the order's editor can do this",
  notAllowed: (action: string, status: OrderStatus) =>
    `You cannot ${action} an order that is ${ORDER_STATUS_LABELS[status].toLowerCase()}`,
  offerExpired: 'This offer has expired',
  notDeliverable: 'Deliveries can only be sent for orders in progress or with changes requested',
  awaitingPayment: 'The creator has not paid for this order yet',
  chooseOrder: 'Choose the order this delivery is for',
  orderOfAnotherRoom: 'This order belongs to another chat',
  noRevisionsLeft:
    'No revisions are left on this order. Your request was sent to the editor, who can accept it anyway or send you a new offer.',
  noExtraRevision: 'There is no request for an extra revision to accept',
  cancellationPending: 'A cancellation is already waiting for an answer',
  noCancellation: 'There is no cancellation waiting for an answer',
  ownCancellation: 'You cannot answer your own cancellation request',
  extensionPending: 'A request for more time is already waiting for an answer',
  noExtension: 'There is no request for more time waiting for an answer',
  notExtendable: 'More time can only be asked for while the order is in progress',
  settlementPending: 'A proposal to settle is already waiting for an answer',
  noSettlement: 'There is no proposal to settle waiting for an answer',
  ownSettlement: 'You cannot answer your own proposal',
  notSettleable: 'A different amount can only be agreed once the order is paid and delivered',
  settlementTooLarge: (remaining: string) =>
    `The amount must be less than the ${remaining} paid for this order (after refunds)`,
  decideDisputeInstead: "This order has an open dispute: decide it in the dispute's case file",
  notLate: 'Only an order past its due date with no delivery can be cancelled this way',
  cannotCancel: 'This order can no longer be cancelled this way. Propose a cancellation instead.',
  refundTooLarge: (remaining: string) => `The refund cannot be more than the ${remaining} that was paid`,
  tierNotFound: (tier: string) => `The editor has no ${tier} tier`,
  // Work that cannot happen is neither accepted nor paid for.
  editorGone: 'This editor is no longer on Cutroom',
  roomFrozen: 'This chat room is frozen',
  roomEnded: 'This chat room has been ended',
  tierOrderLapsed:
    "This order was not paid in time and has lapsed. Press Pay Now on the editor's portfolio to order the tier at its current price.",
  rangeTierNotPayable:
    "This tier's price is a range, so Pay Now cannot buy it. Ask the editor for an offer with the exact price.",
} as const;

/** Texts the order screens show. */
export const ORDER_TEXTS = {
  panelTitle: 'Orders',
  sendOffer: 'Send offer',
  requestOffer: 'Ask for an offer',
  accept: 'Accept',
  acceptAndPay: 'Accept & pay now',
  acceptPayLater: 'Accept, pay on approval',
  decline: 'Decline',
  withdraw: 'Withdraw offer',
  pay: 'Pay for this order',
  cancel: 'Cancel order',
  cancelLate: 'Cancel with full refund',
  proposeCancel: 'Propose cancellation',
  acceptCancel: 'Accept cancellation',
  declineCancel: 'Keep the order',
  withdrawCancel: 'Withdraw cancellation request',
  acceptExtraRevision: 'Accept extra revision',
  requestExtension: 'Ask for more time',
  acceptExtension: 'Accept new due date',
  declineExtension: 'Keep the due date',
  withdrawExtension: 'Withdraw request for more time',
  proposeSettlement: 'Settle for a different amount',
  acceptSettlement: 'Accept and complete',
  declineSettlement: 'Decline the amount',
  withdrawSettlement: 'Withdraw the proposal',
  openDispute: 'Open a dispute',
  noOrders: 'No orders yet',
  startingPrice: 'This is the starting price of the tier; a custom offer from the editor can cover more.',
  alreadyPaid: ORDER_MESSAGES.alreadyPaid,
} as const;

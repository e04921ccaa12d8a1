import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type {
  AdminEditorDetail,
  AdminEditorListReply,
  AdminOrderPage,
  AdminPaymentPage,
  AdminPayoutRow,
  AdminPayoutsPage,
  AdminReviewPage,
  AdminSettlement,
  AdminSettlementsPage,
  AppNotification,
  CreatePaymentReply,
  DeliveriesPage,
  Editor,
  EditorListReply,
  EditorReviewsReply,
  EarningRow,
  EarningsBalances,
  EarningsPage,
  EarningsSummary,
  MessagesPage,
  ModerationFlag,
  ModerationPage,
  NotificationPreferences,
  NotificationSummary,
  NotificationsPage,
  Order,
  OrderDetailReply,
  OrderListReply,
  PaymentListReply,
  PayoutAccount,
  PayoutFailure,
  Portfolio,
  RoomsPage,
  Settlement,
  SupportTicket,
  Tier,
  User,
} from '../index';
import {
  adminEditorDetailReplySchema,
  adminEditorListPageSchema,
  adminOrderPageSchema,
  adminPaymentPageSchema,
  adminPayoutRowSchema,
  adminPayoutsPageSchema,
  adminReviewPageSchema,
  adminSettlementSchema,
  adminSettlementsPageSchema,
  appNotificationSchema,
  chatMessagesPageSchema,
  chatRoomsPageSchema,
  currentUserReplySchema,
  deliveriesPageSchema,
  earningRowSchema,
  earningsBalancesSchema,
  earningsPageSchema,
  earningsSummarySchema,
  editorListPageSchema,
  editorReplySchema,
  editorReviewsPageSchema,
  inReplyOrder,
  moderationFlagSchema,
  moderationPageSchema,
  notificationPreferencesSchema,
  notificationSummarySchema,
  notificationsPageSchema,
  orderDetailReplySchema,
  orderListPageSchema,
  orderReplySchema,
  paymentCreatedReplySchema,
  paymentListPageSchema,
  payoutAccountSchema,
  payoutFailureSchema,
  portfolioReplySchema,
  settlementSchema,
  submittedTicketSchema,
  tierReplySchema,
} from './index';

type Out<S extends z.ZodType> = z.output<S>;

// A reply schema must describe exactly the type the server builds: a field left out of the schema would
// be stripped from the reply. These are checked by the type checker (npm run typecheck).
describe('reply schemas match the reply types', () => {
  it('chat, deliveries, moderation, notifications', () => {
    expectTypeOf<Out<typeof chatRoomsPageSchema>>().toEqualTypeOf<RoomsPage>();
    expectTypeOf<Out<typeof chatMessagesPageSchema>>().toEqualTypeOf<MessagesPage>();
    expectTypeOf<Out<typeof deliveriesPageSchema>>().toEqualTypeOf<DeliveriesPage>();
    expectTypeOf<Out<typeof moderationFlagSchema>>().toEqualTypeOf<ModerationFlag>();
    expectTypeOf<Out<typeof moderationPageSchema>>().toEqualTypeOf<ModerationPage>();
    expectTypeOf<Out<typeof appNotificationSchema>>().toEqualTypeOf<AppNotification>();
    expectTypeOf<Out<typeof notificationsPageSchema>>().toEqualTypeOf<NotificationsPage>();
    expectTypeOf<Out<typeof notificationSummarySchema>>().toEqualTypeOf<NotificationSummary>();
    expectTypeOf<Out<typeof notificationPreferencesSchema>>().toEqualTypeOf<NotificationPreferences>();
  });

  it('users, editors, portfolios, support, reviews', () => {
    expectTypeOf<Out<typeof currentUserReplySchema>>().toEqualTypeOf<{ user: User | null }>();
    expectTypeOf<Out<typeof tierReplySchema>>().toEqualTypeOf<Tier>();
    expectTypeOf<Out<typeof portfolioReplySchema>>().toEqualTypeOf<Portfolio>();
    expectTypeOf<Out<typeof editorReplySchema>>().toEqualTypeOf<Editor>();
    expectTypeOf<Out<typeof editorListPageSchema>>().toEqualTypeOf<EditorListReply>();
    expectTypeOf<Out<typeof adminEditorListPageSchema>>().toEqualTypeOf<AdminEditorListReply>();
    expectTypeOf<Out<typeof adminEditorDetailReplySchema>>().toEqualTypeOf<{ data: AdminEditorDetail }>();
    expectTypeOf<Out<typeof submittedTicketSchema>>().toEqualTypeOf<SupportTicket>();
    expectTypeOf<Out<typeof editorReviewsPageSchema>>().toEqualTypeOf<EditorReviewsReply>();
    expectTypeOf<Out<typeof adminReviewPageSchema>>().toEqualTypeOf<AdminReviewPage>();
  });

  it('orders and payments', () => {
    expectTypeOf<Out<typeof orderReplySchema>>().toEqualTypeOf<Order>();
    expectTypeOf<Out<typeof orderListPageSchema>>().toEqualTypeOf<OrderListReply>();
    expectTypeOf<Out<typeof orderDetailReplySchema>>().toEqualTypeOf<OrderDetailReply>();
    expectTypeOf<Out<typeof adminOrderPageSchema>>().toEqualTypeOf<AdminOrderPage>();
    expectTypeOf<Out<typeof paymentCreatedReplySchema>>().toEqualTypeOf<CreatePaymentReply>();
    expectTypeOf<Out<typeof paymentListPageSchema>>().toEqualTypeOf<PaymentListReply>();
    expectTypeOf<Out<typeof adminPaymentPageSchema>>().toEqualTypeOf<AdminPaymentPage>();
  });

  it('payouts', () => {
    expectTypeOf<Out<typeof payoutAccountSchema>>().toEqualTypeOf<PayoutAccount>();
    expectTypeOf<Out<typeof earningsBalancesSchema>>().toEqualTypeOf<EarningsBalances>();
    expectTypeOf<Out<typeof settlementSchema>>().toEqualTypeOf<Settlement>();
    expectTypeOf<Out<typeof earningsSummarySchema>>().toEqualTypeOf<EarningsSummary>();
    expectTypeOf<Out<typeof earningRowSchema>>().toEqualTypeOf<EarningRow>();
    expectTypeOf<Out<typeof earningsPageSchema>>().toEqualTypeOf<EarningsPage>();
    expectTypeOf<Out<typeof adminPayoutRowSchema>>().toEqualTypeOf<AdminPayoutRow>();
    // Its totals are an intersection (EarningsBalances & { commission }): the same type, written otherwise.
    expectTypeOf<Out<typeof adminPayoutsPageSchema>>().toExtend<AdminPayoutsPage>();
    expectTypeOf<AdminPayoutsPage>().toExtend<Out<typeof adminPayoutsPageSchema>>();
    expectTypeOf<Out<typeof adminSettlementSchema>>().toEqualTypeOf<AdminSettlement>();
    expectTypeOf<Out<typeof adminSettlementsPageSchema>>().toEqualTypeOf<AdminSettlementsPage>();
    expectTypeOf<Out<typeof payoutFailureSchema>>().toEqualTypeOf<PayoutFailure>();
  });
});

describe('inReplyOrder', () => {
  const schema = z.object({ a: z.string(), b: z.number(), c: z.boolean().optional() });

  it('writes the keys in the order given, unchanged', () => {
    const ordered = inReplyOrder(schema, ['b', 'c', 'a']);
    expect(JSON.stringify(z.encode(ordered, { a: 'x', b: 1, c: true }))).toBe('{"b":1,"c":true,"a":"x"}');
    expect(JSON.stringify(z.encode(ordered, { a: 'x', b: 1 }))).toBe('{"b":1,"a":"x"}');
  });

  it('refuses a list that misses or repeats a key', () => {
    expect(() => inReplyOrder(schema, ['a', 'b'])).toThrow(/missing: c/);
    expect(() => inReplyOrder(schema, ['a', 'b', 'c', 'a'])).toThrow();
  });
});

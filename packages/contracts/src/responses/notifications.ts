import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notifications';

const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** `AppNotification`: one line in the bell. */
export const appNotificationSchema = z.object({
  _id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  link: z.string(),
  roomId: z.string().nullable(),
  orderId: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});

/** GET /api/notifications (`NotificationsPage`). */
export const notificationsPageSchema = z.object({
  data: z.array(appNotificationSchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number(),
});

/** GET /api/notifications/summary (`NotificationSummary`). */
export const notificationSummarySchema = z.object({
  unreadCount: z.number(),
  unreadMessages: z.number(),
});

/** POST /api/notifications/{id}/read and /read-all. */
export const notificationsReadReplySchema = z.object({ unreadCount: z.number() });

/** `NotificationPreferences`. A partial record keeps the keys in the order the server lists them. */
export const notificationPreferencesSchema = z.object({
  email: z.partialRecord(notificationKindSchema, z.boolean()),
  kinds: z.array(notificationKindSchema),
  locked: z.array(notificationKindSchema),
  hasEmail: z.boolean(),
});

/** PUT /api/notifications/preferences. */
export const notificationPreferencesSavedReplySchema = z.object({
  message: z.string(),
  data: notificationPreferencesSchema,
});

import { z } from 'zod';
import { MAX_PAGE_SIZE } from './limits';
import { orderStatusSchema } from './orders';
import { tierTitleSchema } from './portfolio';
import { userText } from './typed-text';

/**
 * Deliveries (DESIGN.md §4, the promise of the terms page): the editor uploads a deliverable into the
 * chat, the creator reviews a watermarked preview, approves or asks for changes, and receives the
 * original only once a successful, unrefunded payment to that editor covers it.
 */
export const DELIVERY_TEXTS = {
  send: 'Send delivery',
  sending: 'Sending...',
  processing: 'Processing preview…',
  retry: 'Retry',
  requestChanges: 'Request changes',
  approve: 'Approve',
  download: 'Download final video',
  downloadImage: 'Download final image',
  previewFailed: 'The preview could not be made',
  awaitingPayment: 'Approved, waiting for payment',
  payNow: 'Pay to unlock the final file',
  sent: 'Delivery sent!',
  changesRequested: 'Changes requested',
  approved: 'Delivery approved',
  noDeliveries: 'No deliveries yet',
} as const;

/** Server messages a person reads. */
export const DELIVERY_MESSAGES = {
  notFound: 'Delivery not found',
  onlyEditor: "Only the room's editor can send deliveries",
  onlyCreator: "Only the room's creator can review deliveries",
  noFile: 'Choose a video or image to deliver',
  wrongType: 'Only image or video files can be delivered',
  previewNotReady: 'The preview is not ready yet',
  alreadyDecided: 'This delivery has already been reviewed',
  notPaid: 'The final file is released after payment',
  notApproved: 'The final file is released once you approve the delivery',
  retryOnlyFailed: 'Only a failed preview can be retried',
  linkExpired: 'This download link has expired. Open the chat to get a new one.',
} as const;

export const DELIVERY_STATUSES = ['sent', 'changes_requested', 'approved'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const PREVIEW_STATUSES = ['processing', 'ready', 'failed'] as const;
export const previewStatusSchema = z.enum(PREVIEW_STATUSES);
export type PreviewStatus = z.infer<typeof previewStatusSchema>;

export const DELIVERY_NOTE_MAX = 1000;

/** The editor's optional note with a delivery. */
export const deliveryNoteSchema = userText('The note', 'The note must be text')
  .trim()
  .max(DELIVERY_NOTE_MAX, `The note must be at most ${DELIVERY_NOTE_MAX} characters`)
  .default('');

/** Fields of the multipart POST /api/chat/{roomId}/deliveries beside `file`: the order it is for. */
export const deliveryFieldsSchema = z.object({
  note: deliveryNoteSchema,
  orderId: z
    .string({ error: 'Choose the order this delivery is for' })
    .uuid('Choose the order this delivery is for'),
});
export type DeliveryFields = z.input<typeof deliveryFieldsSchema>;

export const requestChangesInputSchema = z.object({
  note: userText('The note', 'Tell the editor what to change')
    .trim()
    .min(1, 'Tell the editor what to change')
    .max(DELIVERY_NOTE_MAX, `The note must be at most ${DELIVERY_NOTE_MAX} characters`),
});
export type RequestChangesInput = z.infer<typeof requestChangesInputSchema>;

const uuid = (what: string) => z.string({ error: `${what} is required` }).uuid(`Invalid ${what}`);
export const deliveryParamsSchema = z.object({ id: uuid('delivery id') });
export const deliveryRoomParamsSchema = z.object({ roomId: uuid('roomId') });

export const deliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  /** The number of the oldest delivery of the previous page. */
  before: z.coerce.number().int().min(1).optional(),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;

export const deliverySchema = z.object({
  _id: z.string(),
  roomId: z.string(),
  /** 1, 2, 3… within the room. */
  number: z.number().int(),
  /** The order's tier; null for a custom offer without one. */
  tier: tierTitleSchema.nullable(),
  /** The order this delivery belongs to. */
  order: z.object({
    _id: z.string(),
    reference: z.string(),
    title: z.string(),
    status: orderStatusSchema,
  }),
  kind: z.enum(['image', 'video']),
  sizeBytes: z.number().int(),
  note: z.string(),
  status: deliveryStatusSchema,
  /** The creator's note when changes were requested. */
  changesNote: z.string().nullable(),
  preview: z.object({
    status: previewStatusSchema,
    /** Why it failed, for a person. */
    error: z.string().nullable(),
    /** Expiring, access-checked URLs; null until the preview is ready. */
    url: z.string().nullable(),
    posterUrl: z.string().nullable(),
  }),
  /** The order's price (rupees). */
  amount: z.number().nullable(),
  /** The order is paid (a successful payment, not fully refunded). */
  paid: z.boolean(),
  paidAt: z.string().nullable(),
  /** Whether the viewer may fetch the original (the paid creator, admins). */
  canDownload: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export interface DeliveriesPage {
  data: Delivery[];
  hasMore: boolean;
}

/** GET /api/deliveries/{id}/final asked for JSON: an expiring link to the original. */
export const finalLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type FinalLink = z.infer<typeof finalLinkSchema>;

/** Socket event to the room (and both members) whenever a delivery changes: refetch the list. */
export const DELIVERY_UPDATED_EVENT = 'deliveryUpdated';
export const deliveryUpdatedEventSchema = z.object({ roomId: z.string(), deliveryId: z.string() });
export type DeliveryUpdatedEvent = z.infer<typeof deliveryUpdatedEventSchema>;

import type { AuthzRowsFactory } from '../types';
import { chatRows } from './chat';
import { platformRows } from './platform';
import { authRows } from './auth';
import { siteRows } from './site';
import { paymentRows } from './payments';
import { portfolioRows } from './portfolio';
import { deliveryRows } from './delivery';
import { fileRows } from './files';
import { orderRows } from './orders';
import { disputeRows } from './disputes';
import { moderationRows } from './moderation';
import { notificationRows } from './notifications';
import { reviewRows } from './reviews';
import { payoutRows } from './payouts';
import { supportDeskRows } from './support';
import { taxRows } from './tax';

/** Every module's rows. A module that adds routes adds its factory here; a route without a row fails the matrix. */
export const allRows: AuthzRowsFactory[] = [
  platformRows,
  authRows,
  siteRows,
  chatRows,
  paymentRows,
  portfolioRows,
  deliveryRows,
  fileRows,
  orderRows,
  disputeRows,
  moderationRows,
  notificationRows,
  reviewRows,
  payoutRows,
  supportDeskRows,
  taxRows,
];

/**
 * Delivers notices other modules write: the bell, live updates, e-mail with retries.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export {
  NO_AUTOLINK,
  absoluteUrl,
  cleanSubject,
  formatIst,
  multiLine,
  noAutoLink,
  oneLine,
} from './mail/format';
export { notifier } from './notifier';
export type { NotificationInput, Notifier } from './notifier';
export type { NoticeSubject } from './unread';
export { notificationsModule } from './plugin';

// The notifications feature: the bell, its live updates and the e-mail preferences (screens in routes.ts).
// The app's navbar loads this on every page: it exports only what the navbar needs, so the first chunk
// carries nothing else of the feature.
export { useNotificationSummary } from './api/get-notification-summary';
export { CountBadge } from './components/count-badge';
export { NotificationBell } from './components/notification-bell';

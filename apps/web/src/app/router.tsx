import { useEffect, useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

type PageModule = { default: React.ComponentType };
/** Every screen is its own chunk: a visitor on / never downloads chat or admin code. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** What the server reads off the matched routes. */
export interface RouteHandle {
  /** Rendered on the server (public pages: their content is in the HTML, for phones and crawlers). */
  serverRendered?: boolean;
}

/** A public page: rendered on the server, then hydrated. Signed-in screens stay client-rendered. */
const publicPage = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy' | 'handle'> => ({
  ...page(load),
  handle: { serverRendered: true } satisfies RouteHandle,
});

/** A quick load shows nothing; a slow one (a phone network) says it is on its way. */
const SLOW_FIRST_LOAD_MS = 300;

/**
 * What the page shows while the first screen's chunk loads. The routes are lazy and nothing was rendered
 * on a server, so the router starts uninitialised and renders the deepest HydrateFallback it finds; with
 * none it renders nothing and warns once per page load.
 */
function FirstLoad() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_FIRST_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  return <div className="min-h-screen">{slow && <Spinner />}</div>;
}

/** The route table (SPEC.md §2). Protection lives in each page's ProtectedRoute wrapper. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: FirstLoad,
    errorElement: <RouteError />,
    children: [
      { index: true, ...publicPage(() => import('../features/pages/home-page')) },
      { path: 'portfolio', ...publicPage(() => import('../features/portfolio/portfolio-list-page')) },
      {
        path: 'portfolio/:editorId',
        ...publicPage(() => import('../features/portfolio/portfolio-detail-page')),
      },
      { path: 'about', ...publicPage(() => import('../features/pages/about-page')) },
      { path: 'contact', ...publicPage(() => import('../features/support/contact-page')) },
      { path: 'cutroom-perks', ...publicPage(() => import('../features/pages/perks-page')) },
      { path: 'terms', ...publicPage(() => import('../features/pages/terms-page')) },
      { path: 'privacy-policy', ...publicPage(() => import('../features/pages/privacy-policy-page')) },
      { path: 'refund-policy', ...publicPage(() => import('../features/pages/refund-policy-page')) },
      { path: 'faqs', ...publicPage(() => import('../features/pages/faqs-page')) },
      { path: 'login', ...page(() => import('../features/auth/login-page')) },
      { path: 'editor-login', ...page(() => import('../features/auth/editor-login-page')) },
      { path: 'admin-login', ...page(() => import('../features/auth/admin-login-page')) },
      { path: 'register', ...page(() => import('../features/auth/register-page')) },
      { path: 'verify-otp', ...page(() => import('../features/auth/verify-otp-page')) },
      { path: 'forgot-password', ...page(() => import('../features/auth/forgot-password-page')) },
      { path: 'payment-success', ...page(() => import('../features/payments/payment-success-page')) },
      { path: 'unsubscribe', ...page(() => import('../features/notifications/unsubscribe-page')) },
      {
        path: 'profile',
        ...page(() => import('../features/profile/profile-layout')),
        children: [
          { index: true, ...page(() => import('../features/profile/profile-page')) },
          { path: 'orders', ...page(() => import('../features/profile/orders-page')) },
          { path: 'earnings', ...page(() => import('../features/earnings/earnings-page')) },
          { path: 'notifications', ...page(() => import('../features/profile/notifications-page')) },
        ],
      },
      { path: 'chat', ...page(() => import('../features/chat/chat-page')) },
      {
        path: 'admin/dashboard',
        ...page(() => import('../features/admin/dashboard-layout')),
        children: [
          { index: true, ...page(() => import('../features/admin/dashboard-home')) },
          {
            path: 'register-editor',
            ...page(() => import('../features/admin/editors/register-editor-page')),
          },
          { path: 'all-editors', ...page(() => import('../features/admin/editors/all-editors-page')) },
          {
            path: 'edit-editor/:editorId',
            ...page(() => import('../features/admin/editors/edit-editor-page')),
          },
          {
            path: 'edit-structure/:editorId',
            ...page(() => import('../features/admin/editors/edit-structure-page')),
          },
          { path: 'chat-rooms', ...page(() => import('../features/admin/chat-rooms/chat-rooms-page')) },
          {
            path: 'chat-rooms/:roomId',
            ...page(() => import('../features/admin/chat-rooms/chat-room-detail-page')),
          },
          { path: 'all-orders', ...page(() => import('../features/admin/orders/all-orders-page')) },
          {
            path: 'orders/:orderId',
            ...page(() => import('../features/admin/orders/order-detail-page')),
          },
          { path: 'all-payments', ...page(() => import('../features/admin/payments/all-payments-page')) },
          { path: 'payouts', ...page(() => import('../features/admin/payouts/payouts-page')) },
          { path: 'moderation', ...page(() => import('../features/admin/moderation/moderation-page')) },
          { path: 'reviews', ...page(() => import('../features/admin/reviews/reviews-page')) },
          {
            path: 'support-tickets',
            ...page(() => import('../features/admin/support/support-tickets-page')),
          },
          {
            path: 'notifications',
            ...page(() => import('../features/admin/account/notifications-page')),
          },
          {
            path: 'update-password',
            ...page(() => import('../features/admin/account/update-password-page')),
          },
        ],
      },
      { path: '*', ...publicPage(() => import('../features/pages/not-found-page')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

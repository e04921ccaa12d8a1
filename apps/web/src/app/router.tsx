import { useEffect, useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

type PageModule = { default: React.ComponentType };
/** What the app and the server read off the matched routes. */
export interface RouteHandle {
  /** Rendered on the server (public pages: their content is in the HTML, for phones and crawlers). */
  serverRendered?: boolean;
  /** The tab's title on a signed-in screen (public pages give theirs, and more, with PageMeta). */
  title?: string;
}

/** Every screen is its own chunk: a visitor on / never downloads chat or admin code. */
const page = (load: () => Promise<PageModule>, title?: string): Pick<RouteObject, 'lazy' | 'handle'> => ({
  lazy: async () => ({ Component: (await load()).default }),
  ...(title ? { handle: { title } satisfies RouteHandle } : {}),
});

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
      { path: 'login', ...page(() => import('../features/auth/login-page'), 'Login') },
      { path: 'editor-login', ...page(() => import('../features/auth/editor-login-page'), 'Editor Login') },
      { path: 'admin-login', ...page(() => import('../features/auth/admin-login-page'), 'Admin Login') },
      { path: 'register', ...page(() => import('../features/auth/register-page'), 'Register') },
      { path: 'verify-otp', ...page(() => import('../features/auth/verify-otp-page'), 'Verify your e-mail') },
      {
        path: 'forgot-password',
        ...page(() => import('../features/auth/forgot-password-page'), 'Forgot password'),
      },
      {
        path: 'payment-success',
        ...page(() => import('../features/payments/payment-success-page'), 'Payment'),
      },
      {
        path: 'unsubscribe',
        ...page(() => import('../features/notifications/unsubscribe-page'), 'E-mail preferences'),
      },
      {
        path: 'profile',
        ...page(() => import('../features/profile/profile-layout')),
        children: [
          { index: true, ...page(() => import('../features/profile/profile-page'), 'Profile') },
          { path: 'orders', ...page(() => import('../features/profile/orders-page'), 'Orders') },
          { path: 'earnings', ...page(() => import('../features/earnings/earnings-page'), 'Earnings') },
          {
            path: 'notifications',
            ...page(() => import('../features/profile/notifications-page'), 'Notifications'),
          },
        ],
      },
      { path: 'chat', ...page(() => import('../features/chat/chat-page'), 'Chat') },
      {
        path: 'admin/dashboard',
        ...page(() => import('../features/admin/dashboard-layout')),
        children: [
          { index: true, ...page(() => import('../features/admin/dashboard-home'), 'Admin dashboard') },
          {
            path: 'register-editor',
            ...page(() => import('../features/admin/editors/register-editor-page'), 'Register Editor'),
          },
          {
            path: 'all-editors',
            ...page(() => import('../features/admin/editors/all-editors-page'), 'All Editors'),
          },
          {
            path: 'edit-editor/:editorId',
            ...page(() => import('../features/admin/editors/edit-editor-page'), 'Edit Portfolio'),
          },
          {
            path: 'edit-structure/:editorId',
            ...page(() => import('../features/admin/editors/edit-structure-page'), 'Edit Structure'),
          },
          {
            path: 'chat-rooms',
            ...page(() => import('../features/admin/chat-rooms/chat-rooms-page'), 'Chat Rooms'),
          },
          {
            path: 'chat-rooms/:roomId',
            ...page(() => import('../features/admin/chat-rooms/chat-room-detail-page'), 'Chat Room'),
          },
          {
            path: 'all-orders',
            ...page(() => import('../features/admin/orders/all-orders-page'), 'All Orders'),
          },
          {
            path: 'orders/:orderId',
            ...page(() => import('../features/admin/orders/order-detail-page'), 'Order'),
          },
          {
            path: 'all-payments',
            ...page(() => import('../features/admin/payments/all-payments-page'), 'All Payments'),
          },
          { path: 'payouts', ...page(() => import('../features/admin/payouts/payouts-page'), 'Payouts') },
          {
            path: 'moderation',
            ...page(() => import('../features/admin/moderation/moderation-page'), 'Moderation'),
          },
          { path: 'reviews', ...page(() => import('../features/admin/reviews/reviews-page'), 'Reviews') },
          {
            path: 'support-tickets',
            ...page(() => import('../features/admin/support/support-tickets-page'), 'Support Tickets'),
          },
          {
            path: 'notifications',
            ...page(() => import('../features/admin/account/notifications-page'), 'Notifications'),
          },
          {
            path: 'update-password',
            ...page(() => import('../features/admin/account/update-password-page'), 'Update Password'),
          },
        ],
      },
      { path: '*', ...publicPage(() => import('../features/pages/not-found-page')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

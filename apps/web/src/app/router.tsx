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
      { index: true, ...publicPage(() => import('../features/pages/components/home-page')) },
      {
        path: 'portfolio',
        ...publicPage(() => import('../features/portfolio/components/portfolio-list-page')),
      },
      {
        path: 'portfolio/:editorId',
        ...publicPage(() => import('../features/portfolio/components/portfolio-detail-page')),
      },
      { path: 'about', ...publicPage(() => import('../features/pages/components/about-page')) },
      { path: 'contact', ...publicPage(() => import('../features/support/components/contact-page')) },
      { path: 'cutroom-perks', ...publicPage(() => import('../features/pages/components/perks-page')) },
      { path: 'terms', ...publicPage(() => import('../features/pages/components/terms-page')) },
      {
        path: 'privacy-policy',
        ...publicPage(() => import('../features/pages/components/privacy-policy-page')),
      },
      {
        path: 'refund-policy',
        ...publicPage(() => import('../features/pages/components/refund-policy-page')),
      },
      { path: 'faqs', ...publicPage(() => import('../features/pages/components/faqs-page')) },
      { path: 'login', ...page(() => import('../features/auth/components/login-page'), 'Login') },
      {
        path: 'editor-login',
        ...page(() => import('../features/auth/components/editor-login-page'), 'Editor Login'),
      },
      {
        path: 'admin-login',
        ...page(() => import('../features/auth/components/admin-login-page'), 'Admin Login'),
      },
      { path: 'register', ...page(() => import('../features/auth/components/register-page'), 'Register') },
      {
        path: 'verify-otp',
        ...page(() => import('../features/auth/components/verify-otp-page'), 'Verify your e-mail'),
      },
      {
        path: 'forgot-password',
        ...page(() => import('../features/auth/components/forgot-password-page'), 'Forgot password'),
      },
      {
        path: 'payment-success',
        ...page(() => import('../features/orders/checkout/payment-success-page'), 'Payment'),
      },
      {
        path: 'unsubscribe',
        ...page(() => import('../features/notifications/components/unsubscribe-page'), 'E-mail preferences'),
      },
      {
        path: 'profile',
        ...page(() => import('../features/profile/components/profile-layout')),
        children: [
          { index: true, ...page(() => import('../features/profile/components/profile-page'), 'Profile') },
          { path: 'orders', ...page(() => import('../features/profile/components/orders-page'), 'Orders') },
          {
            path: 'earnings',
            ...page(() => import('../features/earnings/components/earnings-page'), 'Earnings'),
          },
          {
            path: 'notifications',
            ...page(() => import('../features/profile/components/notifications-page'), 'Notifications'),
          },
        ],
      },
      { path: 'chat', ...page(() => import('../features/chat/components/chat-page'), 'Chat') },
      {
        path: 'admin/dashboard',
        ...page(() => import('../features/admin/components/dashboard-layout')),
        children: [
          {
            index: true,
            ...page(() => import('../features/admin/components/dashboard-home'), 'Admin dashboard'),
          },
          {
            path: 'register-editor',
            ...page(() => import('../features/portfolio/admin/register-editor-page'), 'Register Editor'),
          },
          {
            path: 'all-editors',
            ...page(() => import('../features/portfolio/admin/all-editors-page'), 'All Editors'),
          },
          {
            path: 'edit-editor/:editorId',
            ...page(() => import('../features/portfolio/admin/edit-editor-page'), 'Edit Portfolio'),
          },
          {
            path: 'edit-structure/:editorId',
            ...page(() => import('../features/portfolio/admin/edit-structure-page'), 'Edit Structure'),
          },
          {
            path: 'chat-rooms',
            ...page(() => import('../features/chat/admin/chat-rooms-page'), 'Chat Rooms'),
          },
          {
            path: 'chat-rooms/:roomId',
            ...page(() => import('../features/chat/admin/chat-room-detail-page'), 'Chat Room'),
          },
          {
            path: 'all-orders',
            ...page(() => import('../features/orders/admin/all-orders-page'), 'All Orders'),
          },
          {
            path: 'orders/:orderId',
            ...page(() => import('../features/orders/admin/order-detail-page'), 'Order'),
          },
          {
            path: 'all-payments',
            ...page(() => import('../features/payments/admin/all-payments-page'), 'All Payments'),
          },
          { path: 'payouts', ...page(() => import('../features/earnings/admin/payouts-page'), 'Payouts') },
          {
            path: 'moderation',
            ...page(() => import('../features/moderation/admin/moderation-page'), 'Moderation'),
          },
          { path: 'reviews', ...page(() => import('../features/reviews/admin/reviews-page'), 'Reviews') },
          {
            path: 'support-tickets',
            ...page(() => import('../features/support/admin/support-tickets-page'), 'Support Tickets'),
          },
          {
            path: 'notifications',
            ...page(() => import('../features/notifications/admin/notifications-page'), 'Notifications'),
          },
          {
            path: 'update-password',
            ...page(() => import('../features/auth/admin/update-password-page'), 'Update Password'),
          },
        ],
      },
      { path: '*', ...publicPage(() => import('../features/pages/components/not-found-page')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

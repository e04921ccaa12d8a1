import { useEffect, useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';
import { RouteError } from './route-error';
import { adminScreens } from '../features/admin/routes';
import { authScreens } from '../features/auth/routes';
import { chatScreens } from '../features/chat/routes';
import { disputesScreens } from '../features/disputes/routes';
import { earningsScreens } from '../features/earnings/routes';
import { notificationsScreens } from '../features/notifications/routes';
import { ordersScreens } from '../features/orders/routes';
import { pagesScreens } from '../features/pages/routes';
import { paymentsScreens } from '../features/payments/routes';
import { portfolioScreens } from '../features/portfolio/routes';
import { profileScreens } from '../features/profile/routes';
import { reconciliationScreens } from '../features/reconciliation/routes';
import { reviewsScreens } from '../features/reviews/routes';
import { supportScreens } from '../features/support/routes';
import { taxScreens } from '../features/tax/routes';

type PageModule = { default: React.ComponentType };

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
      { index: true, ...publicPage(pagesScreens.home) },
      {
        path: 'portfolio',
        ...publicPage(portfolioScreens.list),
      },
      {
        path: 'portfolio/:editorId',
        ...publicPage(portfolioScreens.detail),
      },
      { path: 'about', ...publicPage(pagesScreens.about) },
      { path: 'contact', ...publicPage(supportScreens.contact) },
      { path: 'cutroom-perks', ...publicPage(pagesScreens.perks) },
      { path: 'terms', ...publicPage(pagesScreens.terms) },
      {
        path: 'privacy-policy',
        ...publicPage(pagesScreens.privacyPolicy),
      },
      {
        path: 'refund-policy',
        ...publicPage(pagesScreens.refundPolicy),
      },
      { path: 'faqs', ...publicPage(pagesScreens.faqs) },
      { path: 'login', ...page(authScreens.login, 'Login') },
      {
        path: 'editor-login',
        ...page(authScreens.editorLogin, 'Editor Login'),
      },
      {
        path: 'admin-login',
        ...page(authScreens.adminLogin, 'Admin Login'),
      },
      { path: 'register', ...page(authScreens.register, 'Register') },
      {
        path: 'verify-otp',
        ...page(authScreens.verifyOtp, 'Verify your e-mail'),
      },
      {
        path: 'forgot-password',
        ...page(authScreens.forgotPassword, 'Forgot password'),
      },
      {
        path: 'payment-success',
        ...page(ordersScreens.paymentSuccess, 'Payment'),
      },
      {
        path: 'unsubscribe',
        ...page(notificationsScreens.unsubscribe, 'E-mail preferences'),
      },
      {
        path: 'profile',
        ...page(profileScreens.layout),
        children: [
          { index: true, ...page(profileScreens.home, 'Profile') },
          { path: 'orders', ...page(profileScreens.orders, 'Orders') },
          {
            path: 'earnings',
            ...page(earningsScreens.earnings, 'Earnings'),
          },
          {
            path: 'notifications',
            ...page(notificationsScreens.profile, 'Notifications'),
          },
          {
            path: 'support-tickets',
            ...page(supportScreens.myTickets, 'My support tickets'),
          },
        ],
      },
      { path: 'chat', ...page(chatScreens.chat, 'Chat') },
      {
        path: 'admin/dashboard',
        ...page(adminScreens.layout),
        children: [
          {
            index: true,
            ...page(adminScreens.home, 'Admin dashboard'),
          },
          {
            path: 'register-editor',
            ...page(portfolioScreens.adminRegisterEditor, 'Register Editor'),
          },
          {
            path: 'all-editors',
            ...page(portfolioScreens.adminAllEditors, 'All Editors'),
          },
          {
            path: 'edit-editor/:editorId',
            ...page(portfolioScreens.adminEditEditor, 'Edit Portfolio'),
          },
          {
            path: 'edit-structure/:editorId',
            ...page(portfolioScreens.adminEditStructure, 'Edit Structure'),
          },
          {
            path: 'chat-rooms',
            ...page(chatScreens.adminChatRooms, 'Chat Rooms'),
          },
          {
            path: 'chat-rooms/:roomId',
            ...page(chatScreens.adminChatRoomDetail, 'Chat Room'),
          },
          {
            path: 'all-orders',
            ...page(ordersScreens.adminAllOrders, 'All Orders'),
          },
          {
            path: 'orders/:orderId',
            ...page(ordersScreens.adminOrderDetail, 'Order'),
          },
          {
            path: 'all-payments',
            ...page(paymentsScreens.adminAllPayments, 'All Payments'),
          },
          { path: 'payouts', ...page(earningsScreens.adminPayouts, 'Payouts') },
          {
            path: 'moderation',
            ...page(chatScreens.adminModeration, 'Moderation'),
          },
          { path: 'reviews', ...page(reviewsScreens.adminReviews, 'Reviews') },
          {
            path: 'support-tickets',
            ...page(supportScreens.adminSupportTickets, 'Support Tickets'),
          },
          {
            path: 'notifications',
            ...page(notificationsScreens.adminNotifications, 'Notifications'),
          },
          {
            path: 'update-password',
            ...page(authScreens.adminUpdatePassword, 'Update Password'),
          },
        ],
      },
      {
        // The admins' disputes, in the dashboard's shell (the server's notices link to /admin/disputes/{id}).
        path: 'admin/disputes',
        ...page(adminScreens.layout),
        children: [
          { index: true, ...page(disputesScreens.adminDisputes, 'Disputes') },
          { path: ':disputeId', ...page(disputesScreens.adminDispute, 'Dispute') },
        ],
      },
      {
        // The admins' tax page (issue 27), in the dashboard's shell like the disputes.
        path: 'admin/tax',
        ...page(adminScreens.layout),
        children: [{ index: true, ...page(taxScreens.adminTax, 'Tax') }],
      },
      {
        // The admins' reconciliation with the gateway (issue 24), in the dashboard's shell like the tax page.
        path: 'admin/reconciliation',
        ...page(adminScreens.layout),
        children: [{ index: true, ...page(reconciliationScreens.adminReconciliation, 'Reconciliation') }],
      },
      { path: '*', ...publicPage(pagesScreens.notFound) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

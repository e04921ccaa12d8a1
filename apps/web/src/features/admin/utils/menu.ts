import {
  ArrowLeftRight,
  Bell,
  ClipboardList,
  CreditCard,
  KeyRound,
  Landmark,
  LayoutDashboard,
  LifeBuoy,
  MessagesSquare,
  Scale,
  ShieldAlert,
  Star,
  UserPlus,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export interface AdminMenuItem {
  /** Relative to /admin/dashboard ('' is the dashboard's own page), or a path of its own from '/'. */
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
  /** Pages reached from this item that live outside its path, so the menu still shows where one is. */
  also?: string[];
}

/** Every child of /admin/dashboard in SPEC.md §2 (editing pages are reached from All Editors). */
export const ADMIN_MENU: AdminMenuItem[] = [
  {
    to: '',
    label: 'Overview',
    description: 'Figures: orders, money per day, what waits for an admin.',
    icon: LayoutDashboard,
  },
  {
    to: 'register-editor',
    label: 'Register Editor',
    description: 'Create an editor account with a username and password.',
    icon: UserPlus,
  },
  {
    to: 'all-editors',
    label: 'All Editors',
    description: 'Search, rename and delete editors; edit tiers and portfolios.',
    icon: Users,
    also: ['edit-editor', 'edit-structure'],
  },
  {
    to: 'chat-rooms',
    label: 'Chat Rooms',
    description: 'Read conversations; freeze, end or reopen rooms.',
    icon: MessagesSquare,
  },
  {
    to: 'moderation',
    label: 'Moderation',
    description: 'Messages and offers that may carry contact details: dismiss, remove or freeze.',
    icon: ShieldAlert,
  },
  {
    to: 'reviews',
    label: 'Reviews',
    description: 'What creators wrote about their orders: hide a review or show it again, with a reason.',
    icon: Star,
  },
  {
    to: 'all-orders',
    label: 'All Orders',
    description: 'Every order: status, due dates, late work; cancel with a refund.',
    icon: ClipboardList,
    also: ['orders'],
  },
  {
    to: '/admin/disputes',
    label: 'Disputes',
    description: 'Disputes between the two sides of an order: read the case file and decide.',
    icon: Scale,
  },
  {
    to: 'all-payments',
    label: 'All Payments',
    description: 'Every payment, newest first, with refunds.',
    icon: CreditCard,
  },
  {
    to: 'payouts',
    label: 'Payouts',
    description: "Editors' balances, settlements, failures and the CSV export.",
    icon: Wallet,
  },
  {
    to: '/admin/reconciliation',
    label: 'Reconciliation',
    description: 'Payments, refunds and payouts checked against the gateway: what was found and done.',
    icon: ArrowLeftRight,
  },
  {
    to: '/admin/tax',
    label: 'Tax',
    description: "GST, TCS and TDS per month, the returns' CSV exports and the rates in force.",
    icon: Landmark,
  },
  {
    to: 'support-tickets',
    label: 'Support Tickets',
    description: 'Messages from the contact page and connect-form leads.',
    icon: LifeBuoy,
  },
  {
    to: 'notifications',
    label: 'Notifications',
    description: 'Choose which e-mails you get: support tickets, flagged messages.',
    icon: Bell,
  },
  {
    to: 'update-password',
    label: 'Update Password',
    description: 'Change your own admin password.',
    icon: KeyRound,
  },
];

/** Where the item's link goes. */
export const adminMenuPath = (item: Pick<AdminMenuItem, 'to'>) =>
  item.to.startsWith('/') ? item.to : item.to ? `/admin/dashboard/${item.to}` : '/admin/dashboard';

/** Whether `pathname` is the item's page or one reached from it. */
export function isAdminMenuItemActive(item: AdminMenuItem, pathname: string): boolean {
  const path = pathname.replace(/\/$/, '');
  if (!item.to) return path === '/admin/dashboard';
  return [item.to, ...(item.also ?? [])].some((p) => {
    const base = adminMenuPath({ to: p });
    return path === base || path.startsWith(`${base}/`);
  });
}

import { adminOnly, everyone, type AuthzRowsFactory } from '../types';

export const platformRows: AuthzRowsFactory = async () => [
  { method: 'GET', route: '/api/health', path: '/api/health', expect: everyone(200) },
  { method: 'GET', route: '/api/ready', path: '/api/ready', expect: everyone(200) },
  {
    method: 'POST',
    route: '/api/public/support',
    path: '/api/public/support',
    body: { name: 'Matrix', email: 'matrix@example.com', message: 'hello' },
    expect: everyone(201),
  },
  {
    method: 'POST',
    route: '/api/public/connect',
    path: '/api/public/connect',
    body: { name: 'Matrix', email: 'matrix@example.com', phone: '9876543210', role: 'Editor' },
    expect: everyone(201),
  },
  {
    method: 'GET',
    route: '/api/admin/support-tickets',
    path: '/api/admin/support-tickets',
    expect: adminOnly,
  },
];

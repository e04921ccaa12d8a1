import { everyone, type AuthzRowsFactory } from '../types';

export const siteRows: AuthzRowsFactory = async () => [
  {
    method: 'GET',
    route: '/api/public/site-config',
    path: '/api/public/site-config',
    expect: everyone(200),
  },
];

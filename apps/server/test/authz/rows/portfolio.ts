import { createTestUser } from '../../helpers/users';
import { adminOnly, everyone, type AuthzRowsFactory, type Who } from '../types';

const STRUCTURE = {
  whatsIncluded: ['Revisions'],
  tiers: [
    {
      title: 'basic',
      description: '',
      features: [],
      pricing: [{ reelCount: 1, priceMin: 500 }],
      deliveryDays: 3,
      revisions: 1,
    },
  ],
};

export const portfolioRows: AuthzRowsFactory = async ({ server }) => {
  const shown = await createTestUser(server.db, 'editor', { username: `matrix-editor-${Date.now()}` });
  // Rows that change or remove an editor get a fresh one per role, so one role's success does not
  // turn into another role's 404.
  const freshEditor = async (who: Who) =>
    (
      await createTestUser(server.db, 'editor', {
        username: `m-${who}-${Math.random().toString(36).slice(2, 10)}`,
      })
    ).id;
  let names = 0;
  return [
    { method: 'GET', route: '/api/users/editors', path: '/api/users/editors', expect: everyone(200) },
    {
      method: 'GET',
      route: '/api/users/editors/search',
      path: '/api/users/editors/search?query=matrix',
      expect: everyone(200),
    },
    {
      method: 'GET',
      route: '/api/users/editors/:id',
      path: `/api/users/editors/${shown.id}`,
      expect: everyone(200),
    },
    { method: 'GET', route: '/api/admin/editors', path: '/api/admin/editors', expect: adminOnly },
    {
      method: 'GET',
      route: '/api/admin/editors/:id',
      path: `/api/admin/editors/${shown.id}`,
      expect: adminOnly,
    },
    {
      method: 'DELETE',
      route: '/api/admin/editors/delete/:id',
      path: async (who) => `/api/admin/editors/delete/${await freshEditor(who)}`,
      expect: adminOnly,
    },
    {
      method: 'POST',
      route: '/api/admin/editors/:id/updateName',
      path: async (who) => `/api/admin/editors/${await freshEditor(who)}/updateName`,
      body: { username: `matrix-renamed-${Date.now()}-${names++}` },
      expect: adminOnly,
    },
    {
      method: 'PATCH',
      route: '/api/admin/editors/:id/portfolio/structure',
      path: async (who) => `/api/admin/editors/${await freshEditor(who)}/portfolio/structure`,
      body: STRUCTURE,
      expect: adminOnly,
    },
    {
      // A JSON body is not an upload: the admin gets a 400 once authorised, everyone else 401/403 first.
      method: 'PATCH',
      route: '/api/admin/editors/:id/portfolio/samples',
      path: `/api/admin/editors/${shown.id}/portfolio/samples`,
      body: { nothing: true },
      expect: adminOnly,
    },
    {
      method: 'DELETE',
      route: '/api/admin/editors/:id/portfolio/:sampleId',
      path: `/api/admin/editors/${shown.id}/portfolio/00000000-0000-4000-8000-000000000000`,
      body: { sampleUrl: '/media/none.jpg' },
      expect: adminOnly,
    },
  ];
};

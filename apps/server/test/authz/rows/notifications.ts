import { notifications } from '../../../src/db/schema';
import { everyone, signedIn, type AuthzRowsFactory, type Who } from '../types';

/**
 * The bell and e-mail preferences are everyone's own (any signed-in role, never anonymous); a line of
 * someone else is not found. Unsubscribe needs no login: its signed token is the authority.
 */
export const notificationRows: AuthzRowsFactory = async (ctx) => {
  const { db } = ctx.server;
  const lineOf = async (userId: string) => {
    const [row] = await db
      .insert(notifications)
      .values({
        userId,
        kind: 'offer_received',
        title: 'Matrix line',
        body: 'Matrix',
        link: '/chat',
        dedupeKey: `matrix:${crypto.randomUUID()}`,
      })
      .returning();
    return row!.id;
  };
  const ownLine = async (who: Who) =>
    `/api/notifications/${await lineOf(who === 'anonymous' ? ctx.users.creator.id : ctx.users[who].id)}/read`;
  const creatorsLine = async () => `/api/notifications/${await lineOf(ctx.users.creator.id)}/read`;
  return [
    { method: 'GET', route: '/api/notifications', path: '/api/notifications', expect: signedIn },
    {
      method: 'GET',
      route: '/api/notifications/summary',
      path: '/api/notifications/summary',
      expect: signedIn,
    },
    {
      method: 'POST',
      route: '/api/notifications/read-all',
      path: '/api/notifications/read-all',
      expect: signedIn,
    },
    {
      method: 'POST',
      route: '/api/notifications/:id/read',
      path: ownLine,
      expect: { anonymous: 401, creator: 200, editor: 200, admin: 200 },
    },
    {
      method: 'POST',
      route: '/api/notifications/:id/read',
      path: creatorsLine,
      expect: { anonymous: 401, creator: 200, editor: 404, admin: 404 },
    },
    {
      method: 'GET',
      route: '/api/notifications/preferences',
      path: '/api/notifications/preferences',
      expect: signedIn,
    },
    {
      method: 'PUT',
      route: '/api/notifications/preferences',
      path: '/api/notifications/preferences',
      body: { email: {} },
      expect: signedIn,
    },
    {
      method: 'POST',
      route: '/api/notifications/unsubscribe',
      path: '/api/notifications/unsubscribe',
      body: { token: 'not-a-valid-token' },
      expect: everyone(400),
    },
  ];
};

import { randomUUID } from 'node:crypto';
import { supportTickets } from '../../../src/db/schema';
import { adminOnly, type AuthzRowsFactory, type Who } from '../types';

/**
 * The support desk (issue 17): reading a ticket, replying to it, closing and reopening it are the
 * admins' alone (the list itself is a row of platform.ts). Each role gets a ticket of its own, so one
 * role's close does not turn another's into a 409.
 */
export const supportDeskRows: AuthzRowsFactory = async ({ server }) => {
  const tickets = new Map<Who, string>();
  const ticketOf = async (who: Who) => {
    let id = tickets.get(who);
    if (!id) {
      const [row] = await server.db
        .insert(supportTickets)
        .values({ name: 'Matrix', email: `matrix-${who}@example.com`, message: 'hello' })
        .returning({ id: supportTickets.id });
      id = row!.id;
      tickets.set(who, id);
    }
    return `/api/admin/support-tickets/${id}`;
  };
  return [
    {
      method: 'GET',
      route: '/api/admin/support-tickets/:ticketId',
      path: ticketOf,
      expect: adminOnly,
    },
    {
      method: 'PATCH',
      route: '/api/admin/support-tickets/:ticketId',
      path: ticketOf,
      body: { status: 'closed' },
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 200 },
    },
    {
      method: 'POST',
      route: '/api/admin/support-tickets/:ticketId/replies',
      path: async (who) => `${await ticketOf(who)}/replies`,
      body: { message: 'Matrix reply' },
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 201 },
    },
    {
      method: 'PATCH',
      route: '/api/admin/support-tickets/:ticketId',
      path: `/api/admin/support-tickets/${randomUUID()}`,
      body: { status: 'closed' },
      // Nobody's ticket: an admin is told so (404); everyone else never gets that far.
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 404 },
    },
  ];
};

import type { TestServer } from '../helpers/server';
import type { TestUser } from '../helpers/users';

export type Who = 'anonymous' | 'creator' | 'editor' | 'admin';
/** An exact status, or 'pass': authorization let the request through (not 401/403, not 5xx). */
export type Expectation = number | 'pass';

export interface AuthzRow {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route pattern as Fastify registered it, e.g. /api/chat/:roomId/messages. */
  route: string;
  /** The concrete path requested. A function gets a fresh path per role (for rows that consume state). */
  path: string | ((who: Who) => string | Promise<string>);
  body?: unknown;
  expect: Record<Who, Expectation>;
}

export interface AuthzContext {
  server: TestServer;
  /** One signed-in user of each role; the creator and editor share nothing with other fixtures. */
  users: Record<Exclude<Who, 'anonymous'>, TestUser>;
}

/** Each module lists its routes' rows; it may create its own fixtures with ctx.server.db. */
export type AuthzRowsFactory = (ctx: AuthzContext) => Promise<AuthzRow[]>;

export const everyone = (e: Expectation): Record<Who, Expectation> => ({
  anonymous: e,
  creator: e,
  editor: e,
  admin: e,
});
export const adminOnly: Record<Who, Expectation> = {
  anonymous: 401,
  creator: 403,
  editor: 403,
  admin: 'pass',
};
export const signedIn: Record<Who, Expectation> = {
  anonymous: 401,
  creator: 'pass',
  editor: 'pass',
  admin: 'pass',
};

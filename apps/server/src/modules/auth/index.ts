/**
 * Accounts and sessions: sign-up, login, passwords, sessions. Sits lowest among the modules; the
 * composition root plugs its session lookup into the current-user and realtime plugins.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { createEditorAccount, removeEditorAccount, renameEditorAccount } from './editor-accounts';
export { hashPassword } from './password';
export { disconnectRevokedSockets } from './revoked-sockets';
export { authModule } from './plugin';
export { SESSION_COOKIE, findSessionUser, isSessionLive, revokeUserSessions } from './session-service';
export type { SessionUser } from './session-service';
export {
  FINAL_LINK_TTL_MS,
  previewTicketExpiry,
  ticketSigner,
  verifyTicket,
  type TicketPurpose,
  type TicketUser,
} from './media-tickets';

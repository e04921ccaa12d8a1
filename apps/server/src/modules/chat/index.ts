/**
 * Chat rooms and messages between one creator and one editor: REST, sockets, unread digests.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { roomChannel } from './broadcast';
export { removeMessage } from './removal';
export { initiateRoom, roomForUser } from './rooms';
export type { RoomAccess } from './rooms';
export { chatModule } from './plugin';
export { toChatMessage } from './serialize';
export { chatService } from './service';
export type { ChatService } from './service';

// The chat feature: the rooms, their messages and live updates, with the room's order and delivery
// panels; the admin's room views and moderation queue (screens in routes.ts).
export { getMyRoomsQueryKey, getMyRoomsQueryOptions } from './api/get-my-rooms';
export { initiateChat } from './api/initiate-chat';
export { chatRoomPath } from './utils/chat-path';

/** Chat texts from SPEC.md §2, §4, §5 and §8, used by the pages and the server alike. */
export const CHAT_MESSAGES = {
  yourChats: 'Your Chats',
  noMessagesYet: 'No messages yet',
  emptyForCreator: 'No chats yet. Go to Portfolio and message an editor.',
  emptyForEditor: 'No creators have contacted you yet. Please wait.',
  disabledPlaceholder: 'Chat is disabled',
  frozenBanner: 'Chat frozen by admin.',
  endedBanner: 'Chat ended by admin.',
  sendFailed: 'Failed to send message.',
  startFailed: 'Failed to start chat. Please Try Again after Some Time',
  creatorsOnly: 'Only creators can start chat. Redirecting to login...',
  emptyMessage: 'Message cannot be empty',
  notMember: 'You are not a member of this chat',
  roomNotFound: 'Chat room not found',
  editorNotFound: 'Editor not found or deleted',
  onlyCreatorsInitiate: 'Only creators can start chat',
  adminsObserveOnly: 'Admins can only observe chats',
  counterpartGone: 'This editor is no longer available',
} as const;

/** The longest message a person may send, in characters. */
export const MESSAGE_MAX_LENGTH = 2000;
/** How much of the last message a room list shows (stored denormalised on the room). */
export const LAST_MESSAGE_PREVIEW_LENGTH = 200;

import type { Action } from '../action';
import { chatRoomDisplayInfo } from './chat-room-display-info';
import { handleOutOfOfficeAutoreply } from './handle-out-of-office-autoreply';
import { inboxConversationClose } from './inbox-conversation-close';
import { inboxConversationRead } from './inbox-conversation-read';
import { inboxConversationUnread } from './inbox-conversation-unread';
import { inboxConversations } from './inbox-conversations';
import { joinChatRoom } from './join-chat-room';
import { markChatRoomRead } from './mark-chat-room-read';
import { sendUserEmailNotification } from './send-user-email-notification';
import { templatedMessage } from './templated-message';

/** The messaging domain's named calls (docs/contract/api.md#journeys-and-messaging), one file each. */
export const MESSAGING_ACTIONS: Action[] = [
  templatedMessage,
  joinChatRoom,
  markChatRoomRead,
  chatRoomDisplayInfo,
  sendUserEmailNotification,
  handleOutOfOfficeAutoreply,
  inboxConversations,
  inboxConversationRead,
  inboxConversationUnread,
  inboxConversationClose,
];

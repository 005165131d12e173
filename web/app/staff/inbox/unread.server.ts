import { callApi } from '../../api.server';

/** The notification type of "a patient wrote" (api/src/actions/messaging/conversations.ts). */
export const ENDUSER_MESSAGE_NOTIFICATION = 'newEnduserMessage';

/**
 * How many unread "a patient wrote" notifications the staff member has: the inbox link's count in the
 * console's navigation. Reading a conversation reads its notifications (POST /v1/inbox-conversation-read).
 */
export const inboxUnreadCount = async (authToken: string, user: { id: string }) => {
  const filter = JSON.stringify({ userId: user.id, type: ENDUSER_MESSAGE_NOTIFICATION, read: false });
  const { count } = await callApi<{ count: number }>('/v1/user-notifications', { authToken, query: { filter, returnCount: 'true' } });
  return count;
};

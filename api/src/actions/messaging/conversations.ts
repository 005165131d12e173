import { createHash } from 'node:crypto';
import { badRequest } from '../../errors';

/**
 * What "a conversation" is in the staff inbox, per channel (docs/decisions.md, "The staff inbox"):
 * a chat room with a patient; a patient's texts (one SMS thread per patient, or per phone number for
 * texts that matched no patient); an email thread (threadId, else the email's own Message-ID, else
 * its id). The key names one conversation in the inbox's address and in notifications.
 */
export type ConversationKey =
  | { channel: 'Chat'; roomId: string }
  | { channel: 'SMS'; enduserId: string }
  | { channel: 'SMS'; phoneNumber: string }
  | { channel: 'Email'; thread: string };

const ID = /^[0-9a-f]{24}$/i;

export const INVALID_CONVERSATION = 'Invalid conversation';

export const keyText = (key: ConversationKey) => {
  if (key.channel === 'Chat') return `chat:${key.roomId}`;
  if (key.channel === 'Email') return `email:${key.thread}`;
  return 'enduserId' in key ? `sms:${key.enduserId}` : `sms:${key.phoneNumber}`;
};

export const parseKey = (text: string): ConversationKey => {
  const [prefix, ...rest] = text.split(':');
  const value = rest.join(':');
  if (prefix === 'chat' && ID.test(value)) return { channel: 'Chat', roomId: value };
  if (prefix === 'sms' && ID.test(value)) return { channel: 'SMS', enduserId: value };
  if (prefix === 'sms' && /^\+\d{6,15}$/.test(value)) return { channel: 'SMS', phoneNumber: value };
  if (prefix === 'email' && value.length > 0 && value.length <= 1000) return { channel: 'Email', thread: value };
  throw badRequest(INVALID_CONVERSATION);
};

/** An email's thread: the thread it was filed in, else its own Message-ID (what replies name), else its id. */
export const emailThread = (email: Record<string, unknown>) => String(email.threadId || email.messageId || email.id || email._id);

/** An SMS's thread: its patient, else the number an unmatched text came from. */
export const smsKey = (sms: Record<string, unknown>): ConversationKey =>
  sms.enduserId ? { channel: 'SMS', enduserId: String(sms.enduserId) } : { channel: 'SMS', phoneNumber: String(sms.phoneNumber ?? '') };

/**
 * How a notification names its conversation (relatedRecords entries hold at most 100 characters):
 * the key itself, or for a long email thread a digest of it.
 */
export const NOTIFICATION_RECORD_TYPE = 'conversation';
export const notificationRef = (key: ConversationKey) => {
  const text = keyText(key);
  return text.length <= 100 ? text : `email#${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
};

/** The notification type of "a patient wrote"; users' notificationPreferences are keyed by it. */
export const ENDUSER_MESSAGE_NOTIFICATION = 'newEnduserMessage';

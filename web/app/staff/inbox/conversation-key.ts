import type { Channel } from './types';

/** The inbox's conversation keys (the api's, api/src/actions/messaging/conversations.ts): chat:<room>, sms:<patient or number>, email:<thread>. */
export type Key = { channel: 'Chat'; roomId: string } | { channel: 'SMS'; enduserId?: string; phoneNumber?: string } | { channel: 'Email'; thread: string };

const ID = /^[0-9a-f]{24}$/i;

export const parseConversation = (text: string | null): Key | undefined => {
  if (!text) return undefined;
  const [prefix, ...rest] = text.split(':');
  const value = rest.join(':');
  if (prefix === 'chat' && ID.test(value)) return { channel: 'Chat', roomId: value };
  if (prefix === 'sms' && ID.test(value)) return { channel: 'SMS', enduserId: value };
  if (prefix === 'sms' && /^\+\d{6,15}$/.test(value)) return { channel: 'SMS', phoneNumber: value };
  if (prefix === 'email' && value) return { channel: 'Email', thread: value };
  return undefined;
};

export const channelOf = (key: Key): Channel => key.channel;

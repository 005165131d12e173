import type { InboxChannel, InboxConversation } from '@carelane/automation';
/** The inbox's views (Chatwoot's basic filter): who a conversation is for, or whether it is closed. */
export const INBOX_VIEWS = ['Mine', 'Unassigned', 'All', 'Closed'] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

export type Channel = InboxChannel;

/** One card, as GET /v1/inbox-conversations answers it. */
export type ConversationCard = InboxConversation;

/** One message of the open conversation's history, whatever its channel. */
export interface HistoryItem {
  id: string;
  channel: Channel;
  fromPatient: boolean;
  author: string;
  text: string;
  subject?: string;
  at: number;
  when: string;
  attachments: { name: string; secureName: string }[];
}

export const CHANNEL_LABEL: Record<Channel, string> = { Chat: 'Chat', SMS: 'Text', Email: 'Email' };

export const viewOf = (value: string | null): InboxView => (INBOX_VIEWS as readonly string[]).includes(value ?? '') ? (value as InboxView) : 'All';

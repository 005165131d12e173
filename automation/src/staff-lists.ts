/**
 * Shapes the api's staff list calls answer and the staff app reads, kept here (pure, imported by
 * both) so the two sides cannot drift apart.
 */

/** One line of the task queue (GET /v1/task-queue): a ticket or a staff task, with the fields the queue shows. */
export interface QueueItem {
  kind: 'ticket' | 'task';
  id: string;
  title: string;
  dueAt: number | null;
  priority: number | null;
  enduserId?: string;
  assignee?: string;
  journeyId?: string;
  automationStepId?: string;
  /** The reasons a ticket offers for closing it (set by the journey step that made it). */
  closeReasons?: string[];
}

export type InboxChannel = 'Chat' | 'SMS' | 'Email';

/** One card of the inbox (GET /v1/inbox-conversations; Chatwoot's ConversationCard: who, last message, unread count, assignee, time). */
export interface InboxConversation {
  key: string;
  channel: InboxChannel;
  enduserId?: string;
  /** The patient by name; an unmatched text's number otherwise. */
  patientName: string;
  /** An email thread's subject. */
  subject?: string;
  lastMessage: string;
  lastMessageAt: number;
  lastFromPatient: boolean;
  assignees: { id: string; name: string }[];
  closedAt?: number;
  markedUnread: boolean;
  unreadCount: number;
}

/** One bar of a ready chart: its label (a week, a status, a channel, a state) and its count. */
export interface DashboardBucket {
  key: string;
  value: number;
}

/** The analytics dashboard's ready charts (GET /v1/analytics-dashboard). */
export interface DashboardAnswer {
  since: string;
  weeks: number;
  /** Each week's start (Monday midnight on the asked clock), oldest first: the keys of the weekly buckets. */
  weekStarts: string[];
  newPatients: DashboardBucket[];
  appointments: DashboardBucket[];
  formsCompleted: DashboardBucket[];
  messages: DashboardBucket[];
  journeyStates: { journeyId: string; title: string; states: DashboardBucket[] }[];
}

/** One recorded webhook delivery as the console reads it (GET /v1/webhook-deliveries); never its payload's signature. */
export interface WebhookDeliveryView {
  id: string;
  event: string;
  status: 'Delivered' | 'Failed';
  statusCode?: number;
  error?: string;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string;
}

/** GET /enduser-tags: the tags on the patients the caller may read, with how many carry each, most used first. */
export interface EnduserTagsAnswer {
  tags: { tag: string; count: number }[];
}

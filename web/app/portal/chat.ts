/**
 * Chat rules shared by the server and the browser (docs/contract/portal.md#communications, #presence, #constants): pure, so both
 * render the same and tests can check them without a page.
 */

/** docs/contract/portal.md#constants. */
export const CHAT_LIMITS = { roomTitle: 30, recentMessage: 40, senderName: 40, unreadBadgeMax: 9, groupingGapMs: 600_000 } as const;
/** docs/contract/portal.md#constants: presence thresholds. */
export const PRESENCE_ACTIVE_MS = 300_000;
export const PRESENCE_AWAY_MS = 1_500_000;

// The chat's words are in the catalogue (web/app/i18n/catalogue/*/communications.ts).

export type Presence = 'Active' | 'Away' | 'Unavailable';

const timeOf = (value: unknown) => {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : undefined;
};

/** docs/contract/portal.md#presence: 'Unavailable' after a logout later than the last activity; else by how recent the activity is. */
export const presenceOf = (person: { lastActive?: unknown; lastLogout?: unknown }, now = Date.now()): Presence => {
  const active = timeOf(person.lastActive);
  const logout = timeOf(person.lastLogout);
  if (active === undefined) return 'Unavailable';
  if (logout !== undefined && logout > active) return 'Unavailable';
  const since = now - active;
  if (since < PRESENCE_ACTIVE_MS) return 'Active';
  if (since < PRESENCE_AWAY_MS) return 'Away';
  return 'Unavailable';
};

/** docs/contract/portal.md#constants: the unread badge shows at most 9 ('9+' beyond), nothing when there is nothing unread. */
export const unreadBadge = (count: number) => (count <= 0 ? '' : count > CHAT_LIMITS.unreadBadgeMax ? `${CHAT_LIMITS.unreadBadgeMax}+` : String(count));

export interface ChatMessageView {
  id: string;
  senderId: string;
  senderName: string;
  message: string;
  createdAt: number;
  mine: boolean;
  attachments: { type: string; name: string; secureName: string }[];
}

/**
 * docs/contract/portal.md#communications: a date header starts a new group whenever more than 10 minutes separate a message from
 * the one before it (and before the first message).
 */
export const groupMessages = <T extends { createdAt: number }>(messages: T[], gapMs: number = CHAT_LIMITS.groupingGapMs) => {
  const groups: { startsAt: number; messages: T[] }[] = [];
  let previous: number | undefined;
  for (const message of messages) {
    if (previous === undefined || message.createdAt - previous > gapMs) groups.push({ startsAt: message.createdAt, messages: [] });
    groups[groups.length - 1].messages.push(message);
    previous = message.createdAt;
  }
  return groups;
};

/** Attachments are shown as images or videos by their secureName's extension (docs/contract/portal.md#communications). */
export const attachmentKind = (attachment: { type?: string; secureName: string }): 'image' | 'video' | 'file' => {
  if (attachment.type === 'image' || attachment.type === 'video') return attachment.type;
  const extension = attachment.secureName.split('.').pop()?.toLowerCase() ?? '';
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'heic'].includes(extension)) return 'image';
  if (['mp4', 'mov', 'webm', 'm4v', 'ogg'].includes(extension)) return 'video';
  return 'file';
};

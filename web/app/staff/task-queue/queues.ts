/** The queue's three views of open work; `list` names the table (what a screen reader announces). */
export const QUEUES = [
  { key: 'mine', label: 'Mine', list: 'My tasks' },
  { key: 'unassigned', label: 'Unassigned', list: 'Unassigned tasks' },
  { key: 'all', label: 'All', list: 'All open tasks' },
] as const;
export type QueueKey = (typeof QUEUES)[number]['key'];

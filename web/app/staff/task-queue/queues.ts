/** The queue's three views of open work. */
export const QUEUES = [
  { key: 'mine', label: 'Mine' },
  { key: 'unassigned', label: 'Unassigned' },
  { key: 'all', label: 'All' },
] as const;
export type QueueKey = (typeof QUEUES)[number]['key'];

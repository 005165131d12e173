import { IsIn, IsMongoId, IsOptional, IsString } from 'class-validator';
import { tasks, tickets } from '@carelane/db';
import type { ListOptions } from '@carelane/engine';
import type { QueueItem } from '@carelane/automation';
import { badRequest } from '../../errors';
import { defineAction } from '../action';

export const TASK_QUEUES = ['mine', 'unassigned', 'all'] as const;
export const TASK_SORTS = ['due', 'priority', 'created'] as const;

class TaskQueueInput {
  @IsOptional()
  @IsIn(TASK_QUEUES, { message: `Value must match one of ${TASK_QUEUES.join(', ')}` })
  queue?: (typeof TASK_QUEUES)[number];

  @IsOptional()
  @IsIn(TASK_SORTS, { message: `Value must match one of ${TASK_SORTS.join(', ')}` })
  sortBy?: (typeof TASK_SORTS)[number];

  @IsOptional()
  @IsIn(['newFirst', 'oldFirst'], { message: 'Value must match one of newFirst, oldFirst' })
  sort?: 'newFirst' | 'oldFirst';

  /** Where the previous page ended in each of the two lists (keyset paging over a merge). */
  @IsOptional() @IsMongoId({ message: 'Invalid id' }) lastTicketId?: string;
  @IsOptional() @IsMongoId({ message: 'Invalid id' }) lastTaskId?: string;
  @IsOptional() @IsString({ message: 'Expecting string value' }) limit?: string;
}


const dueOf = (value: unknown) => {
  if (typeof value === 'number') return value;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' && value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : ms;
};

const asItem = (kind: QueueItem['kind'], record: Record<string, unknown>): QueueItem => ({
  kind,
  id: String(record.id),
  title: String(kind === 'ticket' ? record.title : record.text),
  dueAt: dueOf(kind === 'ticket' ? record.dueDateInMS : record.dueDate),
  priority: kind === 'ticket' && typeof record.priority === 'number' ? record.priority : null,
  enduserId: (record.enduserId as string | undefined) || undefined,
  assignee: ((kind === 'ticket' ? record.owner : record.assignedTo) as string | undefined) || undefined,
  journeyId: (record.journeyId as string | undefined) || undefined,
  automationStepId: (record.automationStepId as string | undefined) || undefined,
  closeReasons: Array.isArray(record.closeReasons) ? (record.closeReasons as string[]) : undefined,
});

const ownerFilter = (field: string, queue: (typeof TASK_QUEUES)[number], me: string) =>
  queue === 'mine' ? { [field]: me } : queue === 'unassigned' ? { [field]: { _exists: false } } : {};

/**
 * GET /task-queue: open tickets and open staff tasks in one list (mine, unassigned or all), ordered by
 * due date, priority or creation, records without the value last. Each list is read through the
 * engine (its scope and policy) in the same order and merged; the page ends where each list's last
 * shown record is, so the next page continues both without skipping or repeating.
 */
export const taskQueue = defineAction({
  method: 'get',
  path: '/task-queue',
  auth: 'user',
  input: TaskQueueInput,
  handler: async ({ services, caller }, input) => {
    const limit = input.limit === undefined ? 50 : Number(input.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw badRequest('Error parsing field limit: Not a valid number');
    const queue = input.queue ?? 'all';
    const sortBy = input.sortBy ?? 'due';
    const sort = input.sort ?? (sortBy === 'created' ? 'newFirst' : 'oldFirst');
    // One more than a page from each list tells whether another page follows.
    const page = (field: string | undefined, lastId: string | undefined): ListOptions => ({ sort, sortBy: field, lastId, limit: limit + 1, nullsLast: true });
    const [ticketRows, taskRows] = await Promise.all([
      services.engine.getSome(tickets, caller, {
        filter: { closedAt: { _exists: false }, ...ownerFilter('owner', queue, caller.id) },
        ...page(sortBy === 'due' ? 'dueDateInMS' : sortBy === 'priority' ? 'priority' : undefined, input.lastTicketId),
      }),
      // Staff tasks carry no priority: by priority they are all without one, so in id order after the tickets that have one.
      services.engine.getSome(tasks, caller, {
        filter: { completed: false, ...ownerFilter('assignedTo', queue, caller.id) },
        ...page(sortBy === 'due' ? 'dueDate' : undefined, input.lastTaskId),
      }),
    ]);
    const keyOf = (item: QueueItem) => (sortBy === 'due' ? item.dueAt : sortBy === 'priority' ? item.priority : null);
    const direction = sort === 'oldFirst' ? 1 : -1;
    // The engine's order: records with the value first, then by the value, then by id, in the direction asked.
    const compare = (a: QueueItem, b: QueueItem) => {
      const [ka, kb] = [keyOf(a), keyOf(b)];
      if (sortBy !== 'created' && (ka === null) !== (kb === null)) return ka === null ? 1 : -1;
      if (ka !== null && kb !== null && ka !== kb) return (ka - kb) * direction;
      return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * direction;
    };
    const merged = [...ticketRows.map((row) => asItem('ticket', row)), ...taskRows.map((row) => asItem('task', row))].sort(compare);
    const items = merged.slice(0, limit);
    const lastOf = (kind: QueueItem['kind'], previous?: string) => [...items].reverse().find((item) => item.kind === kind)?.id ?? previous;
    const more = merged.length > limit;
    return { items, next: more ? { lastTicketId: lastOf('ticket', input.lastTicketId), lastTaskId: lastOf('task', input.lastTaskId) } : null };
  },
});

import { callApi } from '../../api.server';
import { formatIn } from '../../time/format';
import { readRecord } from '../shell/refuse.server';
import type { StaffUser } from '../session.server';
import { dueBoxes, editedTask, formText as text, refusedAnswer as refused, type TaskAnswer } from './task-fields.server';

import { deleteAndReturn, loadTaskPeople } from './task-people.server';
import type { TaskView } from './task-view';

export type { TaskAnswer } from './task-fields.server';

/** A ticket as the api answers it; only the fields the page reads are typed. */
interface Ticket {
  id: string;
  title: string;
  message?: string;
  enduserId?: string;
  owner?: string;
  priority?: number;
  dueDateInMS?: number;
  closedAt?: string;
  closedBy?: string;
  closedForReason?: string;
  closeReasons?: string[];
  journeyId?: string;
  createdAt?: string;
}

/**
 * One task (a ticket) for its page: what it is about in words, its patient and people by name, times
 * on the staff member's clock, and what their role may do with it. An unknown or hidden task answers
 * the staff app's not-found page.
 */
export const loadTask = async (authToken: string, user: StaffUser, id: string, zone: string): Promise<TaskView> => {
  const ticket = await readRecord('task', () => callApi<Ticket>(`/v1/ticket/${encodeURIComponent(id)}`, { authToken }));
  const { staff, abilities, nameOf, patient, extra: journey } = await loadTaskPeople(authToken, user, ticket.enduserId, async () =>
    ticket.journeyId ? callApi<{ title?: string }>(`/v1/journey/${encodeURIComponent(ticket.journeyId)}`, { authToken }).catch(() => undefined) : undefined,
  );
  const due = typeof ticket.dueDateInMS === 'number' ? ticket.dueDateInMS : undefined;
  const closedAt = ticket.closedAt ? Date.parse(ticket.closedAt) : undefined;
  return {
    kind: 'ticket',
    id: ticket.id,
    title: ticket.title,
    message: ticket.message ?? '',
    patient,
    owner: ticket.owner ?? '',
    ownerName: nameOf(ticket.owner),
    priority: typeof ticket.priority === 'number' ? String(ticket.priority) : '',
    due: due === undefined ? '' : formatIn(due, zone, 'dateTime'),
    overdue: due !== undefined && closedAt === undefined && due < Date.now(),
    dueBoxes: dueBoxes(due, zone),
    closed:
      closedAt === undefined
        ? undefined
        : { when: formatIn(closedAt, zone, 'dateTime'), by: nameOf(ticket.closedBy), reason: ticket.closedForReason ?? '' },
    closeReasons: ticket.closeReasons ?? [],
    origin: ticket.journeyId ? `From the journey ${journey?.title || 'you cannot see'}` : undefined,
    added: ticket.createdAt ? formatIn(ticket.createdAt, zone, 'dateTime') : '',
    staff,
    canEdit: abilities.can('tickets', 'update'),
    canDelete: abilities.can('tickets', 'delete'),
  };
};


/** Save, close, reopen and delete post here with their intent; the api decides each call. */
export const taskAction = async (authToken: string, user: StaffUser, id: string, form: FormData, zone: string): Promise<TaskAnswer | Response> => {
  const intent = text(form, 'intent');
  const path = `/v1/ticket/${encodeURIComponent(id)}`;
  try {
    if (intent === 'save') {
      const { edited, fieldErrors } = editedTask(form, zone);
      if (!edited) return { intent, fieldErrors };
      // null clears what the form left empty.
      const updates = { title: edited.title, message: edited.notes, dueDateInMS: edited.due, priority: edited.priority, owner: edited.owner };
      await callApi(path, { method: 'PATCH', authToken, body: { updates } });
      return { intent, notice: 'Task saved' };
    }
    if (intent === 'close') {
      const reason = text(form, 'reason');
      if (!reason) return { intent, fieldErrors: { reason: 'Choose or type a reason for closing it' } };
      await callApi(path, { method: 'PATCH', authToken, body: { updates: { closedAt: new Date().toISOString(), closedBy: user.id, closedForReason: reason } } });
      return { intent, notice: `Closed: ${reason}` };
    }
    if (intent === 'reopen') {
      await callApi(path, { method: 'PATCH', authToken, body: { updates: { closedAt: '', closedBy: null, closedForReason: null } } });
      return { intent, notice: 'Task reopened' };
    }
    if (intent === 'delete') {
      return await deleteAndReturn(authToken, path, (record) => String(record.title ?? ''));
    }
    return { intent, formError: 'This form is out of date: reload the page and try again.' };
  } catch (error) {
    return refused(intent, error);
  }
};

import { callApi } from '../../api.server';
import { formatIn, recentTime } from '../../time/format';
import { errorReason, errorTitle } from '../plain-language';
import type { StaffAbilities } from '../permissions.server';
import type { StaffUser } from '../session.server';
import { taskPath } from '../task-page/task-view';
import { todayOn } from './today-bounds';

type Row = Record<string, unknown> & { id: string };

/** A chat room the staff member has unread: their entry (chat_rooms.infoForUser) counts unread messages or is marked unread. */
const isUnread = (room: Row, userId: string) => {
  const own = (room.infoForUser as Record<string, { unreadCount?: unknown; markedUnread?: unknown }> | undefined)?.[userId];
  return (typeof own?.unreadCount === 'number' && own.unreadCount > 0) || own?.markedUnread === true;
};

/** One line of a Today list: what, a detail, when, and where it opens. */
export interface TodayItem {
  key: string;
  title: string;
  detail?: string;
  when?: string;
  /** 'Overdue' on a task past its due time. */
  flag?: string;
  href?: string;
}

/** A list the role may not read is left out (undefined), not shown as empty. */
export interface TodayData {
  conversations?: TodayItem[];
  tasks?: TodayItem[];
  appointments?: TodayItem[];
  responses?: TodayItem[];
  /** Voicemails and missed calls nobody has marked heard: left out when there are none (most clinics take calls elsewhere). */
  calls?: TodayItem[];
  errors?: TodayItem[];
}

const list = (authToken: string, path: string, query: Record<string, unknown> = {}) =>
  callApi<Row[]>(path, {
    authToken,
    query: Object.fromEntries(Object.entries({ limit: '200', sort: 'newFirst', ...query }).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)])),
  });

const ms = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** Patients by name for the lists' lines (a role that may not read them gets 'A patient'). */
const patientNames = async (authToken: string, ids: string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await list(authToken, '/v1/endusers', { filter: { _id: { _in: unique } }, limit: '1000' }).catch(() => [] as Row[]);
  return new Map(rows.map((row) => [row.id, [text(row.fname), text(row.lname)].filter(Boolean).join(' ') || text(row.email) || 'Unnamed patient']));
};

const entries = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);

/** An open task or to-do due before the day ends, as Today lists both. */
interface DueTask {
  kind: 'ticket' | 'todo';
  id: string;
  title: string;
  enduserId?: string;
  due: number;
}

/** Open tickets and undone to-dos in one list by due time; undefined when the role may read neither. */
const dueTasks = (tickets: Row[] | undefined, todos: Row[] | undefined): DueTask[] | undefined => {
  if (!tickets && !todos) return undefined;
  return [
    ...(tickets ?? []).filter((ticket) => !ticket.closedAt).map((ticket) => ({ kind: 'ticket' as const, id: ticket.id, title: text(ticket.title) ?? 'Task', enduserId: text(ticket.enduserId), due: ms(ticket.dueDateInMS) })),
    ...(todos ?? []).filter((todo) => todo.completed !== true).map((todo) => ({ kind: 'todo' as const, id: todo.id, title: text(todo.text) ?? 'To-do', enduserId: text(todo.enduserId), due: ms(todo.dueDate) })),
  ].sort((a, b) => a.due - b.due);
};

/**
 * How many of the to-dos and forms each appointment asks of its patient are not done yet (its
 * enduserTasks without completedAt, its enduserFormResponses without submittedAt): two reads for the day.
 */
const notDoneBeforeVisit = async (authToken: string, events: Row[]) => {
  const taskIds = events.flatMap((event) => entries(event.enduserTasks).map((task) => String(task.id)));
  const codes = events.flatMap((event) => entries(event.enduserFormResponses).map((response) => String(response.accessCode)));
  const [tasks, responses] = await Promise.all([
    taskIds.length ? list(authToken, '/v1/enduser-tasks', { filter: { _id: { _in: taskIds } }, limit: '1000' }).catch(() => [] as Row[]) : ([] as Row[]),
    codes.length ? list(authToken, '/v1/form-responses', { filter: { accessCode: { _in: codes } }, limit: '1000' }).catch(() => [] as Row[]) : ([] as Row[]),
  ]);
  const openTasks = new Set(tasks.filter((task) => !task.completedAt).map((task) => task.id));
  const openForms = new Set(responses.filter((response) => !response.submittedAt).map((response) => String(response.accessCode)));
  return new Map(
    events.map((event) => [
      event.id,
      entries(event.enduserTasks).filter((task) => openTasks.has(String(task.id))).length + entries(event.enduserFormResponses).filter((response) => openForms.has(String(response.accessCode))).length,
    ]),
  );
};

/**
 * Today for one staff member, from the api as they may read it: their unread conversations, their
 * open tasks due today or overdue, today's appointments they attend (on their clock), the forms
 * submitted since yesterday began, voicemails nobody has heard, and the organization's most recent
 * unacknowledged background errors.
 */
export const loadToday = async (authToken: string, user: StaffUser, abilities: StaffAbilities, timeZone: string, now = Date.now()): Promise<TodayData> => {
  const { start, end } = todayOn(now, timeZone);
  const sinceYesterday = todayOn(start - 1, timeZone).start;
  const [rooms, tickets, todos, events, submitted, errors, unheard] = await Promise.all([
    abilities.can('chat_rooms', 'read') ? list(authToken, '/v1/chat-rooms', { limit: '1000' }) : undefined,
    abilities.can('tickets', 'read') ? list(authToken, '/v1/tickets', { filter: { owner: user.id, dueDateInMS: { _lt: end } }, sort: 'oldFirst', limit: '1000' }) : undefined,
    abilities.can('tasks', 'read')
      ? list(authToken, '/v1/tasks', { filter: { assignedTo: user.id, completed: false, dueDate: { _lt: new Date(end).toISOString() } }, sort: 'oldFirst', limit: '1000' })
      : undefined,
    abilities.can('calendar_events', 'read')
      ? list(authToken, '/v1/calendar-events', { filter: { attendees: [{ type: 'user', id: user.id }], startTimeInMS: { _gte: start, _lt: end } }, limit: '1000' })
      : undefined,
    abilities.can('form_responses', 'read')
      ? list(authToken, '/v1/form-responses', { filter: { submittedAt: { _gte: new Date(sinceYesterday).toISOString() } }, sortBy: 'updatedAt', limit: '50' })
      : undefined,
    abilities.can('background_errors', 'read') ? list(authToken, '/v1/background-errors', { limit: '50' }) : undefined,
    abilities.can('phone_calls', 'read') ? list(authToken, '/v1/phone-calls', { filter: { unread: true }, limit: '20' }) : undefined,
  ]);
  const responses = submitted?.sort((a, b) => ms(b.submittedAt) - ms(a.submittedAt)).slice(0, 10);
  const unread = rooms?.filter((room) => !room.endedAt && isUnread(room, user.id));
  const openTasks = dueTasks(tickets, todos);
  const upcoming = events?.filter((event) => !event.cancelledAt).sort((a, b) => ms(a.startTimeInMS) - ms(b.startTimeInMS));
  const attendeesOf = (event: Row) => ((event.attendees as { type?: string; id?: string }[] | undefined) ?? []).filter((a) => a.type === 'enduser' && a.id).map((a) => a.id!);
  const names = await patientNames(authToken, [
    ...(unread ?? []).flatMap((room) => (room.enduserIds as string[] | undefined) ?? []),
    ...(openTasks ?? []).map((task) => task.enduserId ?? '').filter(Boolean),
    ...(upcoming ?? []).flatMap(attendeesOf),
    ...(responses ?? []).map((response) => String(response.enduserId ?? '')).filter(Boolean),
    ...(unheard ?? []).map((call) => String(call.enduserId ?? '')).filter(Boolean),
  ]);
  const named = (ids: string[]) => ids.map((id) => names.get(id) ?? 'A patient').join(', ');
  const waiting = await notDoneBeforeVisit(authToken, upcoming ?? []);
  return {
    conversations: unread?.map((room) => {
      const people = named((room.enduserIds as string[] | undefined) ?? []);
      const count = Number((room.infoForUser as Record<string, { unreadCount?: number }> | undefined)?.[user.id]?.unreadCount ?? 0);
      return {
        key: room.id,
        title: text(room.title) ?? (people || 'Conversation'),
        detail: text(room.recentMessage),
        when: Number.isFinite(ms(room.recentMessageSentAt)) ? recentTime(ms(room.recentMessageSentAt), timeZone) : undefined,
        flag: count > 0 ? `${count} unread` : 'Marked unread',
        // The inbox keeps the open conversation in the address (web/app/staff/inbox/conversation-key.ts).
        href: `/staff/inbox?${new URLSearchParams({ c: `chat:${room.id}` })}`,
      };
    }),
    tasks: openTasks?.map(({ kind, id, title, enduserId, due }) => ({
      key: id,
      title,
      detail: enduserId ? named([enduserId]) : undefined,
      when: `Due ${formatIn(due, timeZone, due >= start ? 'time' : 'dateTime')}`,
      flag: due < now ? 'Overdue' : undefined,
      // The task's own page (its notes, its patient, closing it or marking it done).
      href: taskPath(kind, id),
    })),
    appointments: upcoming?.map((event) => {
      const patients = attendeesOf(event);
      const minutes = Number(event.durationInMinutes ?? 0);
      return {
        key: event.id,
        title: text(event.title) ?? 'Appointment',
        detail: [patients.length ? named(patients) : undefined, minutes ? `${minutes} min` : undefined].filter(Boolean).join(' · ') || undefined,
        when: formatIn(ms(event.startTimeInMS), timeZone, 'time'),
        // What the patient was asked to do before it and has not (its page's "Before the visit").
        flag: waiting.get(event.id) ? `${waiting.get(event.id)} not done before the visit` : undefined,
        // The appointment's own page (its patient, joining a video visit, rescheduling).
        href: `/staff/calendar/${event.id}`,
      };
    }),
    responses: responses?.map((response) => ({
      key: response.id,
      title: text(response.formTitle) ?? 'Untitled form',
      detail: response.enduserId ? named([String(response.enduserId)]) : undefined,
      when: recentTime(ms(response.submittedAt), timeZone),
      // The response on its patient's record (readable there, and as a PDF).
      href: response.enduserId ? `/staff/patients/${String(response.enduserId)}/responses/${response.id}` : undefined,
    })),
    calls: unheard?.length
      ? unheard.map((call) => ({
          key: call.id,
          title: named([String(call.enduserId ?? '')]),
          detail: text(call.transcription) ?? (call.isVoicemail === true ? 'Voicemail' : 'Missed call'),
          when: recentTime(ms(call.createdAt), timeZone),
          // The patient's record, at its calls (where it is marked heard).
          href: `/staff/patients/${String(call.enduserId ?? '')}#patient-calls`,
        }))
      : undefined,
    errors: errors
      ?.filter((error) => !error.acknowledgedAt)
      .slice(0, 5)
      .map((error) => ({
        key: error.id,
        title: errorTitle(String(error.title ?? 'Background error')),
        detail: errorReason(String(error.message ?? '')),
        when: formatIn(ms(error.createdAt), timeZone),
        href: '/staff/errors',
      })),
  };
};

import type { QueueItem } from '@carelane/automation';
import { callApi, formErrorMessage } from '../../api.server';
import { formatIn } from '../../time/format';
import { describeSteps, type FlowStep } from '../flowchart';
import { stepChoices } from '../step-form.server';
import { withParams, type ListState } from '../list';
import { personName } from '../patient-list/query.server';
import type { QueueKey } from './queues';

/** One line of the queue in words: the patient, the staff member and the journey step by name. */
export interface TaskRow {
  key: string;
  kind: 'ticket' | 'task';
  id: string;
  title: string;
  due: string;
  overdue: boolean;
  priority: string;
  patient?: { id: string; name: string };
  assignee: string;
  /** 'From Onboarding: Create the task …' for a ticket a journey made. */
  origin?: string;
  closeReasons: string[];
}

const byIds = async <T extends { id: string }>(authToken: string, path: string, ids: string[]) =>
  ids.length ? callApi<T[]>(path, { authToken, query: { filter: JSON.stringify({ _id: { _in: ids } }), limit: '1000' } }).catch(() => [] as T[]) : ([] as T[]);

const unique = (values: (string | undefined)[]) => [...new Set(values.filter((value): value is string => !!value))];

/** One page of the queue (GET /v1/task-queue), each line named: patients, staff, journeys, and steps by the catalogue's sentence. */
export const loadQueue = async (authToken: string, search: URLSearchParams, queue: QueueKey, state: ListState, zone: string, staff: { id: string; label: string }[]) => {
  const query: Record<string, string> = { queue, limit: '50' };
  if (state.sort) {
    query.sortBy = state.sort.key;
    query.sort = state.sort.direction === 'ascending' ? 'oldFirst' : 'newFirst';
  }
  for (const name of ['lastTicketId', 'lastTaskId']) {
    const value = search.get(name);
    if (value && /^[0-9a-f]{24}$/.test(value)) query[name] = value;
  }
  const { items, next } = await callApi<{ items: QueueItem[]; next: { lastTicketId?: string; lastTaskId?: string } | null }>('/v1/task-queue', { authToken, query });
  const stepIds = unique(items.map((item) => item.automationStepId));
  const [patients, journeys, steps] = await Promise.all([
    byIds<{ id: string; fname?: string; lname?: string; email?: string }>(authToken, '/v1/endusers', unique(items.map((item) => item.enduserId))),
    byIds<{ id: string; title?: string }>(authToken, '/v1/journeys', unique(items.map((item) => item.journeyId))),
    byIds<FlowStep & { journeyId?: string }>(authToken, '/v1/automation-steps', stepIds),
  ]);
  const choices = steps.length ? await stepChoices(authToken) : undefined;
  const sentences = choices ? describeSteps(steps, { template: choices.templates, form: choices.forms, staff: choices.users, journey: choices.journeys, trigger: choices.triggers }) : new Map();
  const patientName = new Map(patients.map((patient) => [patient.id, personName(patient, 'No name given')]));
  const journeyTitle = new Map(journeys.map((journey) => [journey.id, journey.title || 'Untitled journey']));
  const staffName = new Map(staff.map((user) => [user.id, user.label]));
  const now = Date.now();
  const rows: TaskRow[] = items.map((item) => {
    const step = item.automationStepId ? sentences.get(item.automationStepId)?.summary : undefined;
    const journey = item.journeyId ? journeyTitle.get(item.journeyId) : undefined;
    return {
      key: `${item.kind}-${item.id}`,
      kind: item.kind,
      id: item.id,
      title: item.title,
      due: item.dueAt === null ? '' : formatIn(item.dueAt, zone, 'dateTime'),
      overdue: item.dueAt !== null && item.dueAt < now,
      priority: item.priority === null ? '' : String(item.priority),
      patient: item.enduserId ? { id: item.enduserId, name: patientName.get(item.enduserId) ?? 'A patient you cannot see' } : undefined,
      assignee: item.assignee ? (staffName.get(item.assignee) ?? 'A former staff member') : '',
      origin: journey ? `From ${journey}${step ? `: ${step}` : ''}` : undefined,
      closeReasons: item.closeReasons ?? [],
    };
  });
  const nextParams = new URLSearchParams(search);
  if (next?.lastTicketId) nextParams.set('lastTicketId', next.lastTicketId);
  if (next?.lastTaskId) nextParams.set('lastTaskId', next.lastTaskId);
  return { rows, nextPage: next ? `?${nextParams.toString()}` : undefined, firstPage: query.lastTicketId || query.lastTaskId ? withParams(search, {}) : undefined };
};

/**
 * Closes a ticket with the reason chosen (closedAt, closedBy, closedForReason: the journey that made
 * it goes on) or completes a staff task; reassigns either. Answers a notice or the api's message.
 */
export const runTaskAction = async (authToken: string, userId: string, form: FormData, staff: Map<string, string>) => {
  const kind = form.get('kind') === 'task' ? 'task' : 'ticket';
  const id = String(form.get('id') ?? '');
  const title = String(form.get('title') ?? '');
  if (!/^[0-9a-f]{24}$/.test(id)) return { taskError: 'That task could not be found.' };
  const path = `/v1/${kind}/${id}`;
  try {
    if (form.get('intent') === 'close') {
      const reason = String(form.get('reason') ?? '').trim();
      if (kind === 'ticket' && !reason) return { taskError: 'Choose or type a reason for closing it.' };
      const updates = kind === 'ticket' ? { closedAt: new Date().toISOString(), closedBy: userId, closedForReason: reason } : { completed: true };
      await callApi(path, { method: 'PATCH', authToken, body: { updates } });
      return { notice: kind === 'ticket' ? `Closed ${title}: ${reason}.` : `Completed ${title}.` };
    }
    if (form.get('intent') === 'reassign') {
      const assignee = String(form.get('userId') ?? '');
      if (!staff.has(assignee)) return { taskError: 'Choose a staff member.' };
      await callApi(path, { method: 'PATCH', authToken, body: { updates: kind === 'ticket' ? { owner: assignee } : { assignedTo: assignee } } });
      return { notice: `Assigned ${title} to ${staff.get(assignee)}.` };
    }
    return { taskError: 'That action is not offered here.' };
  } catch (error) {
    return { taskError: formErrorMessage(error) };
  }
};

import { ApiError, callApi } from '../../api.server';
import { formatIn } from '../../time/format';

type Row = Record<string, unknown> & { id: string };

/** What the section's forms hear back (an AppointmentAnswer: appointment-actions.server.ts answers it). */
type PrepAnswer = { intent: string; notice?: string; formError?: string };

/**
 * What the patient is asked to do before the visit, as the portal shows it on the appointment's own
 * page (docs/contract/portal.md#events: its tasks and form responses): to-dos (enduser_tasks listed in
 * the event's enduserTasks) and forms (responses prepared for the patient, listed in enduserFormResponses).
 */
export interface VisitPrep {
  tasks: { id: string; title: string; description?: string; done?: string }[];
  /** `responseId` opens a submitted one; an outstanding one can be taken back by its `id`. */
  forms: { accessCode: string; id: string; title: string; submitted?: string; responseId?: string }[];
  /** Forms that can be asked for: not archived, not a staff note. */
  formChoices: { id: string; label: string }[];
}

const list = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const query = (filter: unknown, limit = '100') => ({ filter: JSON.stringify(filter), limit });

/** The patient's to-dos and forms for this appointment, and the forms staff could add, on the viewer's clock. */
export const loadVisitPrep = async (authToken: string, event: Row, patientId: string, zone: string): Promise<VisitPrep> => {
  const taskIds = list(event.enduserTasks).filter((task) => task.enduserId === patientId).map((task) => String(task.id));
  const codes = list(event.enduserFormResponses).filter((response) => response.enduserId === patientId).map((response) => String(response.accessCode));
  const [tasks, responses, forms] = await Promise.all([
    taskIds.length ? callApi<Row[]>('/v1/enduser-tasks', { authToken, query: query({ _id: { _in: taskIds } }) }).catch(() => [] as Row[]) : ([] as Row[]),
    codes.length ? callApi<Row[]>('/v1/form-responses', { authToken, query: query({ accessCode: { _in: codes } }) }).catch(() => [] as Row[]) : ([] as Row[]),
    callApi<Row[]>('/v1/forms', { authToken, query: { limit: '1000' } }).catch(() => [] as Row[]),
  ]);
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const byCode = new Map(responses.map((response) => [String(response.accessCode), response]));
  return {
    // In the order they were added; one deleted elsewhere is left out.
    tasks: taskIds.flatMap((id) => {
      const task = byId.get(id);
      if (!task) return [];
      return [{ id, title: text(task.title) ?? 'To-do', description: text(task.description), done: task.completedAt ? formatIn(String(task.completedAt), zone) : undefined }];
    }),
    forms: codes.flatMap((accessCode) => {
      const response = byCode.get(accessCode);
      if (!response) return [];
      return [{ accessCode, id: response.id, title: text(response.formTitle) ?? 'Form', submitted: response.submittedAt ? formatIn(String(response.submittedAt), zone) : undefined, responseId: response.submittedAt ? response.id : undefined }];
    }),
    formChoices: forms.filter((form) => form.disabled !== true && form.type !== 'note').map((form) => ({ id: form.id, label: text(form.title) ?? 'Untitled form' })),
  };
};

const eventPath = (id: string) => `/v1/calendar-event/${encodeURIComponent(id)}`;

/**
 * The section's forms: a to-do added (the task, then its place on the appointment), one taken back
 * (off the appointment and deleted), a form asked for (a response prepared for the patient, then
 * listed on the appointment), or one not yet filled in taken back (off the appointment, its empty
 * response deleted). Nothing is sent: the patient finds them on the appointment in their
 * portal (a form also under Documents' outstanding forms).
 */
export const visitPrepAction = async (authToken: string, eventId: string, patientId: string, intent: string, form: FormData): Promise<PrepAnswer> => {
  const field = (name: string) => String(form.get(name) ?? '').trim();
  try {
    if (intent === 'prep-task') {
      const title = field('taskTitle');
      const description = field('taskDescription');
      if (!title) return { intent, formError: 'Say what the patient should do' };
      if (title.length > 1000 || description.length > 1000) return { intent, formError: 'Keep the to-do and its details under 1,000 characters each' };
      const task = await callApi<Row>('/v1/enduser-task', { method: 'POST', authToken, body: { title, enduserId: patientId, ...(description ? { description } : {}) } });
      await callApi(eventPath(eventId), { method: 'PATCH', authToken, body: { updates: { enduserTasks: [{ id: task.id, enduserId: patientId }] } } });
      return { intent, notice: `${title} added. The patient sees it on this appointment in their portal.` };
    }
    if (intent === 'prep-task-remove') {
      const taskId = field('taskId');
      const event = await callApi<Row>(eventPath(eventId), { authToken });
      const kept = list(event.enduserTasks).filter((task) => task.id !== taskId);
      await callApi(eventPath(eventId), { method: 'PATCH', authToken, body: { updates: { enduserTasks: kept }, options: { replaceObjectFields: true } } });
      await callApi(`/v1/enduser-task/${encodeURIComponent(taskId)}`, { method: 'DELETE', authToken }).catch((error: unknown) => {
        // Already gone is what was asked for.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      });
      return { intent, notice: 'To-do taken off the appointment.' };
    }
    if (intent === 'prep-form-remove') {
      const accessCode = field('accessCode');
      const event = await callApi<Row>(eventPath(eventId), { authToken });
      const [response] = await callApi<Row[]>('/v1/form-responses', { authToken, query: query({ accessCode }, '1') });
      // A submitted form holds the patient's answers: it stays, on the appointment and on their record.
      if (response?.submittedAt) return { intent, formError: 'The patient has already filled this form in' };
      const kept = list(event.enduserFormResponses).filter((entry) => entry.accessCode !== accessCode);
      await callApi(eventPath(eventId), { method: 'PATCH', authToken, body: { updates: { enduserFormResponses: kept }, options: { replaceObjectFields: true } } });
      if (response) await callApi(`/v1/form-response/${encodeURIComponent(response.id)}`, { method: 'DELETE', authToken });
      return { intent, notice: 'Form taken off the appointment.' };
    }
    if (intent === 'prep-form') {
      const formId = field('formId');
      if (!formId) return { intent, formError: 'Choose a form' };
      const { accessCode, response } = await callApi<{ accessCode: string; response: { formTitle?: string } }>('/v1/prepare-form-response', {
        method: 'POST',
        authToken,
        body: { formId, enduserId: patientId },
      });
      await callApi(eventPath(eventId), { method: 'PATCH', authToken, body: { updates: { enduserFormResponses: [{ enduserId: patientId, formId, accessCode }] } } });
      return { intent, notice: `${response.formTitle || 'The form'} asked for. The patient fills it in from this appointment in their portal.` };
    }
    return { intent, formError: 'This form is not one the appointment page knows' };
  } catch (error) {
    if (error instanceof ApiError && error.status > 0 && error.status < 500) return { intent, formError: error.message };
    throw error;
  }
};

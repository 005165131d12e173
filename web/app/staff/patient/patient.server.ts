import { isTimeZone } from '@carelane/automation';
import { callApi } from '../../api.server';
import { staffTimeZone } from '../../time/viewer-zone.server';
import { describeSteps, type FlowStep } from '../flowchart';
import { abilityFlags, staffAbilities } from '../permissions.server';
import { readRecord } from '../shell/refuse.server';
import type { StaffUser } from '../session.server';
import { bulkRead, distinctLoads, type ListLoad } from '../bulk-read.server';
import { STEP_CHOICE_LOADS, stepChoicesFrom } from '../step-form.server';
import { enduserTimeline, timelineLoads, type Row, type StepWords } from '../timeline.server';
import { loadDecisions } from './decision-entries.server';
import { formatIn, staffAndPatientTime } from '../../time/format';
import { patientName } from './patient-name';
import { loadOutbox } from './outbox.server';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
import { recordEntries, type PatientEntry } from './record-timeline.server';
import { offerable } from '../choices';
import { purchaseView } from './purchases';
import { vitalEntries, vitalsView } from './vitals.server';
import { callEntries, callsView } from './calls.server';
import { billingChoices, superbillsView, visitDay } from './superbills.server';
import { taskPath } from '../task-page/task-view';

export interface Enduser {
  id: string;
  fname?: string;
  lname?: string;
  displayName?: string;
  email?: string;
  phone?: string;
  dateOfBirth?: string;
  gender?: string;
  preference?: string;
  timezone?: string;
  tags?: string[];
  assignedTo?: string[];
  journeys?: Record<string, string>;
  addressLineOne?: string;
  addressLineTwo?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  /** Where the patient is placed in the organization tree (their organization is the last). */
  organizationIds?: string[];
  /** Custom fields (details.server.ts). */
  fields?: Record<string, unknown>;
}

/** What the record lets this staff member do; the api still decides every call (permissions.server.ts). */
const ABILITIES = [
  ['endusers', 'update'],
  ['notes', 'create'],
  ['notes', 'update'],
  ['files', 'create'],
  ['files', 'update'],
  ['emails', 'create'],
  ['sms_messages', 'create'],
  ['chats', 'create'],
  ['form_responses', 'create'],
  ['automated_actions', 'update'],
  ['tickets', 'create'],
  ['care_plans', 'create'],
  ['care_plans', 'update'],
  ['care_plans', 'delete'],
  ['phone_calls', 'create'],
  ['phone_calls', 'update'],
  ['enduser_observations', 'create'],
  ['enduser_observations', 'update'],
  ['superbills', 'create'],
  ['superbills', 'delete'],
] as const;

/**
 * The patient, or the staff app's not-found page for a patient ('This patient does not exist or you
 * cannot see them'): a malformed id (400), none (404) and one outside the caller's reach (403) read alike.
 */
export const loadEnduser = (authToken: string, id: string) => readRecord('patient', () => callApi<Enduser>(`/v1/enduser/${encodeURIComponent(id)}`, { authToken }));

/** The journey steps of the patient's journeys, each in the catalogue's two sentences (what starts it, what it does). */
const stepWords = (steps: Row[], named: ReturnType<typeof stepChoicesFrom>): StepWords => {
  const words = describeSteps(steps as unknown as FlowStep[], { template: named.templates, form: named.forms, staff: named.users, journey: named.journeys, trigger: named.triggers });
  return (row) => {
    const known = words.get(String(row.automationStepId ?? ''));
    if (known) return known;
    // A step since deleted: its own copy of the event and action, with what the lists still name.
    const own = { id: row.id, events: row.event ? [row.event as FlowStep['events'][number]] : [], action: (row.action ?? { type: '' }) as FlowStep['action'] };
    return describeSteps([own], { template: named.templates, form: named.forms, staff: named.users, journey: named.journeys }).get(row.id)!;
  };
};

/** The record's lists, newest first (200 each), with the names its steps and people are shown by. */
const recordLoads = (enduserId: string) => {
  const mine = (model: string) => ({ model, options: { filter: { enduserId }, limit: 200 } });
  return distinctLoads(timelineLoads(enduserId), STEP_CHOICE_LOADS, {
    notes: mine('notes'),
    files: mine('files'),
    tickets: mine('tickets'),
    todos: mine('tasks'),
    carePlans: mine('care_plans'),
    purchases: mine('purchases'),
    observations: mine('enduser_observations'),
    calls: mine('phone_calls'),
    superbills: mine('superbills'),
    billingProfiles: { model: 'superbill_providers', options: { limit: 100 } },
    rooms: { model: 'chat_rooms', options: { filter: { enduserIds: [enduserId] }, limit: 200 } },
  });
};

/**
 * Everything the patient record shows, in two rounds of requests: the patient, every list (one bulk
 * read), why automations fired and the outbox at once; then the steps of the patient's journeys and
 * the messages of their chat rooms, which depend on the first.
 */
export const loadPatient = async (request: Request, authToken: string, user: StaffUser, id: string) => {
  const zone = staffTimeZone(request, user);
  const enduserRead = loadEnduser(authToken, id);
  const rest = Promise.all([bulkRead(authToken, recordLoads(id)), staffAbilities(authToken, user), loadDecisions(authToken, { enduserId: id }), loadOutbox(authToken, id, zone)]);
  // A patient this staff member may not see is the not-found page, whatever the other reads answered.
  rest.catch(() => undefined);
  const enduser = await enduserRead;
  const [lists, abilities, decisions, outbox] = await rest;
  const journeyIds = Object.keys(enduser.journeys ?? {});
  const roomIds = lists.rooms.map((room) => room.id);
  const { steps, chats } = await bulkRead(authToken, {
    ...(journeyIds.length ? { steps: { model: 'automation_steps', options: { filter: { journeyId: { $in: journeyIds } }, limit: 1000 } } } : {}),
    ...(roomIds.length ? { chats: { model: 'chats', options: { filter: { roomId: { $in: roomIds } }, limit: 200 } } } : {}),
  } as Record<'steps' | 'chats', ListLoad>);
  const named = stepChoicesFrom(lists);
  const titles = new Map(named.journeys.map((journey) => [journey.id, journey.label]));
  const staffNames = new Map(named.users.map((staff) => [staff.id, staff.label]));
  const { notes, files, tickets, todos, carePlans, purchases, observations, calls: callRows, superbills, billingProfiles } = lists;
  const timeline = enduserTimeline(lists, user.businessId ?? '', id, titles, stepWords(steps ?? [], named));
  const vitals = vitalsView(observations, id, zone);
  const calls = callsView(callRows, (userId) => staffNames.get(userId), zone);
  const extra = [...recordEntries(id, (userId) => staffNames.get(userId), { notes, files, tickets, todos, chats: chats ?? [], decisions }), ...vitalEntries(vitals), ...callEntries(calls)];
  // The patient's own clock only when they have one (a guess would be wrong as often as right).
  const patientZone = isTimeZone(enduser.timezone) ? enduser.timezone : undefined;
  // Times on the staff member's clock; an appointment's with the patient's own beside it (web/app/time/format.ts).
  const whenOf = (entry: PatientEntry) =>
    !entry.at ? 'Now' : entry.kind === 'Appointment' ? staffAndPatientTime(entry.at, zone, patientZone, 'dateTime') : formatIn(entry.at, zone);
  const entries = ([...timeline, ...extra] as PatientEntry[])
    .sort((a, b) => b.at - a.at)
    .map((entry) => ({ ...entry, when: whenOf(entry), iso: entry.at ? new Date(entry.at).toISOString() : undefined }));
  const pending = new Map<string, number>();
  for (const entry of timeline) if (entry.status === 'active' && entry.journeyId) pending.set(entry.journeyId, (pending.get(entry.journeyId) ?? 0) + 1);
  return {
    enduser,
    name: patientName(enduser),
    zone,
    notes: notes.map((note) => ({ id: note.id, title: text(note.title), text: text(note.text), when: formatIn(String(note.updatedAt ?? note.createdAt ?? ''), zone) })),
    files: files.map((file) => ({
      id: file.id,
      name: text(file.name) || 'File',
      shared: file.pushedToClientPortal === true,
      fromPatient: file.creator === id,
      when: formatIn(String(file.createdAt ?? ''), zone, 'date'),
    })),
    tasks: [
      ...tickets.map((ticket) => ({
        id: ticket.id,
        href: taskPath('ticket', ticket.id),
        title: text(ticket.title) || 'Task',
        done: Boolean(ticket.closedAt),
        due: typeof ticket.dueDateInMS === 'number' ? formatIn(ticket.dueDateInMS, zone, 'date') : undefined,
        owner: ticket.owner ? staffNames.get(String(ticket.owner)) : undefined,
      })),
      // Staff to-dos about the patient (made through the api or an integration), beside the tasks.
      ...todos.map((todo) => ({
        id: todo.id,
        href: taskPath('todo', todo.id),
        title: text(todo.text) || 'To-do',
        done: todo.completed === true,
        due: typeof todo.dueDate === 'string' && todo.dueDate ? formatIn(todo.dueDate, zone, 'date') : undefined,
        owner: todo.assignedTo ? staffNames.get(String(todo.assignedTo)) : undefined,
      })),
    ],
    assigned: (enduser.assignedTo ?? []).map((staffId) => staffNames.get(staffId) ?? 'A staff member no longer listed'),
    journeys: journeyIds.map((journeyId) => ({ journeyId, title: titles.get(journeyId) ?? 'A journey no longer listed', state: enduser.journeys?.[journeyId] ?? '', pending: pending.get(journeyId) ?? 0 })),
    entries,
    outbox,
    purchases: purchases.map((purchase) => purchaseView(purchase, zone)),
    superbills: superbillsView(superbills, zone),
    billingProfiles: billingChoices(billingProfiles),
    /** The day a new superbill is for: the visit the staff member came from (`?superbillDay=`), else today on their clock. */
    superbillDay: visitDay(request, zone),
    vitals,
    calls,
    carePlans: carePlans.map((plan) => ({ id: plan.id, title: String(plan.title ?? 'Care plan'), description: typeof plan.description === 'string' ? plan.description : '' })),
    // Archived forms are no longer sent (docs/decisions.md, archived forms).
    forms: offerable(named.forms),
    /** Who a new task can go to (the staff member first: web/app/staff/patient/TasksSection.tsx). */
    colleagues: named.users,
    me: user.id,
    otherJourneys: named.journeys.filter((journey) => !journeyIds.includes(journey.id)),
    can: abilityFlags(abilities, ABILITIES),
  };
};
export type PatientView = Awaited<ReturnType<typeof loadPatient>>;

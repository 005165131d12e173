import type { TimelineFilter } from '../record/timeline-filters';
import type { PatientEntry } from './record-timeline.server';

/** The record's timeline filters: what staff look for in a patient's history. */
export const PATIENT_FILTERS: TimelineFilter[] = [
  { value: 'messages', label: 'Messages', kinds: ['Email', 'SMS', 'Chat'] },
  { value: 'calls', label: 'Calls', kinds: ['Call', 'Voicemail'] },
  { value: 'forms', label: 'Forms', kinds: ['Form'] },
  { value: 'appointments', label: 'Appointments', kinds: ['Appointment'] },
  { value: 'files', label: 'Files', kinds: ['File'] },
  { value: 'notes', label: 'Notes', kinds: ['Note'] },
  { value: 'vitals', label: 'Vital signs', kinds: ['Vital signs'] },
  { value: 'tasks', label: 'Tasks', kinds: ['Task'] },
  { value: 'journeys', label: 'Journey steps', kinds: ['Journey step', 'Status'] },
  { value: 'automations', label: 'Why automations fired', kinds: ['Automation'] },
];

/** What kind of entry it is, in a word or two, saying which way a message went. */
export const entryLabel = (entry: Pick<PatientEntry, 'kind' | 'inbound' | 'by' | 'status'>) => {
  // An outgoing message not (yet) sent: scheduled for later, failed or skipped (timeline.server.ts messageTiming).
  const outgoing = entry.status === 'scheduled' ? 'scheduled' : entry.status === 'failed' || entry.status === 'skipped' ? 'not sent' : 'sent';
  switch (entry.kind) {
    case 'Email':
      return entry.inbound ? 'Email received' : `Email ${outgoing}`;
    case 'SMS':
      return entry.inbound ? 'Text received' : `Text ${outgoing}`;
    case 'Chat':
      return entry.inbound ? 'Chat from the patient' : entry.by ? `Chat from ${entry.by}` : 'Chat from the clinic';
    case 'File':
      return entry.inbound ? 'File from the patient' : 'File';
    case 'Call':
      return entry.inbound ? 'Call from the patient' : 'Call to the patient';
    case 'Vital signs':
      return entry.inbound ? 'Vital signs from the patient' : 'Vital signs';
    case 'Status':
      return 'Journey state';
    case 'Automation':
      return 'Why it fired';
    default:
      return entry.kind;
  }
};

type Color = 'primary' | 'success' | 'neutral' | 'danger' | 'warning';
/** The api's statuses as staff read them: 'active' is a step still waiting to run. */
const STATUS: Record<string, { label: string; color: Color }> = {
  active: { label: 'pending', color: 'primary' },
  finished: { label: 'finished', color: 'success' },
  cancelled: { label: 'cancelled', color: 'neutral' },
  error: { label: 'error', color: 'danger' },
  upcoming: { label: 'upcoming', color: 'primary' },
  past: { label: 'past', color: 'neutral' },
  rescheduled: { label: 'rescheduled', color: 'warning' },
  scheduled: { label: 'scheduled', color: 'primary' },
  failed: { label: 'failed', color: 'danger' },
  skipped: { label: 'skipped: unsubscribed', color: 'warning' },
  open: { label: 'open', color: 'warning' },
  done: { label: 'done', color: 'neutral' },
  fired: { label: 'fired', color: 'success' },
  'not fired': { label: 'not fired', color: 'warning' },
  'not heard': { label: 'not heard yet', color: 'warning' },
};
export const statusOf = (status: string | undefined, retried?: string) =>
  status ? { label: retried ?? STATUS[status]?.label ?? status, color: STATUS[status]?.color ?? ('neutral' as Color) } : undefined;

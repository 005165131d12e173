import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { callApi } from '../../../api.server';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { appointmentTypeRecord, appointmentTypeValues, REMINDER_CHOICES, reminderLabel, type AppointmentTypeValues } from '../../../staff/scheduling/appointment-type';
import { APPOINTMENT_TYPES, readSetupRecord } from '../../../staff/scheduling/records.server';
import { setupRecordAction } from '../../../staff/scheduling/setup-action.server';
import { SetupEditor } from '../../../staff/scheduling/SetupEditor';
import type { SetupField } from '../../../staff/scheduling/SetupFields';
import { requiredResolver } from '../../../staff/scheduling/useSetupForm';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Appointment type'} · Scheduling · Staff` }];

type Named = { value: string; label: string };

/**
 * Forms and content a booking can put on the patient's care plan, by title (a role that may not read
 * them sees none offered). An archived form is offered only while this type already names it.
 */
const carePlanChoices = async (authToken: string, chosenForms: Promise<string[]>) => {
  const [forms, content, chosen] = await Promise.all([
    callApi<{ id: string; title?: string; disabled?: boolean }[]>('/v1/forms', { authToken, query: { limit: '1000' } }).catch(() => []),
    callApi<{ id: string; title?: string }[]>('/v1/managed-content-records', { authToken, query: { limit: '1000' } }).catch(() => []),
    chosenForms,
  ]);
  const named = (rows: { id: string; title?: string }[], fallback: string): Named[] => rows.map((row) => ({ value: row.id, label: row.title || fallback }));
  const offered = forms.filter((form) => form.disabled !== true || chosen.includes(form.id));
  return { forms: named(offered, 'Untitled form'), content: named(content, 'Untitled article') };
};

const fieldsFor = (choices: { forms: Named[]; content: Named[] }, reminders: string[]): SetupField<AppointmentTypeValues>[] => {
  const times = [...new Set([...REMINDER_CHOICES.map(String), ...reminders])].sort((a, b) => Number(b) - Number(a));
  return [
    { name: 'title', group: 'About', label: 'Name', kind: 'text', hint: 'As patients see it, e.g. First consultation' },
    { name: 'durationInMinutes', label: 'Length in minutes', kind: 'number' },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true, hint: 'Shown to patients when they choose what to book' },
    { name: 'color', label: 'Colour on the calendar', kind: 'color' },
    { name: 'enableVideoCall', group: 'Booking', label: 'Video visit', kind: 'switch', hint: 'The appointment gets a video call link' },
    { name: 'enableSelfScheduling', label: 'Patients can book it online', kind: 'switch', hint: 'From the portal and from booking pages' },
    { name: 'restrictedByState', label: 'Only with staff licensed in the patient’s state', kind: 'switch' },
    { name: 'bufferStartMinutes', label: 'Free minutes kept before', kind: 'number', hint: 'Time kept free before each appointment' },
    { name: 'bufferEndMinutes', label: 'Free minutes kept after', kind: 'number', hint: 'Time kept free after each appointment' },
    { name: 'sendConfirmationEmail', group: 'Messages to the patient', label: 'Send a confirmation email', kind: 'switch', hint: 'To the patient when they book' },
    { name: 'sendConfirmationSMS', label: 'Send a confirmation text message', kind: 'switch', hint: 'To the patient when they book' },
    { name: 'patientReminders', label: 'Remind the patient', wide: true, kind: 'checklist', options: times.map((ms) => ({ value: ms, label: reminderLabel(Number(ms)) })), emptyText: '' },
    { name: 'carePlanForms', group: 'Added to the patient’s care plan when booked', label: 'Forms', kind: 'checklist', options: choices.forms, emptyText: 'No forms yet.' },
    { name: 'carePlanContent', label: 'Articles', kind: 'checklist', options: choices.content, emptyText: 'No articles yet.' },
    { name: 'carePlanTasks', label: 'Tasks', kind: 'textarea', wide: true, hint: 'One task a line' },
  ];
};

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'calendar_event_templates', 'see appointment types');
  const reading = readSetupRecord(authToken, APPOINTMENT_TYPES, params.id);
  const [record, choices] = await Promise.all([reading, carePlanChoices(authToken, reading.then((read) => appointmentTypeValues(read).carePlanForms))]);
  const values = appointmentTypeValues(record);
  return {
    isNew: !record,
    title: record ? String(record.title ?? 'Appointment type') : 'Add an appointment type',
    values,
    choices,
    canEdit: record ? access.canUpdate : access.canCreate,
    canDelete: !!record && access.canDelete,
  };
};

export const action = setupRecordAction(APPOINTMENT_TYPES, 'Appointment type deleted.', async (values, { authToken, id }) =>
  appointmentTypeRecord(values, await readSetupRecord(authToken, APPOINTMENT_TYPES, id)),
);

export default function AppointmentTypePage() {
  const { isNew, title, values, choices, canEdit, canDelete } = useLoaderData<typeof loader>();
  return (
    <SetupEditor<AppointmentTypeValues>
      key={title}
      heading={title}
      name={isNew ? undefined : title}
      fields={fieldsFor(choices, values.patientReminders)}
      defaults={values}
      resolver={requiredResolver<AppointmentTypeValues>(['title', 'durationInMinutes'], { durationInMinutes: [1, 1440], bufferStartMinutes: [0, 1440], bufferEndMinutes: [0, 1440] })}
      canEdit={canEdit}
      canDelete={canDelete}
      saveLabel={isNew ? 'Add appointment type' : 'Save appointment type'}
      listPath="/staff/scheduling/types"
      deleteConsequence="Patients can no longer book it. Appointments already booked keep their time."
    />
  );
}

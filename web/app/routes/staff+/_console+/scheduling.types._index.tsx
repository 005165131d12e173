import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { reminderLabel } from '../../../staff/scheduling/appointment-type';
import { APPOINTMENT_TYPES, listRecords } from '../../../staff/scheduling/records.server';
import { SetupList } from '../../../staff/scheduling/SetupList';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Appointment types · Scheduling · Staff' }];

const facts = (row: Record<string, unknown>) => {
  const reminders = (Array.isArray(row.reminders) ? row.reminders : []) as { type?: string; msBeforeStartTime?: number }[];
  const patient = reminders.filter((reminder) => reminder.type === 'enduser-notification').map((reminder) => reminderLabel(Number(reminder.msBeforeStartTime ?? 0)));
  return [
    [`${Number(row.durationInMinutes ?? 0)} minutes`, row.enableVideoCall ? 'video visit' : 'in person', row.enableSelfScheduling ? 'patients can book it online' : 'booked by staff only'].join(' · '),
    patient.length ? `Reminds the patient ${patient.join(', ')}` : 'No reminders to the patient',
  ];
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'calendar_event_templates', 'see appointment types');
  const rows = await listRecords(authToken, APPOINTMENT_TYPES);
  return {
    canCreate: access.canCreate,
    canEdit: access.canUpdate,
    items: rows.map((row) => ({ key: row.id, title: String(row.title ?? 'Untitled appointment type'), details: facts(row), to: `/staff/scheduling/types/${row.id}` })),
  };
};

export default function AppointmentTypes() {
  const { items, canCreate, canEdit } = useLoaderData<typeof loader>();
  return (
    <SetupList
      heading="Appointment types"
      intro="What patients can book: how long it takes, whether it is a video visit, and what they hear before and after."
      items={items}
      addLabel="Add an appointment type"
      addTo="/staff/scheduling/types/new"
      canCreate={canCreate}
      canEdit={canEdit}
      empty={{
        title: 'No appointment types yet',
        text: 'Add one, such as a 30-minute first consultation, then put it on a booking page so patients can book it.',
        readOnlyText: 'Nobody has added an appointment type yet. An Admin or a colleague whose role allows it can add one.',
      }}
    />
  );
}

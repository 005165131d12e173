import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { appointmentAction } from '../../../staff/calendar/appointment-actions.server';
import { loadAppointment } from '../../../staff/calendar/appointment.server';
import { AppointmentPage } from '../../../staff/calendar/AppointmentPage';
import { safeCalendarBack } from '../../../staff/calendar/calendar-links';
import { requireStaff } from '../../../staff/session.server';
import { staffTimeZone } from '../../../time/viewer-zone.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data: view }) => [{ title: `${view ? view.view.title : 'Appointment'} · Calendar · Staff` }];

/** One appointment, read with the staff member's own token; unknown or hidden ones answer the staff app's not-found page. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const { staffChoices, ...view } = await loadAppointment(request, authToken, user, params.eventId ?? '');
  const search = new URL(request.url).searchParams;
  const back = search.get('back');
  return { view, staffChoices, booked: search.get('booked') === '1', back: back ? safeCalendarBack(back) : `/staff/calendar?view=week&date=${view.date}` };
};

/** Reschedule, cancel, no-show and completed post here with their intent (appointment-actions.server.ts). */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const answer = await appointmentAction(authToken, params.eventId ?? '', await request.formData(), staffTimeZone(request, user));
  return data(answer, { status: answer.formError ? 400 : 200 });
};

export default function Appointment() {
  const { view, staffChoices, back, booked } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <AppointmentPage view={view} staffChoices={staffChoices} back={back} answer={answer ?? (booked ? { intent: 'booked', notice: 'Appointment booked. The patient has been told.' } : undefined)} />;
}

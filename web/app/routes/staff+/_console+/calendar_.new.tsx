import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { createAppointment, loadNewAppointment } from '../../../staff/calendar/new-appointment.server';
import { NewAppointmentForm } from '../../../staff/calendar/NewAppointmentForm';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'New appointment · Calendar · Staff' }];

/** Booking a patient from the calendar or the patient record (?patient=, ?date=, ?staff=). */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return loadNewAppointment(request, authToken, user);
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return createAppointment(request, authToken, user);
};

export default function NewAppointment() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <NewAppointmentForm data={data} values={answer?.values} formError={answer?.formError} />;
}

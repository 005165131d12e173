import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../../../staff/session.server';
import { staffTimeZone } from '../../../time/viewer-zone.server';
import { patientAction } from '../../../staff/patient/patient-actions.server';
import { loadPatient } from '../../../staff/patient/patient.server';
import { PatientPage, type PatientPageData } from '../../../staff/patient/PatientPage';
import { detailRows } from '../../../staff/patient/details.server';
import { loadPatientFields } from '../../../staff/patient-fields/field-definitions.server';
import { profileValues } from '../../../staff/patient/profile-form.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data: view }) => [{ title: `${view ? view.name : 'Patient'} · Staff` }];

/** The patient record: everything the console shows about one patient, read with the staff member's own token. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const view = await loadPatient(request, authToken, user, params.id ?? '');
  const clinic = await loadPatientFields(authToken, view.enduser, user.businessId);
  return {
    ...view,
    profile: profileValues(view.enduser),
    details: detailRows(view.enduser, clinic.definitions),
    othersAllowed: clinic.othersAllowed,
    today: new Date().toISOString(),
  };
};

/** Every form of the record posts here with its intent; the api decides each call (patient-actions.server.ts). */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return data(await patientAction(request, authToken, params.id ?? '', staffTimeZone(request, user), user));
};

export default function EnduserPage() {
  const view = useLoaderData<typeof loader>() as unknown as PatientPageData;
  return <PatientPage view={view} />;
}

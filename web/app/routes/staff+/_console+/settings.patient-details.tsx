import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireSettingsAdmin } from '../../../staff/settings/admin.server';
import { ownOrganizationId } from '../../../staff/settings/organization.server';
import { loadFieldSettings, saveFieldSettings, type FieldSettingsState } from '../../../staff/patient-fields/field-definitions.server';
import { PatientFieldsSettings } from '../../../staff/patient-fields/PatientFieldsSettings';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Patient details · Settings · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireSettingsAdmin(request, 'choose the details kept about patients');
  return loadFieldSettings(authToken, await ownOrganizationId(authToken, user));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireSettingsAdmin(request, 'choose the details kept about patients');
  return data<FieldSettingsState>(await saveFieldSettings(authToken, await ownOrganizationId(authToken, user), await request.formData()));
};

export default function PatientDetailsSettings() {
  const { definitions, othersAllowed } = useLoaderData<typeof loader>();
  return <PatientFieldsSettings definitions={definitions} othersAllowed={othersAllowed} state={useActionData<typeof action>()} />;
}

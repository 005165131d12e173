import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { LOCATIONS, readSetupRecord } from '../../../staff/scheduling/records.server';
import { setupRecordAction } from '../../../staff/scheduling/setup-action.server';
import { SetupEditor } from '../../../staff/scheduling/SetupEditor';
import type { SetupField } from '../../../staff/scheduling/SetupFields';
import { requiredResolver } from '../../../staff/scheduling/useSetupForm';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Location'} · Scheduling · Staff` }];

type LocationValues = { title: string; address: string; city: string; state: string; zipCode: string; phone: string; timezone: string; instructions: string };
const KEYS: (keyof LocationValues)[] = ['title', 'address', 'city', 'state', 'zipCode', 'phone', 'timezone', 'instructions'];

const FIELDS: SetupField<LocationValues>[] = [
  { name: 'title', label: 'Name', kind: 'text', hint: 'As patients see it, e.g. Main Street Clinic' },
  { name: 'phone', label: 'Phone', kind: 'tel' },
  { name: 'address', label: 'Street address', kind: 'text', wide: true },
  { name: 'city', label: 'City', kind: 'text' },
  { name: 'state', label: 'State', kind: 'text', hint: 'Two letters, e.g. CA' },
  { name: 'zipCode', label: 'ZIP code', kind: 'text' },
  { name: 'timezone', label: 'Time zone', kind: 'zone', hint: 'Working hours offered here are read on this clock, unless the staff member has a zone of their own' },
  { name: 'instructions', label: 'Directions for patients', kind: 'textarea', wide: true, hint: 'Parking, entrance, what to bring' },
];

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'appointment_locations', 'see locations');
  const record = await readSetupRecord(authToken, LOCATIONS, params.id);
  const values = Object.fromEntries(KEYS.map((key) => [key, record?.[key] === undefined || record?.[key] === null ? '' : String(record[key])])) as LocationValues;
  return {
    isNew: !record,
    title: record ? String(record.title ?? 'Location') : 'Add a location',
    values,
    canEdit: record ? access.canUpdate : access.canCreate,
    canDelete: !!record && access.canDelete,
  };
};

export const action = setupRecordAction(LOCATIONS, 'Location deleted.', (values) =>
  Object.fromEntries(KEYS.map((key) => [key, typeof values[key] === 'string' ? (values[key] as string).trim() : ''])),
);

export default function LocationPage() {
  const { isNew, title, values, canEdit, canDelete } = useLoaderData<typeof loader>();
  return (
    <SetupEditor<LocationValues>
      key={title}
      heading={title}
      name={isNew ? undefined : title}
      fields={FIELDS}
      defaults={values}
      resolver={requiredResolver<LocationValues>(['title'])}
      canEdit={canEdit}
      canDelete={canDelete}
      saveLabel={isNew ? 'Add location' : 'Save location'}
      listPath="/staff/scheduling/locations"
      deleteConsequence="Patients can no longer choose it. Appointments already booked there are not changed."
    />
  );
}

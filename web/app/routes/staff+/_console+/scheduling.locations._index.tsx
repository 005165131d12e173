import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { listRecords, LOCATIONS } from '../../../staff/scheduling/records.server';
import { SetupList } from '../../../staff/scheduling/SetupList';
import { zoneLabel } from '../../../staff/scheduling/zones';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Locations · Scheduling · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'appointment_locations', 'see locations');
  const rows = await listRecords(authToken, LOCATIONS);
  return {
    canCreate: access.canCreate,
    canEdit: access.canUpdate,
    items: rows.map((row) => ({
      key: row.id,
      title: String(row.title ?? 'Untitled location'),
      details: [
        [row.address, row.city, [row.state, row.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        row.timezone ? `Time zone: ${zoneLabel(String(row.timezone))}` : 'No time zone: hours here are on the staff member’s or the organization’s clock',
        row.phone ? `Phone: ${String(row.phone)}` : '',
      ].filter(Boolean) as string[],
      to: `/staff/scheduling/locations/${row.id}`,
    })),
  };
};

export default function Locations() {
  const { items, canCreate, canEdit } = useLoaderData<typeof loader>();
  return (
    <SetupList
      heading="Locations"
      intro="Where appointments take place. Each location’s time zone is the clock for working hours offered there."
      items={items}
      addLabel="Add a location"
      addTo="/staff/scheduling/locations/new"
      canCreate={canCreate}
      canEdit={canEdit}
      empty={{
        title: 'No locations yet',
        text: 'Add your clinic’s address, phone and time zone, then offer it on a booking page so patients can choose where to come.',
        readOnlyText: 'Nobody has added a location yet. An Admin or a colleague whose role allows it can add one.',
      }}
    />
  );
}

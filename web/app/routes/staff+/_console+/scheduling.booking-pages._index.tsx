import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { APPOINTMENT_TYPES, BOOKING_PAGES, listRecords, LOCATIONS } from '../../../staff/scheduling/records.server';
import { SetupList } from '../../../staff/scheduling/SetupList';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Booking pages · Scheduling · Staff' }];

/** Names for a list of ids, leaving out any this role cannot read. */
const namesOf = (ids: unknown, names: Map<string, string>) => (Array.isArray(ids) ? ids.map((id) => names.get(String(id))).filter(Boolean) : []) as string[];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'appointment_booking_pages', 'see booking pages');
  const [rows, types, locations] = await Promise.all([
    listRecords(authToken, BOOKING_PAGES),
    listRecords(authToken, APPOINTMENT_TYPES).catch(() => []),
    listRecords(authToken, LOCATIONS).catch(() => []),
  ]);
  const typeNames = new Map(types.map((row) => [row.id, String(row.title ?? 'Untitled appointment type')]));
  const locationNames = new Map(locations.map((row) => [row.id, String(row.title ?? 'Untitled location')]));
  return {
    canCreate: access.canCreate,
    canEdit: access.canUpdate,
    items: rows.map((row) => {
      const offered = namesOf(row.calendarEventTemplateIds, typeNames);
      const places = namesOf(row.locationIds, locationNames);
      return {
        key: row.id,
        title: String(row.title ?? 'Untitled booking page'),
        details: [offered.length ? `Offers ${offered.join(', ')}` : 'Offers no appointment type yet', places.length ? `At ${places.join(', ')}` : 'No location to choose'],
        to: `/staff/scheduling/booking-pages/${row.id}`,
      };
    }),
  };
};

export default function BookingPages() {
  const { items, canCreate, canEdit } = useLoaderData<typeof loader>();
  return (
    <SetupList
      heading="Booking pages"
      intro="Pages where patients book by themselves: share the link, or embed the page in your website."
      items={items}
      addLabel="Add a booking page"
      addTo="/staff/scheduling/booking-pages/new"
      canCreate={canCreate}
      canEdit={canEdit}
      empty={{
        title: 'No booking pages yet',
        text: 'Add a booking page with the appointment types and locations patients may choose, then share its link or embed it in your website.',
        readOnlyText: 'Nobody has added a booking page yet. An Admin or a colleague whose role allows it can add one.',
      }}
    />
  );
}

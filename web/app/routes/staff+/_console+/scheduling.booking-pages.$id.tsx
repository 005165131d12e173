import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { Resolver } from 'react-hook-form';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { bookingPageRecord, bookingPageValues, embedSnippet, publicBookingLink, termsProblem, type BookingPageValues } from '../../../staff/scheduling/booking-page';
import { APPOINTMENT_TYPES, BOOKING_PAGES, listRecords, LOCATIONS, readSetupRecord } from '../../../staff/scheduling/records.server';
import { setupRecordAction } from '../../../staff/scheduling/setup-action.server';
import { SetupEditor } from '../../../staff/scheduling/SetupEditor';
import type { SetupField } from '../../../staff/scheduling/SetupFields';
import { ShareBookingPage } from '../../../staff/scheduling/ShareBookingPage';
import { requiredResolver } from '../../../staff/scheduling/useSetupForm';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Booking page'} · Scheduling · Staff` }];

type Named = { value: string; label: string };

const fieldsFor = (types: Named[], locations: Named[]): SetupField<BookingPageValues>[] => [
  { name: 'title', group: 'What patients can book', label: 'Name', kind: 'text', wide: true, hint: 'Shown at the top of the page, e.g. Book a consultation' },
  { name: 'calendarEventTemplateIds', label: 'Appointment types offered', kind: 'checklist', options: types, emptyText: 'Add an appointment type first (Appointment types tab).' },
  { name: 'locationIds', label: 'Locations offered', kind: 'checklist', options: locations, emptyText: 'No locations yet: patients are not asked where to come.', hint: 'None chosen: patients are not asked where to come' },
  { name: 'primaryColor', group: 'Colours', label: 'Main colour', kind: 'color' },
  { name: 'secondaryColor', label: 'Second colour', kind: 'color' },
  { name: 'backgroundColor', label: 'Background colour', kind: 'color' },
  
  { name: 'intakeTitle', group: 'Texts', label: 'Title of the details step', kind: 'text', hint: 'Above the form where patients give their name and contact details' },
  { name: 'intakeDescription', label: 'Text of the details step', kind: 'textarea' },
  { name: 'thankYouTitle', label: 'Thank-you title', kind: 'text', hint: 'Shown once the appointment is booked' },
  { name: 'thankYouDescription', label: 'Thank-you text', kind: 'textarea' },
  { name: 'thankYouRedirectURL', label: 'After booking, go to this address', kind: 'url', wide: true, hint: 'Optional: a page of your website to show instead of the thank-you text' },
  { name: 'terms', group: 'Terms and tracking', label: 'Terms patients agree to', kind: 'textarea', wide: true, hint: 'One a line: the title, then its link, e.g. Terms of service https://example.com/terms' },
  { name: 'ga4measurementId', label: 'Google Analytics 4 measurement ID', kind: 'text', hint: 'Optional, e.g. G-ABC123XYZ' },
];

const resolver: Resolver<BookingPageValues> = async (values, context, options) => {
  const base = await requiredResolver<BookingPageValues>(['title', 'calendarEventTemplateIds'])(values, context, options);
  const terms = termsProblem(values.terms ?? '');
  if (!terms) return base;
  return { values: {}, errors: { ...base.errors, terms: { type: 'validate', message: terms } } } as never;
};

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'appointment_booking_pages', 'see booking pages');
  const [record, types, locations] = await Promise.all([
    readSetupRecord(authToken, BOOKING_PAGES, params.id),
    listRecords(authToken, APPOINTMENT_TYPES).catch(() => []),
    listRecords(authToken, LOCATIONS).catch(() => []),
  ]);
  const link = record && user.businessId ? publicBookingLink(new URL(request.url).origin, user.businessId, record.id) : undefined;
  const title = record ? String(record.title ?? 'Booking page') : 'Add a booking page';
  return {
    isNew: !record,
    title,
    values: bookingPageValues(record),
    types: types.map((row) => ({ value: row.id, label: String(row.title ?? 'Untitled appointment type') })),
    locations: locations.map((row) => ({ value: row.id, label: String(row.title ?? 'Untitled location') })),
    share: link ? { link, embed: embedSnippet(link, title) } : undefined,
    canEdit: record ? access.canUpdate : access.canCreate,
    canDelete: !!record && access.canDelete,
  };
};

export const action = setupRecordAction(BOOKING_PAGES, 'Booking page deleted.', (values) => bookingPageRecord(values));

export default function BookingPagePage() {
  const { isNew, title, values, types, locations, share, canEdit, canDelete } = useLoaderData<typeof loader>();
  return (
    <SetupEditor<BookingPageValues>
      key={title}
      heading={title}
      name={isNew ? undefined : title}
      fields={fieldsFor(types, locations)}
      defaults={values}
      resolver={resolver}
      canEdit={canEdit}
      canDelete={canDelete}
      saveLabel={isNew ? 'Add booking page' : 'Save booking page'}
      listPath="/staff/scheduling/booking-pages"
      deleteConsequence="Its link stops working, also where it is embedded. Appointments already booked through it are not changed."
    >
      {share && <ShareBookingPage link={share.link} embed={share.embed} />}
    </SetupEditor>
  );
}

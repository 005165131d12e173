import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { staffAbilities } from '../../../staff/permissions.server';
import { AutoReplyCard } from '../../../staff/scheduling/AutoReplyCard';
import { ExceptionsSection, type ExceptionWords } from '../../../staff/scheduling/ExceptionsSection';
import { addException, deleteException, type ExceptionInput } from '../../../staff/scheduling/hours.server';
import type { HoursValues } from '../../../staff/scheduling/hours-types';
import { loadOfficeHours, saveAutoReply, saveOfficeHours } from '../../../staff/scheduling/office-hours.server';
import { ownOrganizationId } from '../../../staff/settings/organization.server';
import { WeeklyHoursForm, type HoursFormWords } from '../../../staff/scheduling/WeeklyHoursForm';
import { zoneLabel } from '../../../staff/scheduling/zones';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Office hours · Scheduling · Staff' }];

const CLOSED_DAYS: ExceptionWords = {
  heading: 'Closed days',
  intro: 'A closed day or closed hours take the office hours away on that date only (a holiday, a training afternoon); extra hours add some.',
  none: 'No closed days: the office hours apply every week.',
  add: 'Add the holidays the clinic is closed.',
  kinds: { off: 'Closed all day', partOff: 'Closed for some hours', extra: 'Extra hours' },
  addKind: { off: 'Add closed day', partOff: 'Add closed hours', extra: 'Add extra hours' },
  wholeDay: 'closed',
  partOff: 'closed',
};

/** The organization's office hours: when patients' messages are answered, and the automatic reply outside them. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return loadOfficeHours(authToken, user, await staffAbilities(authToken, user));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  // The api lets only Admins change organizations; its answer would say so in its own words.
  if (!(await staffAbilities(authToken, user)).admin) return { form: 'hours' as const, problem: { message: 'Only an Admin can change the office hours.' } };
  if ((request.headers.get('Content-Type') ?? '').includes('application/json')) {
    const body = (await request.json()) as { intent?: string } & Partial<HoursValues> & Partial<ExceptionInput>;
    if (body.intent === 'exception') return addException(authToken, { entity: 'organization', id: await ownOrganizationId(authToken, user) }, body as ExceptionInput);
    return saveOfficeHours(authToken, user, { windows: Array.isArray(body.windows) ? body.windows : [] });
  }
  const form = await request.formData();
  if (form.get('intent') === 'autoreply') return saveAutoReply(authToken, user, form.has('autoReplyOn'));
  return deleteException(authToken, String(form.get('blockId') ?? ''));
};

export default function OfficeHours() {
  const data = useLoaderData<typeof loader>();
  const zoneWords = data.zone ? `${zoneLabel(data.zone)} time` : 'UTC (no time zone set)';
  const words: HoursFormWords = {
    heading: 'Office hours',
    save: 'Save office hours',
    off: 'Closed',
    zoneNote: `On ${zoneWords}, the organization’s clock (Settings, Organization).`,
    readOnly: 'Only an Admin can change the office hours.',
    noZone: 'The organization has no time zone, so these hours are read as UTC. Choose its zone under Settings, Organization.',
  };
  return (
    <Stack gap={2}>
      <Typography level="h2" component="h1">
        Office hours
      </Typography>
      <Typography level="body-md">When {data.organizationName} answers patients’ messages. Each staff member’s own bookable times are under Working hours.</Typography>
      <AutoReplyCard on={data.autoReply} hasHours={data.values.windows.length > 0} canEdit={data.canEdit} />
      <WeeklyHoursForm values={data.values} locations={[]} canEdit={data.canEdit} who="an Admin" organizationZone={data.zone} words={words} />
      <ExceptionsSection rows={data.exceptions} zoneWords={zoneWords} canAdd={data.canEdit} canDelete={data.canEdit} words={CLOSED_DAYS} />
    </Stack>
  );
}

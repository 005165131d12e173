import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../../components/Button';
import { staffAbilities } from '../../../staff/permissions.server';
import { ExceptionsSection } from '../../../staff/scheduling/ExceptionsSection';
import { addException, deleteException, loadHoursPage, saveHours, type ExceptionInput } from '../../../staff/scheduling/hours.server';
import type { HoursValues } from '../../../staff/scheduling/hours-types';
import { SlotsPreview } from '../../../staff/scheduling/SlotsPreview';
import { WeeklyHoursForm } from '../../../staff/scheduling/WeeklyHoursForm';
import { zoneLabel } from '../../../staff/scheduling/zones';
import { requireStaff } from '../../../staff/session.server';
import { staffTimeZone } from '../../../time/viewer-zone.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Working hours${data ? ` of ${data.target.name}` : ''} · Scheduling · Staff` }];

/** One staff member's working hours (?user=, yourself by default), their exceptions, and next week's bookable times. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const abilities = await staffAbilities(authToken, user);
  return loadHoursPage(authToken, user, abilities, new URL(request.url).searchParams, (record) => staffTimeZone(request, record ?? user));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const userId = new URL(request.url).searchParams.get('user') || user.id;
  if ((request.headers.get('Content-Type') ?? '').includes('application/json')) {
    const body = (await request.json()) as { intent?: string } & Partial<HoursValues> & Partial<ExceptionInput>;
    if (body.intent === 'exception') return addException(authToken, { entity: 'user', id: userId }, body as ExceptionInput);
    return saveHours(authToken, userId, { timezone: String(body.timezone ?? ''), windows: Array.isArray(body.windows) ? body.windows : [] });
  }
  const form = await request.formData();
  return deleteException(authToken, String(form.get('blockId') ?? ''));
};

export default function WorkingHours() {
  const data = useLoaderData<typeof loader>();
  const zoneWords = data.hoursZone ? `${zoneLabel(data.hoursZone)} time` : 'UTC (no time zone set)';
  return (
    <Stack gap={2}>
      <Typography level="h2" component="h1">
        Working hours{data.target.self ? '' : ` of ${data.target.name}`}
      </Typography>
      <Typography level="body-md">When patients can book {data.target.self ? 'you' : data.target.name}. Hours are on {zoneWords}, unless they are at a location with its own zone.</Typography>
      {data.staff.length > 1 && (
        <Form method="get">
          <Stack direction="row" gap={1} alignItems="flex-end" flexWrap="wrap">
            <Stack gap={0.5}>
              <label htmlFor="hours-user">
                <Typography level="body-sm">Staff member</Typography>
              </label>
              <select id="hours-user" name="user" defaultValue={data.target.id} style={{ minHeight: 36, font: 'inherit', borderRadius: 6, padding: '0 8px', maxWidth: '100%' }}>
                {data.staff.map((member) => (
                  <option key={member.value} value={member.value}>
                    {member.label}
                  </option>
                ))}
              </select>
            </Stack>
            <Button type="submit" size="sm" variant="outlined">
              Show hours
            </Button>
          </Stack>
        </Form>
      )}
      <WeeklyHoursForm key={data.target.id} values={data.values} locations={data.locations} canEdit={data.canEditHours} who={data.target.name} organizationZone={data.organizationZone} />
      <ExceptionsSection key={`exceptions-${data.target.id}`} rows={data.exceptions} zoneWords={zoneWords} canAdd={data.canAddException && data.canEditHours} canDelete={data.canDeleteException && data.canEditHours} />
      <SlotsPreview
        userId={data.target.id}
        days={data.preview?.days ?? []}
        message={data.preview && 'message' in data.preview ? data.preview.message : undefined}
        withoutTimezone={data.preview?.withoutTimezone ?? false}
        types={data.types}
        typeId={data.typeId}
        locations={data.locations}
        locationId={data.locationId}
        viewerZone={data.viewerZone}
      />
    </Stack>
  );
}

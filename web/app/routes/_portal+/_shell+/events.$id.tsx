import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Button from '../../../components/Button';
import Card from '@mui/joy/Card';
import Divider from '@mui/joy/Divider';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../../../i18n/I18nProvider';
import { useLocale } from '../../../i18n/useLanguage';
import { ApiError } from '../../../api.server';
import { portalFormError } from '../../../i18n/form-error.server';
import { useOrganization } from '../../../components/useOrganization';
import { eventTitle, eventTitleWords } from '../../../portal/events.server';
import { pageLanguage } from '../../../portal/page-language.server';
import { formatDateTime } from '../../../portal/format';
import { createRecord, deleteRecord, getRecord, listRecords, optionalText, updateRecord, type ApiRecord } from '../../../portal/resources.server';
import { displayNameOf, signedInEnduser } from '../../../portal/signed-in.server';
import { portalTimeZone } from '../../../time/portal-zone.server';
import { EventForms } from '../../../portal/event/EventForms';
import { EventLocation } from '../../../portal/event/EventLocation';
import { EventSection as Section } from '../../../portal/event/EventSection';
import { EventTasks } from '../../../portal/event/EventTasks';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

const ids = (value: unknown) => (Array.isArray(value) ? value : []) as Record<string, unknown>[];

const loadEvent = async (authToken: string, id: string) => {
  try {
    return await getRecord(authToken, 'calendar-event', id);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403)) return undefined;
    throw error;
  }
};

/** Event detail (docs/contract/portal.md#events): everything the enduser may do about one event. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const texts = await screenTexts(request, ['events']);
  const { authToken, enduser } = await signedInEnduser(request);
  const event = await loadEvent(authToken, String(params.id));
  if (!event) return { texts, missing: true as const };
  const { t } = await pageLanguage(request, 'events');
  const taskIds = ids(event.enduserTasks).filter((task) => task.enduserId === enduser.id).map((task) => String(task.id));
  const accessCodes = ids(event.enduserFormResponses).filter((response) => response.enduserId === enduser.id).map((response) => String(response.accessCode));
  const [tasks, responses, rsvps, location] = await Promise.all([
    taskIds.length ? listRecords(authToken, 'enduser-tasks', { filter: { _id: { _in: taskIds } }, limit: 100 }).catch(() => []) : [],
    accessCodes.length ? listRecords(authToken, 'form-responses', { filter: { accessCode: { _in: accessCodes } }, limit: 100 }).catch(() => []) : [],
    listRecords(authToken, 'calendar-event-RSVPs', { filter: { eventId: event.id, creator: enduser.id }, limit: 1 }),
    typeof event.locationId === 'string' ? getRecord(authToken, 'appointment-location', event.locationId).catch(() => undefined) : undefined,
  ]);
  const url = new URL(request.url);
  return {
    texts,
    missing: false as const,
    confirmingCancel: url.searchParams.get('confirm') === 'cancel',
    timeZone: await portalTimeZone(request, enduser),
    event: {
      id: event.id,
      title: eventTitle(event, eventTitleWords(t)),
      description: optionalText(event.displayDescription) ?? optionalText(event.description),
      startTimeInMS: Number(event.startTimeInMS),
      durationInMinutes: typeof event.durationInMinutes === 'number' ? event.durationInMinutes : undefined,
      cancelled: !!event.cancelledAt,
      rescheduled: !!event.rescheduledAt,
      publicRead: event.publicRead === true,
      bookingPageId: optionalText(event.bookingPageId),
      videoCall: event.enableVideoCall === true,
      videoURL: optionalText(event.videoURL),
      // A Zoom meeting made by generate-zoom-meeting is joined in the page (the Meeting SDK).
      zoomMeeting: event.videoIntegration === 'Zoom' && !!(event.fields as Record<string, unknown> | undefined)?.zoomMeetingId,
      location: optionalText(location?.title) ?? optionalText(event.location),
      locationAddress: optionalText(location?.address),
      locationURL: optionalText(event.locationURL),
      locationNotes: optionalText(event.locationNotes),
      phone: optionalText(event.phone),
      attachments: ids(event.attachments).map((attachment) => ({ fileId: String(attachment.fileId), displayName: optionalText(attachment.displayName) ?? t('file') })),
    },
    tasks: tasks.map((task) => ({ id: task.id, title: optionalText(task.title) ?? t('task'), description: optionalText(task.description), completed: !!task.completedAt })),
    responses: responses.map((response) => ({ id: response.id, accessCode: String(response.accessCode), title: optionalText(response.formTitle) ?? t('form'), submitted: !!response.submittedAt })),
    rsvpId: rsvps[0]?.id,
  };
};

type ActionState = { error?: string };

/** Cancel (after confirmation), complete a task, RSVP and withdraw it. Plain form posts. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const id = String(params.id);
  try {
    if (intent === 'cancel') {
      const event = await loadEvent(authToken, id);
      // docs/contract/portal.md#events: only while neither cancelledAt nor rescheduledAt is set.
      if (event && !event.cancelledAt && !event.rescheduledAt) await updateRecord(authToken, 'calendar-event', id, { cancelledAt: new Date().toISOString() });
    } else if (intent === 'complete-task') {
      const taskId = String(form.get('taskId') ?? '');
      const task = await getRecord(authToken, 'enduser-task', taskId);
      // Completion is never reverted, nor stamped twice.
      if (!task.completedAt) await updateRecord(authToken, 'enduser-task', taskId, { completedAt: new Date().toISOString() });
    } else if (intent === 'rsvp') {
      await createRecord(authToken, 'calendar-event-RSVP', { eventId: id, displayName: displayNameOf(enduser) });
    } else if (intent === 'withdraw-rsvp') {
      const [rsvp] = await listRecords(authToken, 'calendar-event-RSVPs', { filter: { eventId: id, creator: enduser.id }, limit: 1 });
      if (rsvp) await deleteRecord(authToken, 'calendar-event-RSVP', rsvp.id);
    }
  } catch (error) {
    return data<ActionState>({ error: await portalFormError(request, error) });
  }
  throw redirect(`/events/${encodeURIComponent(id)}`);
};

export default function EventDetail() {
  const loaded = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const navigation = useNavigation();
  const organization = useOrganization();
  const { t } = useTranslation('events');
  const locale = useLocale();
  if (loaded.missing) {
    return (
      <Card variant="outlined" sx={{ maxWidth: 400, width: '100%' }}>
        <Typography level="h1" fontSize="lg">
          {t('missing')}
        </Typography>
        <Link component={RemixLink} to="/events">
          {t('backToEvents')}
        </Link>
      </Card>
    );
  }
  const { event, tasks, responses, rsvpId, timeZone, confirmingCancel } = loaded;
  const canCancel = !event.cancelled && !event.rescheduled;
  const busy = navigation.state !== 'idle';
  const rescheduleLink = event.bookingPageId
    ? `/appointment-booking-page?${new URLSearchParams({ businessId: organization.businessId, appointmentBookingPageId: event.bookingPageId, rescheduledCalendarEventId: event.id })}`
    : undefined;
  return (
    <Card variant="outlined" sx={{ maxWidth: 400, width: '100%', gap: 1.5 }}>
      <Typography level="h1" fontSize="xl">
        {event.title}
      </Typography>
      <Typography level="body-md">
        {formatDateTime(event.startTimeInMS, timeZone, locale)}
        {event.durationInMinutes ? ` ${t('duration', { count: event.durationInMinutes })}` : ''}
      </Typography>
      {event.description && <Typography sx={{ whiteSpace: 'pre-line' }}>{event.description}</Typography>}
      {state?.error && (
        <Alert color="danger" role="alert">
          {state.error}
        </Alert>
      )}
      {(event.videoCall || event.videoURL) && !event.cancelled && (
        <Button
          component="a"
          href={event.zoomMeeting ? `/video-call?calendarEventId=${encodeURIComponent(event.id)}&client=zoom` : (event.videoURL ?? `/video-call?calendarEventId=${encodeURIComponent(event.id)}`)}
          target={event.videoURL && !event.zoomMeeting ? '_blank' : undefined}
          rel="noreferrer"
        >
          {t('joinVideoCall')}
        </Button>
      )}
      <EventLocation event={event} />
      {!!event.attachments.length && (
        <Section title={t('attachments')}>
          <List size="sm">
            {event.attachments.map((attachment) => (
              <ListItem key={attachment.fileId}>
                <Link href={`/documents/files/${attachment.fileId}/download`}>
                  {attachment.displayName}
                </Link>
              </ListItem>
            ))}
          </List>
        </Section>
      )}
      <EventTasks tasks={tasks} busy={busy} />
      <EventForms responses={responses} />
      {event.publicRead && (
        <Form method="post">
          <input type="hidden" name="intent" value={rsvpId ? 'withdraw-rsvp' : 'rsvp'} />
          <Button type="submit" variant={rsvpId ? 'outlined' : 'solid'} disabled={busy}>
            {rsvpId ? t('cancelRsvp') : t('rsvp')}
          </Button>
        </Form>
      )}
      {(rescheduleLink || (canCancel && !confirmingCancel)) && <Divider />}
      <Stack direction="row" gap={1} flexWrap="wrap" sx={{ '&:empty': { display: 'none' } }}>
        {rescheduleLink && (
          <Button component="a" href={event.rescheduled ? undefined : rescheduleLink} variant="outlined" disabled={event.rescheduled} aria-disabled={event.rescheduled}>
            {t('reschedule')}
          </Button>
        )}
        {canCancel && !confirmingCancel && (
          <Button component={RemixLink} to="?confirm=cancel" variant="outlined" color="danger">
            {t('cancelEvent')}
          </Button>
        )}
      </Stack>
      {canCancel && confirmingCancel && (
        <Alert color="danger" variant="soft" role="alertdialog" aria-label={t('cancelEventLabel')} sx={{ flexDirection: 'column', alignItems: 'stretch' }}>
          <Typography>{t('confirmCancel')}</Typography>
          <Stack direction="row" gap={1}>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" color="danger" disabled={busy}>
                {t('yesCancel')}
              </Button>
            </Form>
            <Button component={RemixLink} to="." variant="plain" color="neutral">
              {t('keepEvent')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Card>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link as RemixLink, useFetcher, useLoaderData } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Card from '@mui/joy/Card';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useCallback, useEffect, useState } from 'react';
import { formErrorMessage } from '../../../api.server';
import Button from '../../../components/Button';
import { requireStaff } from '../../../staff/session.server';
import { staffTimeZone } from '../../../time/viewer-zone.server';
import { CallView } from '../../../video/CallView';
import { STAFF_SIGNAL_PATH } from '../../../video/signalling';
import { endVisit, loadVisit, markNoShow, startVisit } from '../../../video/visit.server';
import { NO_SHOW_AFTER_MINUTES, type VisitState } from '../../../video/visit';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `Visit: ${data.visit.title}` : 'Visit'} · Staff` }];

/** The host side of a video visit (the staff calendar's "Start visit"): the appointment, Start visit, the call, End for all, no-show. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return { visit: await loadVisit(authToken, String(params.eventId), staffTimeZone(request, user)) };
};

export type VisitActionResult = { joined: { meetingId: string; iceServers: RTCIceServer[] } } | { ended: true } | { noShow: true } | { error: string };

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const visit = await loadVisit(authToken, String(params.eventId), staffTimeZone(request, user));
  const intent = (await request.formData()).get('intent');
  try {
    if (intent === 'end') {
      if (visit.meetingId) await endVisit(authToken, visit.meetingId);
      return data<VisitActionResult>({ ended: true });
    }
    if (intent === 'no-show') {
      await markNoShow(authToken, visit);
      return data<VisitActionResult>({ noShow: true });
    }
    return data<VisitActionResult>({ joined: await startVisit(authToken, visit.eventId) });
  } catch (error) {
    return data<VisitActionResult>({ error: formErrorMessage(error) });
  }
};

const STATE_TEXT: Record<VisitState, string> = {
  scheduled: 'Not started yet. The patient waits in the waiting room until you start the visit.',
  live: 'In progress. Start visit joins it again.',
  ended: 'This visit has ended.',
  cancelled: 'This appointment was cancelled.',
  'no-show': 'The patient was marked as a no-show.',
};

/** Whether `from` has passed, re-checked every 15 s (the no-show button appears on its own). */
const usePassed = (from: number) => {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const check = () => setPassed(Date.now() >= from);
    check();
    const timer = setInterval(check, 15_000);
    return () => clearInterval(timer);
  }, [from]);
  return passed;
};

export default function StaffVisit() {
  const { visit } = useLoaderData<typeof loader>();
  const start = useFetcher<VisitActionResult>();
  const end = useFetcher<VisitActionResult>();
  const noShow = useFetcher<VisitActionResult>();
  const [call, setCall] = useState<{ meetingId: string; iceServers: RTCIceServer[] }>();
  const [patientJoined, setPatientJoined] = useState(false);
  const noShowTime = usePassed(visit.noShowFrom);

  useEffect(() => {
    if (start.state === 'idle' && start.data && 'joined' in start.data) setCall(start.data.joined);
  }, [start.state, start.data]);
  useEffect(() => {
    if (noShow.state === 'idle' && noShow.data && 'noShow' in noShow.data) setCall(undefined);
  }, [noShow.state, noShow.data]);
  const onOtherConnected = useCallback((connected: boolean) => {
    if (connected) setPatientJoined(true);
  }, []);

  const open = visit.state === 'scheduled' || visit.state === 'live';
  const error = [start.data, end.data, noShow.data].map((result) => (result && 'error' in result ? result.error : undefined)).find(Boolean);
  const canMarkNoShow = open && noShowTime && !patientJoined && visit.patient;
  const noShowButton = canMarkNoShow ? (
    <Button color="warning" variant="outlined" loading={noShow.state !== 'idle'} onClick={() => noShow.submit({ intent: 'no-show' }, { method: 'post' })}>
      Mark patient as no-show
    </Button>
  ) : null;
  const facts = (
    <Stack gap={0.5}>
      <Typography level="body-md">
        <strong>Patient:</strong>{' '}
        {visit.patient ? (
          <Link component={RemixLink} to={`/staff/patients/${visit.patient.id}`}>
            {visit.patient.name}
          </Link>
        ) : (
          'No patient on this appointment'
        )}
      </Typography>
      <Typography level="body-md">
        <strong>Type:</strong> {visit.title}
      </Typography>
      <Typography level="body-md">
        <strong>Time:</strong> {visit.when}, {visit.durationInMinutes} minutes
      </Typography>
    </Stack>
  );

  if (call) {
    return (
      <CallView
        title={`Visit with ${visit.patient?.name ?? 'the patient'}`}
        meetingId={call.meetingId}
        iceServers={call.iceServers}
        host
        signalPath={STAFF_SIGNAL_PATH}
        onOtherConnected={onOtherConnected}
        onLeave={() => setCall(undefined)}
        onEndForAll={() => {
          end.submit({ intent: 'end' }, { method: 'post' });
          setCall(undefined);
        }}
        onEnded={() => setCall(undefined)}
      >
        {!patientJoined && (
          <Typography level="body-sm" role="status">
            Waiting for the patient to join from their waiting room.
          </Typography>
        )}
        {noShowButton}
      </CallView>
    );
  }

  return (
    <Stack gap={2} alignItems="flex-start" sx={{ maxWidth: 640 }}>
      <Link component={RemixLink} to="/staff/calendar" level="body-sm">
        Back to the calendar
      </Link>
      <Typography level="h2" component="h1">
        Video visit
      </Typography>
      <Card sx={{ width: '100%' }}>
        {facts}
        <Typography level="body-sm" role="status">
          {STATE_TEXT[visit.state]}
        </Typography>
        {error && (
          <Alert color="danger" role="alert">
            {error}
          </Alert>
        )}
        <Stack direction="row" gap={1} flexWrap="wrap">
          {visit.outsideURL ? (
            <Button component="a" href={visit.outsideURL} target="_blank" rel="noreferrer">
              Start visit in Zoom
            </Button>
          ) : (
            open && (
              <Button loading={start.state !== 'idle'} onClick={() => start.submit({ intent: 'start' }, { method: 'post' })}>
                Start visit
              </Button>
            )
          )}
          {noShowButton}
        </Stack>
        {open && !noShowTime && visit.patient && (
          <Typography level="body-xs">If the patient has not joined {NO_SHOW_AFTER_MINUTES} minutes after the start time, you can mark them as a no-show here.</Typography>
        )}
      </Card>
    </Stack>
  );
}

import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link as RemixLink, useFetcher, useLoaderData, useNavigate } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Button from '../../components/Button';
import Card from '@mui/joy/Card';
import CircularProgress from '@mui/joy/CircularProgress';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/I18nProvider';
import { pageLanguage } from '../../portal/page-language.server';
import { formErrorMessage } from '../../api.server';
import { useRevalidateWhile } from '../../components/useRevalidateWhile';
import { signedInEnduser } from '../../portal/signed-in.server';
import { CallView } from '../../video/CallView';
import type { VideoView } from '../../video/texts';
import { endMeeting, joinMeeting, loadVideoView, loadZoomView } from '../../video/video.server';
import { ZoomCall } from '../../video/ZoomCall';
import { DeviceCheck } from '../../video/DeviceCheck';
import { portalTimeZone } from '../../time/portal-zone.server';
import { useQuietRevalidator } from '../../components/useQuietRevalidator';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.pageTitle ?? 'Video call' }];

/** docs/contract/portal.md#constants: the waiting room reloads the event and meeting every 2.5 s. */
const WAITING_ROOM_POLL_MS = 2_500;

const paramsOf = (request: Request) => {
  const search = new URL(request.url).searchParams;
  return { calendarEventId: search.get('calendarEventId')?.trim() || undefined, meetingId: search.get('meetingId')?.trim() || undefined };
};

const viewFor = async (request: Request) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const params = paramsOf(request);
  // docs/contract/portal.md#video-meetings: neither parameter goes home.
  if (!params.calendarEventId && !params.meetingId) throw redirect('/home');
  const { t, locale } = await pageLanguage(request, 'video');
  const view = await loadVideoView(authToken, enduser.id, params, await portalTimeZone(request, enduser as never), { untitled: t('videoCall'), locale });
  if (typeof view === 'object' && 'redirect' in view) throw redirect(view.redirect);
  return { authToken, view, t };
};

/**
 * /video-call (docs/contract/portal.md#routes, #video-meetings): signed in, rendered without the shell. With client=zoom (the event
 * page's Join for a Zoom event), the event's Zoom meeting in the page through the Meeting SDK;
 * otherwise the built-in call's waiting room (a Zoom event opened there goes to its event page).
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const search = new URL(request.url).searchParams;
  const { t } = await pageLanguage(request, 'video');
  const pageTitle = t('pageTitle');
  const texts = await screenTexts(request, ['video']);
  const zoomEventId = search.get('client') === 'zoom' ? search.get('calendarEventId')?.trim() : undefined;
  if (zoomEventId) {
    const { authToken } = await signedInEnduser(request);
    const zoom = await loadZoomView(authToken, zoomEventId, { untitled: t('videoCall') });
    return zoom === 'missing' ? { texts, missing: true as const, pageTitle } : { texts, missing: false as const, pageTitle, zoom };
  }
  const { view } = await viewFor(request);
  return view === 'missing' ? { texts, missing: true as const, pageTitle } : { texts, missing: false as const, pageTitle, view };
};

export type VideoActionResult = { joined: { meetingId: string; iceServers: RTCIceServer[] } } | { ended: true } | { error: string };

/** Join the meeting, or (the host) end it for all. An end failure is logged and the meeting cleared anyway. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, view, t } = await viewFor(request);
  if (view === 'missing') return data<VideoActionResult>({ error: t('eventMissing') });
  const intent = (await request.formData()).get('intent');
  if (intent === 'end') {
    if (view.meetingId) await endMeeting(authToken, view.meetingId).catch((error) => console.error('Ending the meeting failed', error));
    return data<VideoActionResult>({ ended: true });
  }
  try {
    return data<VideoActionResult>({ joined: await joinMeeting(authToken, view) });
  } catch (error) {
    return data<VideoActionResult>({ error: formErrorMessage(error) });
  }
};

export default function VideoCall() {
  const loaded = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { t } = useTranslation('video');
  const revalidator = useQuietRevalidator();
  const join = useFetcher<VideoActionResult>();
  const end = useFetcher<VideoActionResult>();
  const [call, setCall] = useState<{ meetingId: string; iceServers: RTCIceServer[] }>();

  useEffect(() => {
    const result = join.data;
    if (join.state === 'idle' && result && 'joined' in result) setCall(result.joined);
  }, [join.state, join.data]);

  // The waiting room polls; the call view does not (the stream says when it ends), and neither does
  // a Zoom meeting (its page joins at once: polling would only sign a new join every few seconds).
  const zoomPage = 'zoom' in loaded && Boolean(loaded.zoom);
  useRevalidateWhile(!call && !loaded.missing && !zoomPage, WAITING_ROOM_POLL_MS);

  if (loaded.missing) {
    return (
      <Stack component="main" alignItems="center" sx={{ p: 4 }}>
        <Typography level="body-lg">{t('eventMissing')}</Typography>
        <Link component={RemixLink} to="/home" level="body-sm" sx={{ mt: 2 }}>
          {t('backHome')}
        </Link>
      </Stack>
    );
  }
  if ('zoom' in loaded && loaded.zoom) {
    const { zoom } = loaded;
    if ('join' in zoom && zoom.join) return <ZoomCall title={zoom.title} join={zoom.join} leaveUrl={zoom.leaveUrl} zoomURL={zoom.zoomURL} />;
    return (
      <Stack component="main" alignItems="center" textAlign="center" sx={{ p: 4 }} gap={2}>
        <Typography level="h1" sx={{ fontSize: 'xl' }}>
          {zoom.title}
        </Typography>
        <Typography role="alert">{zoom.zoomURL ? t('zoomUnavailable') : t('zoomUnavailableNoLink')}</Typography>
        {zoom.zoomURL && (
          <Button component="a" href={zoom.zoomURL} target="_blank" rel="noreferrer">
            {t('openInZoom')}
          </Button>
        )}
        <Link component={RemixLink} to={zoom.leaveUrl} level="body-sm">
          {t('backToEvent')}
        </Link>
      </Stack>
    );
  }
  const view: VideoView = loaded.view;

  if (call) {
    return (
      <CallView
        title={view.title}
        meetingId={call.meetingId}
        iceServers={call.iceServers}
        host={view.host}
        onLeave={() => {
          setCall(undefined);
          navigate('/home');
        }}
        onEndForAll={() => {
          end.submit({ intent: 'end' }, { method: 'post' });
          setCall(undefined);
        }}
        onEnded={() => {
          setCall(undefined);
          revalidator.revalidate();
        }}
      />
    );
  }

  const ended = view.status === 'ended';
  const joinError = join.data && 'error' in join.data ? join.data.error : undefined;
  return (
    <Stack component="main" alignItems="center" sx={{ p: { xs: 2, sm: 4 } }}>
      <Card sx={{ width: 400, maxWidth: '100%' }}>
        <Stack gap={1.5} alignItems="center" textAlign="center">
          <Typography level="h1" sx={{ fontSize: 'xl' }}>
            {view.title}
          </Typography>
          <Typography level="title-md" component="h2">
            {t('waitingRoom')}
          </Typography>
          {view.when && <Typography level="body-md">{view.when}</Typography>}
          <Stack direction="row" gap={1} alignItems="center" justifyContent="center">
            {view.status === 'none' && <CircularProgress size="sm" aria-label={t('waitingForMeeting')} />}
            <Typography level="body-md" role="status">
              {ended ? t('ended') : view.status === 'none' ? t('waiting') : t('started')}
            </Typography>
          </Stack>
          {!ended && <DeviceCheck />}
          {joinError && (
            <Typography color="danger" role="alert">
              {joinError}
            </Typography>
          )}
          <Button disabled={view.status !== 'live'} loading={join.state !== 'idle'} onClick={() => join.submit({ intent: 'join' }, { method: 'post' })}>
            {t('joinMeeting')}
          </Button>
          <Link component={RemixLink} to="/home" level="body-sm">
            {t('backHome')}
          </Link>
        </Stack>
      </Card>
    </Stack>
  );
}

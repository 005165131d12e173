import Button from '../components/Button';
import Card from '@mui/joy/Card';
import CircularProgress from '@mui/joy/CircularProgress';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/I18nProvider';

/** What the api answers for joining a Zoom meeting (zoom-meeting-sdk-signature): nothing secret. */
export interface ZoomJoin {
  signature: string;
  sdkKey: string;
  meetingNumber: string;
  password: string;
  userName: string;
}

/** Where the SDK's files are served from this origin (routes/_public+/_resources+/zoom-sdk.$.ts). */
const SDK = '/zoom-sdk';
/** The client view runs on these globals, loaded in this order before it. */
const VENDOR = ['react.min.js', 'react-dom.min.js', 'redux.min.js', 'redux-thunk.min.js', 'lodash.min.js'].map((name) => `${SDK}/lib/vendor/${name}`);

type ZoomMtgApi = {
  setZoomJSLib: (path: string, dir: string) => void;
  preLoadWasm: () => void;
  prepareWebSDK: () => void;
  init: (options: Record<string, unknown>) => void;
  join: (options: Record<string, unknown>) => void;
};

type Stage = 'loading' | 'joining' | 'joined' | 'failed';

const loadScript = (src: string) =>
  new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = false;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.appendChild(script);
  });

/**
 * The Zoom meeting on the video call page, through Zoom's Meeting SDK client view (@zoom/meetingsdk,
 * files served by the portal). The api signs the join; this only loads the SDK, initialises it and
 * joins. The SDK then shows its own full-page meeting UI (leave, camera, microphone).
 */
export function ZoomCall({ title, join, leaveUrl, zoomURL }: { title: string; join: ZoomJoin; leaveUrl: string; zoomURL?: string }) {
  const { t } = useTranslation('video');
  const [stage, setStage] = useState<Stage>('loading');
  /** The SDK initialised and join was called (a failure after that is Zoom's answer, or its absence). */
  const [joinAttempted, setJoinAttempted] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const fail = (error: unknown) => {
      console.warn('Zoom meeting not joined', error);
      if (!cancelled) setStage('failed');
    };
    (async () => {
      for (const src of VENDOR) await loadScript(src);
      await loadScript(`${SDK}/zoom-meeting.min.js`);
      const ZoomMtg = (window as unknown as { ZoomMtg: ZoomMtgApi }).ZoomMtg;
      ZoomMtg.setZoomJSLib(`${window.location.origin}${SDK}/lib`, '/av');
      ZoomMtg.preLoadWasm();
      ZoomMtg.prepareWebSDK();
      ZoomMtg.init({
        leaveUrl: new URL(leaveUrl, window.location.origin).toString(),
        patchJsMedia: true,
        success: () => {
          if (cancelled) return;
          setStage('joining');
          setJoinAttempted(true);
          ZoomMtg.join({
            signature: join.signature,
            sdkKey: join.sdkKey,
            meetingNumber: join.meetingNumber,
            passWord: join.password,
            userName: join.userName,
            success: () => !cancelled && setStage('joined'),
            error: fail,
          });
        },
        error: fail,
      });
    })().catch(fail);
    return () => {
      cancelled = true;
    };
  }, [join, leaveUrl]);

  return (
    <Stack component="main" alignItems="center" sx={{ p: { xs: 2, sm: 4 } }} data-zoom-stage={stage} data-zoom-join-attempted={joinAttempted}>
      <Card sx={{ width: 400, maxWidth: '100%' }}>
        <Stack gap={1.5} alignItems="center" textAlign="center">
          <Typography level="h1" sx={{ fontSize: 'xl' }}>
            {title}
          </Typography>
          {stage !== 'failed' && <CircularProgress size="sm" aria-label={t('zoomJoining')} />}
          <Typography level="body-md" role="status">
            {stage === 'failed' ? '' : stage === 'joined' ? t('zoomJoined') : t('zoomJoining')}
          </Typography>
          {stage === 'failed' && (
            <Typography color="danger" role="alert">
              {t('zoomFailed')}
            </Typography>
          )}
          {zoomURL && (
            <Button component="a" variant="outlined" href={zoomURL} target="_blank" rel="noreferrer">
              {t('openInZoom')}
            </Button>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

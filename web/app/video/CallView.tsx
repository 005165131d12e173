import Box from '@mui/joy/Box';
import Button from '../components/Button';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import { usePeerCall } from './usePeerCall';

interface Props {
  title: string;
  meetingId: string;
  iceServers: RTCIceServer[];
  host: boolean;
  onLeave: () => void;
  onEndForAll: () => void;
  /** The host ended the meeting (the stream said so). */
  onEnded: () => void;
  /** The page's signalling relay (the staff app's own under /staff); the portal's by default. */
  signalPath?: string;
  /** Told whether the other person is connected (their tracks arrived). */
  onOtherConnected?: (connected: boolean) => void;
  /** More of the page beside the controls (the host's appointment facts, a no-show button). */
  children?: ReactNode;
}

/**
 * The call view on the built-in WebRTC channel (docs/contract/portal.md#video-meetings): the camera preview (400 px wide, 200 to 600
 * px high), the other person's video, camera and microphone toggles, Leave Meeting, and for the host
 * End Meeting for All. The connection itself is usePeerCall's.
 */
export function CallView({ title, meetingId, iceServers, host, onLeave, onEndForAll, onEnded, signalPath, onOtherConnected, children }: Props) {
  const { t } = useTranslation('video');
  const preview = useRef<HTMLVideoElement>(null);
  const remote = useRef<HTMLVideoElement>(null);
  const { local, remoteKinds, error } = usePeerCall({ meetingId, iceServers, preview, remote, onEnded, signalPath });
  const otherConnected = remoteKinds.length > 0;
  useEffect(() => {
    onOtherConnected?.(otherConnected);
  }, [otherConnected, onOtherConnected]);
  const [cameraOn, setCameraOn] = useState(true);
  const [micOn, setMicOn] = useState(true);

  const toggle = (kind: 'video' | 'audio', on: boolean) => {
    for (const track of local.current?.getTracks() ?? []) if (track.kind === kind) track.enabled = on;
    if (kind === 'video') setCameraOn(on);
    else setMicOn(on);
  };

  return (
    <Stack component="main" gap={2} alignItems="center" sx={{ p: 2 }}>
      <Typography level="h1" sx={{ fontSize: 'xl' }}>
        {title}
      </Typography>
      {children}
      {error && (
        <Typography color="danger" role="alert">
          {error}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} alignItems="center">
        <Box
          component="video"
          ref={remote}
          autoPlay
          playsInline
          aria-label={t('otherParticipant')}
          data-remote-tracks={[...remoteKinds].sort().join(',')}
          sx={{ width: 400, maxWidth: '100%', minHeight: 200, maxHeight: 600, bgcolor: 'neutral.800', borderRadius: 'md' }}
        />
        <Box
          component="video"
          ref={preview}
          autoPlay
          playsInline
          muted
          aria-label={t('yourCamera')}
          sx={{ width: 400, maxWidth: '100%', minHeight: 200, maxHeight: 600, bgcolor: 'neutral.800', borderRadius: 'md', transform: 'scaleX(-1)' }}
        />
      </Stack>
      <Stack direction="row" gap={1} flexWrap="wrap" justifyContent="center">
        <Button variant="soft" aria-pressed={cameraOn} onClick={() => toggle('video', !cameraOn)}>
          {cameraOn ? t('cameraOff') : t('cameraOn')}
        </Button>
        <Button variant="soft" aria-pressed={micOn} onClick={() => toggle('audio', !micOn)}>
          {micOn ? t('mute') : t('unmute')}
        </Button>
        <Button color="neutral" variant="outlined" onClick={onLeave}>
          {t('leaveMeeting')}
        </Button>
        {host && (
          <Button color="danger" onClick={onEndForAll}>
            {t('endForAll')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/I18nProvider';

type Check = 'checking' | 'ready' | 'denied' | 'missing' | 'unavailable';

const MESSAGES = {
  checking: 'cameraChecking',
  ready: 'cameraReady',
  denied: 'cameraDenied',
  missing: 'cameraMissing',
  unavailable: 'cameraUnavailable',
} as const satisfies Record<Check, string>;

/** getUserMedia's refusal in words a patient can act on (DOMException names per the Media Capture spec). */
const failureOf = (reason: unknown): Check => {
  const name = reason instanceof Error || (reason && typeof reason === 'object' && 'name' in reason) ? String((reason as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'unavailable';
};

/**
 * The waiting room's camera and microphone check: a muted preview while the patient waits, or what
 * to do when the browser refuses them. The tracks stop when the check leaves the page (joining the
 * call asks for them again).
 */
export function DeviceCheck() {
  const { t } = useTranslation('video');
  const preview = useRef<HTMLVideoElement>(null);
  const [check, setCheck] = useState<Check>('checking');

  useEffect(() => {
    let stream: MediaStream | undefined;
    let gone = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      setCheck('unavailable');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: true, audio: true })
      .then((granted) => {
        stream = granted;
        if (gone) return granted.getTracks().forEach((track) => track.stop());
        if (preview.current) preview.current.srcObject = granted;
        setCheck('ready');
      })
      .catch((reason: unknown) => {
        if (!gone) setCheck(failureOf(reason));
      });
    return () => {
      gone = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const failed = check !== 'checking' && check !== 'ready';
  return (
    <>
      <Box
        component="video"
        ref={preview}
        autoPlay
        playsInline
        muted
        aria-label={t('cameraPreview')}
        sx={{ width: '100%', aspectRatio: '4 / 3', bgcolor: 'neutral.800', borderRadius: 'md', transform: 'scaleX(-1)', display: failed ? 'none' : 'block' }}
      />
      <Typography level="body-sm" color={failed ? 'danger' : check === 'ready' ? 'success' : 'neutral'} role={failed ? 'alert' : 'status'} data-device-check={check}>
        {t(MESSAGES[check])}
      </Typography>
    </>
  );
}

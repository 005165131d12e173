import { useEffect, useRef, useState } from 'react';
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { PREVIEW_READY, PREVIEW_SCREENS, type PortalDraft, type PreviewMessage, type PreviewScreen } from './portal-draft';
import { ChoiceSelect } from '../ChoiceSelect';

const PREVIEW_PATH = '/staff/portal-preview';

/**
 * One frame of the preview: the portal drawn at `width` css pixels (its own media queries apply, as
 * on a phone or a desktop), scaled down to fit the space it has.
 */
function ScaledFrame({ width, height, label, frameRef }: { width: number; height: number; label: string; frameRef: (frame: HTMLIFrameElement | null) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.4);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScale(Math.min(1, element.clientWidth / width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" level="body-sm" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box ref={box} sx={{ width: '100%', maxWidth: width, height: height * scale, overflow: 'hidden', border: '1px solid', borderColor: 'divider', borderRadius: 'sm', position: 'relative' }}>
        <iframe
          ref={frameRef}
          src={PREVIEW_PATH}
          title={`Portal preview, ${label.toLowerCase()}`}
          style={{ width, height, border: 0, transform: `scale(${scale})`, transformOrigin: '0 0', position: 'absolute', top: 0, left: 0 }}
        />
      </Box>
    </Box>
  );
}

/**
 * The live preview (issue 35): the portal with the unsaved draft at 390 and 1280 px, in frames of the
 * staff app's own preview page, which draws the portal's own components. The draft goes to both
 * frames whenever it changes, and to a frame when it says it is ready.
 */
export function PreviewFrames({ draft }: { draft: PortalDraft }) {
  const [screen, setScreen] = useState<PreviewScreen>('home');
  const frames = useRef<(HTMLIFrameElement | null)[]>([]);
  const latest = useRef<PreviewMessage>({ type: 'carelane-portal-preview', draft, screen });
  latest.current = { type: 'carelane-portal-preview', draft, screen };

  useEffect(() => {
    for (const frame of frames.current) frame?.contentWindow?.postMessage(latest.current, window.location.origin);
  }, [draft, screen]);
  useEffect(() => {
    const ready = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || (event.data as { type?: string } | undefined)?.type !== PREVIEW_READY) return;
      (event.source as Window | null)?.postMessage(latest.current, window.location.origin);
    };
    window.addEventListener('message', ready);
    return () => window.removeEventListener('message', ready);
  }, []);

  return (
    <Box component="section" aria-labelledby="preview-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="preview-heading" level="title-lg" component="h2">
          Preview
        </Typography>
        <ChoiceSelect value={screen} onChange={(value) => value && setScreen(value as typeof screen)} size="sm" choices={PREVIEW_SCREENS} ariaLabel="Screen to preview" sx={{ minWidth: 140 }} />
      </Box>
      <Typography level="body-sm">What patients will see once you save, with the changes you have made.</Typography>
      <ScaledFrame width={390} height={720} label="Phone (390 px)" frameRef={(frame) => (frames.current[0] = frame)} />
      <ScaledFrame width={1280} height={800} label="Desktop (1280 px)" frameRef={(frame) => (frames.current[1] = frame)} />
    </Box>
  );
}

import Box from '@mui/joy/Box';
import Button from './Button';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/I18nProvider';

type PdfDocument = { numPages: number; getPage: (n: number) => Promise<PdfPage>; destroy: () => Promise<void> };
type PdfPage = {
  getViewport: (options: { scale: number }) => { width: number; height: number };
  render: (options: { canvasContext: CanvasRenderingContext2D; viewport: { width: number; height: number } }) => { promise: Promise<void>; cancel: () => void };
};

/**
 * A PDF shown one page at a time with pdf.js (docs/contract/portal.md#content: 'Loading pdf...', 'Previous Page',
 * 'Next Page', 'View in new tab or download here'). pdf.js loads only in the browser, on demand.
 */
export function PdfViewer({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation('content');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PdfDocument>();
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [rendered, setRendered] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let loaded: PdfDocument | undefined;
    (async () => {
      const pdfjs = await import('pdfjs-dist');
      const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      loaded = (await pdfjs.getDocument({ url, isEvalSupported: false }).promise) as unknown as PdfDocument;
      if (cancelled) void loaded.destroy();
      else setPdf(loaded);
    })().catch((error) => {
      console.warn('The PDF could not be shown', error);
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    let task: { promise: Promise<void>; cancel: () => void } | undefined;
    let cancelled = false;
    void pdf.getPage(pageNumber).then((page) => {
      if (cancelled || !canvas.current) return;
      const viewport = page.getViewport({ scale: 1.5 });
      const context = canvas.current.getContext('2d');
      if (!context) return;
      canvas.current.width = viewport.width;
      canvas.current.height = viewport.height;
      task = page.render({ canvasContext: context, viewport });
      task.promise.then(() => !cancelled && setRendered(pageNumber)).catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber]);

  const pages = pdf?.numPages ?? 0;
  return (
    <Stack gap={1} alignItems="flex-start" sx={{ width: '100%' }}>
      {!pdf && !failed ? <Typography>{t('loadingPdf')}</Typography> : null}
      {pdf ? (
        <>
          <Box
            component="canvas"
            ref={canvas}
            role="img"
            aria-label={t('pdfPage', { name, page: pageNumber, count: pages })}
            data-rendered-page={rendered || undefined}
            sx={{ maxWidth: '100%', height: 'auto', border: '1px solid', borderColor: 'divider' }}
          />
          <Stack direction="row" gap={1} alignItems="center">
            <Button size="sm" variant="outlined" disabled={pageNumber <= 1} onClick={() => setPageNumber((n) => n - 1)}>
              {t('previousPage')}
            </Button>
            <Typography level="body-sm">
              {pageNumber} / {pages}
            </Typography>
            <Button size="sm" variant="outlined" disabled={pageNumber >= pages} onClick={() => setPageNumber((n) => n + 1)}>
              {t('nextPage')}
            </Button>
          </Stack>
        </>
      ) : null}
      <Link href={url} target="_blank" rel="noopener noreferrer">
        {t('openPdf')}
      </Link>
    </Stack>
  );
}

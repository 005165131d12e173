import { useEffect, useId, useRef } from 'react';
import { useFetcher } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import type { UploadedFile } from './content-values';
import { visuallyHidden } from '../../components/visually-hidden';

/**
 * Uploads one file to the page's action (intent=upload: the api's presigned flow) and hands back the
 * stored file. The file input is labelled by the button, so it can be reached by keyboard and by name.
 */
export function UploadButton({ label, accept, onUploaded }: { label: string; accept: string; onUploaded: (file: UploadedFile) => void }) {
  const fetcher = useFetcher<{ uploaded?: UploadedFile; uploadProblem?: string }>();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.uploaded && handled.current !== fetcher.data) {
      handled.current = fetcher.data;
      onUploaded(fetcher.data.uploaded);
    }
  }, [fetcher.state, fetcher.data, onUploaded]);
  return (
    <Stack gap={0.5}>
      <Button
        component="label"
        // A label, not a button: the file input inside it is what takes focus and keys.
        role={undefined}
        tabIndex={-1}
        size="sm"
        variant="outlined"
        color="neutral"
        loading={fetcher.state !== 'idle'}
        sx={{ alignSelf: 'flex-start', '&:focus-within': { outline: '2px solid', outlineColor: 'primary.500' } }}
      >
        {label}
        <input
          id={inputId}
          ref={input}
          type="file"
          accept={accept}
          style={visuallyHidden}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            const body = new FormData();
            body.set('intent', 'upload');
            body.set('file', file);
            fetcher.submit(body, { method: 'post', encType: 'multipart/form-data' });
            event.target.value = '';
          }}
        />
      </Button>
      {fetcher.data?.uploadProblem && (
        <Typography level="body-sm" color="danger" role="alert">
          {fetcher.data.uploadProblem}
        </Typography>
      )}
    </Stack>
  );
}

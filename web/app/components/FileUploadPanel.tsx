import { Link as RemixLink, useNavigate, useSearchParams } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Button from './Button';
import Card from '@mui/joy/Card';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import LinearProgress from '@mui/joy/LinearProgress';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useEffect, useRef, type FormEvent } from 'react';
import { useUploadProgress } from './useUploadProgress';
import { useQuietRevalidator } from './useQuietRevalidator';

export const UPLOAD_FAILED = 'Failed to upload file';

/**
 * The 'Add File' dialog of Documents (docs/contract/portal.md#documents). A plain multipart form post to /documents/upload
 * without scripts; with them, the upload shows its progress and the list refreshes after it.
 */
export function FileUploadPanel({ filter }: { filter: string }) {
  const [searchParams] = useSearchParams();
  const { state, upload } = useUploadProgress(UPLOAD_FAILED);
  const navigate = useNavigate();
  const revalidator = useQuietRevalidator();
  const heading = useRef<HTMLHeadingElement>(null);
  const closeTo = filter !== 'all' ? `?filter=${filter}` : '?';
  const serverError = searchParams.get('uploadError') === '1';

  // The dialog takes focus when it opens, for keyboard and screen-reader users.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (await upload(form.action, new FormData(form))) {
      navigate(closeTo, { replace: true });
      revalidator.revalidate();
    }
  };
  const uploading = state.status === 'uploading';
  return (
    <Card variant="soft" role="dialog" aria-labelledby="add-file-heading" sx={{ gap: 1.5 }}>
      <Typography level="title-md" component="h3" id="add-file-heading" tabIndex={-1} ref={heading}>
        Add File
      </Typography>
      <form method="post" action={`/documents/upload?${new URLSearchParams({ filter })}`} encType="multipart/form-data" onSubmit={onSubmit}>
        <Stack gap={1.5}>
          <FormControl required>
            <FormLabel htmlFor="add-file-input">File</FormLabel>
            <input id="add-file-input" type="file" name="file" required disabled={uploading} />
          </FormControl>
          {uploading && (
            <Stack gap={0.5}>
              <LinearProgress determinate value={state.percent} aria-label="Upload progress" aria-valuenow={state.percent} aria-valuemin={0} aria-valuemax={100} />
              <Typography level="body-sm" role="status">{`Uploading... ${state.percent}%`}</Typography>
            </Stack>
          )}
          {(state.status === 'failed' || serverError) && (
            <Alert color="danger" role="alert">
              {state.status === 'failed' ? state.message : UPLOAD_FAILED}
            </Alert>
          )}
          <Stack direction="row" gap={1}>
            <Button type="submit" loading={uploading}>
              Upload
            </Button>
            <Button component={RemixLink} to={closeTo} variant="plain" color="neutral">
              Cancel
            </Button>
          </Stack>
        </Stack>
      </form>
    </Card>
  );
}

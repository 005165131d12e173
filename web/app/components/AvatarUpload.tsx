import { useSearchParams } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Button from './Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import LinearProgress from '@mui/joy/LinearProgress';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { FormEvent } from 'react';
import { EnduserAvatar, type ShellData } from './PortalShell';
import { useUploadProgress } from './useUploadProgress';
import { useQuietRevalidator } from './useQuietRevalidator';

const FAILED = 'Failed to upload file';
/** Messages of a plain post's redirect, by code (the page never echoes text from the address). */
const POSTED_ERRORS: Record<string, string> = {
  tooLarge: 'This image is too large (at most 5 MB)',
  notImage: 'Please choose an image file (PNG, JPEG, GIF or WebP)',
  failed: FAILED,
};

/** The avatar on /settings (docs/contract/portal.md#settings; the 5 MB limit is ours, docs/decisions.md): an image, at most 5 MB, uploaded with its progress shown. */
export function AvatarUpload({ enduser }: { enduser: ShellData['enduser'] }) {
  const { state, upload } = useUploadProgress(FAILED);
  const revalidator = useQuietRevalidator();
  const [searchParams] = useSearchParams();
  const postedError = POSTED_ERRORS[searchParams.get('avatarError') ?? ''];
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (await upload(form.action, new FormData(form))) {
      form.reset();
      revalidator.revalidate();
    }
  };
  const uploading = state.status === 'uploading';
  const error = state.status === 'failed' ? state.message : state.status === 'idle' ? postedError : undefined;
  return (
    <Sheet variant="outlined" component="section" aria-labelledby="avatar-heading" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 'md', maxWidth: 520 }}>
      <Typography level="title-lg" component="h2" id="avatar-heading" sx={{ mb: 1.5 }}>
        Avatar
      </Typography>
      <form method="post" action="/settings/avatar" encType="multipart/form-data" onSubmit={onSubmit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} alignItems={{ sm: 'center' }}>
          <EnduserAvatar enduser={enduser} size="lg" />
          <Stack gap={1} sx={{ flex: 1 }}>
            <FormControl>
              <FormLabel htmlFor="avatar-input">Image</FormLabel>
              <input id="avatar-input" type="file" name="avatar" accept="image/png,image/jpeg,image/gif,image/webp" required disabled={uploading} aria-describedby="avatar-hint" />
              <FormHelperText id="avatar-hint">PNG, JPEG, GIF or WebP, at most 5 MB</FormHelperText>
            </FormControl>
            {uploading && (
              <Stack gap={0.5}>
                <LinearProgress determinate value={state.percent} aria-label="Upload progress" />
                <Typography level="body-sm" role="status">{`Uploading... ${state.percent}%`}</Typography>
              </Stack>
            )}
            {state.status === 'done' && (
              <Typography level="body-sm" role="status" color="success">
                Your avatar has been updated
              </Typography>
            )}
            {error && (
              <Alert color="danger" role="alert">
                {error}
              </Alert>
            )}
            <div>
              <Button type="submit" loading={uploading}>
                Upload avatar
              </Button>
            </div>
          </Stack>
        </Stack>
      </form>
    </Sheet>
  );
}

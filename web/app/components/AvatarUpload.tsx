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
import { useTranslation } from '../i18n/I18nProvider';
import { EnduserAvatar, type ShellData } from './PortalShell';
import { useUploadProgress } from './useUploadProgress';
import { useQuietRevalidator } from './useQuietRevalidator';

/** Messages of a plain post's redirect, by code (the page never echoes text from the address). */
const POSTED_ERRORS = { tooLarge: 'avatarTooLarge', notImage: 'avatarNotImage', failed: 'uploadFailed' } as const;
const isPostedError = (code: string | null): code is keyof typeof POSTED_ERRORS => !!code && Object.hasOwn(POSTED_ERRORS, code);

/** The avatar on /settings (docs/contract/portal.md#settings; the 5 MB limit is ours, docs/decisions.md): an image, at most 5 MB, uploaded with its progress shown. */
export function AvatarUpload({ enduser }: { enduser: ShellData['enduser'] }) {
  const { t } = useTranslation('settings');
  const { state, upload } = useUploadProgress(t('uploadFailed'));
  const revalidator = useQuietRevalidator();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('avatarError');
  const postedError = isPostedError(code) ? t(POSTED_ERRORS[code]) : undefined;
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
        {t('avatar')}
      </Typography>
      <form method="post" action="/settings/avatar" encType="multipart/form-data" onSubmit={onSubmit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} alignItems={{ sm: 'center' }}>
          <EnduserAvatar enduser={enduser} size="lg" />
          <Stack gap={1} sx={{ flex: 1 }}>
            <FormControl>
              <FormLabel htmlFor="avatar-input">{t('image')}</FormLabel>
              <input id="avatar-input" type="file" name="avatar" accept="image/png,image/jpeg,image/gif,image/webp" required disabled={uploading} aria-describedby="avatar-hint" />
              <FormHelperText id="avatar-hint">{t('avatarHint')}</FormHelperText>
            </FormControl>
            {uploading && (
              <Stack gap={0.5}>
                <LinearProgress determinate value={state.percent} aria-label={t('uploadProgress')} />
                <Typography level="body-sm" role="status">{t('uploading', { percent: state.percent })}</Typography>
              </Stack>
            )}
            {state.status === 'done' && (
              <Typography level="body-sm" role="status" color="success">
                {t('avatarUpdated')}
              </Typography>
            )}
            {error && (
              <Alert color="danger" role="alert">
                {error}
              </Alert>
            )}
            <div>
              <Button type="submit" loading={uploading}>
                {t('uploadAvatar')}
              </Button>
            </div>
          </Stack>
        </Stack>
      </form>
    </Sheet>
  );
}

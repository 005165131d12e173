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
import { useTranslation } from '../i18n/I18nProvider';
import { FilePicker } from './FilePicker';
import { useUploadProgress } from './useUploadProgress';
import { useQuietRevalidator } from './useQuietRevalidator';

/**
 * The 'Add File' dialog of Documents (docs/contract/portal.md#documents). A plain multipart form post to /documents/upload
 * without scripts; with them, the upload shows its progress and the list refreshes after it.
 */
export function FileUploadPanel({ filter }: { filter: string }) {
  const [searchParams] = useSearchParams();
  const { t } = useTranslation('documents');
  const { state, upload } = useUploadProgress(t('uploadFailed'));
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
        {t('addFile')}
      </Typography>
      <form method="post" action={`/documents/upload?${new URLSearchParams({ filter })}`} encType="multipart/form-data" onSubmit={onSubmit}>
        <Stack gap={1.5}>
          <FormControl required>
            <FormLabel htmlFor="add-file-input">{t('file')}</FormLabel>
            <FilePicker id="add-file-input" name="file" required disabled={uploading} chooseText={t('chooseFile')} noneText={t('noFileChosen')} />
          </FormControl>
          {uploading && (
            <Stack gap={0.5}>
              <LinearProgress determinate value={state.percent} aria-label={t('uploadProgress')} aria-valuenow={state.percent} aria-valuemin={0} aria-valuemax={100} />
              <Typography level="body-sm" role="status">{t('uploadingPercent', { percent: state.percent })}</Typography>
            </Stack>
          )}
          {(state.status === 'failed' || serverError) && (
            <Alert color="danger" role="alert">
              {state.status === 'failed' ? state.message : t('uploadFailed')}
            </Alert>
          )}
          <Stack direction="row" gap={1}>
            <Button type="submit" loading={uploading}>
              {t('upload')}
            </Button>
            <Button component={RemixLink} to={closeTo} variant="plain" color="neutral">
              {t('cancel')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Card>
  );
}

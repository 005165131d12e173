import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '../../../components/Button';
import Card from '@mui/joy/Card';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/I18nProvider';
import { useLocale } from '../../../i18n/useLanguage';
import { portalFormError } from '../../../i18n/form-error.server';
import { FileUploadPanel } from '../../../components/FileUploadPanel';
import { Icon } from '../../../components/icons';
import { PortalPage } from '../../../components/PortalPage';
import { takeFlash } from '../../../portal/flash.server';
import { formatDate } from '../../../portal/format';
import { formLinkExpired } from '../../../portal/form-link';
import { listRecords, optionalText, updateRecord } from '../../../portal/resources.server';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { truncate } from '../../../portal/format';
import { portalTimeZone } from '../../../time/portal-zone.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** docs/contract/portal.md#truncation: file names are shown cut to 30 characters. */
export const FILE_NAME_LENGTH = 30;

const FILE_FILTERS = ['all', 'shared', 'uploaded'] as const;
type FileFilter = (typeof FILE_FILTERS)[number];
const fileFilterOf = (value: string | null): FileFilter => (value === 'shared' || value === 'uploaded' ? value : 'all');

/**
 * Documents (docs/contract/portal.md#documents): the enduser's own non-hidden form responses and files. Files are those
 * shared to the portal (pushedToClientPortal) and those the enduser uploaded.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const url = new URL(request.url);
  const filter = fileFilterOf(url.searchParams.get('filter'));
  const [responses, files, flash] = await Promise.all([
    listRecords(authToken, 'form-responses', { filter: { enduserId: enduser.id }, limit: 1000, sort: 'newFirst' }),
    listRecords(authToken, 'files', { filter: { enduserId: enduser.id }, limit: 1000, sort: 'newFirst' }),
    takeFlash(request),
  ]);
  const visible = responses.filter((response) => response.hideFromEnduserPortal !== true);
  const toResponse = (response: (typeof responses)[number]) => ({
    id: response.id,
    accessCode: String(response.accessCode ?? ''),
    title: optionalText(response.formTitle),
    submittedAt: optionalText(response.submittedAt),
    expired: formLinkExpired(response),
  });
  const shownFiles = files
    .filter((file) => file.hideFromEnduserPortal !== true)
    .map((file) => ({ id: file.id, name: optionalText(file.name), shared: file.pushedToClientPortal === true, uploaded: file.creator === enduser.id, createdAt: optionalText(file.createdAt) }))
    .filter((file) => file.shared || file.uploaded)
    .filter((file) => (filter === 'shared' ? file.shared : filter === 'uploaded' ? file.uploaded : true));
  return data(
    {
      texts: await screenTexts(request, ['documents']),
      alert: flash.message,
      filter,
      outstanding: visible.filter((response) => !response.submittedAt).map(toResponse),
      submitted: visible.filter((response) => !!response.submittedAt).map(toResponse),
      files: shownFiles,
      timeZone: await portalTimeZone(request, enduser),
    },
    flash.clear ? { headers: { 'Set-Cookie': flash.clear } } : undefined,
  );
};

/** Hiding a file or a form response from the portal (hideFromEnduserPortal). */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await signedInEnduser(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const id = String(form.get('id') ?? '');
  try {
    if (intent === 'hide-file') await updateRecord(authToken, 'file', id, { hideFromEnduserPortal: true });
    if (intent === 'hide-response') await updateRecord(authToken, 'form-response', id, { hideFromEnduserPortal: true });
  } catch (error) {
    return data({ error: await portalFormError(request, error) });
  }
  const back = new URL(request.url);
  back.searchParams.delete('index');
  throw redirect(`/documents${back.search}`);
};

function HideButton({ intent, id, label }: { intent: 'hide-file' | 'hide-response'; id: string; label: string }) {
  const { t } = useTranslation('documents');
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" variant="plain" color="neutral" disabled={busy} aria-label={t('hideItem', { name: label })}>
        {t('hide')}
      </Button>
    </Form>
  );
}

function Section({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ gap: 1 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1} flexWrap="wrap">
        <Typography level="title-lg" component="h2" id={id}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Card>
  );
}

const Row = ({ children }: { children: ReactNode }) => (
  <ListItem sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, px: 0, flexWrap: 'wrap' }}>{children}</ListItem>
);

/** Forms to fill, each a link to fill it; one whose link ran out says so (web/app/portal/form-link.ts). */
function OutstandingForms({ outstanding }: { outstanding: { id: string; accessCode: string; title?: string; expired: boolean }[] }) {
  const { t } = useTranslation('documents');
  return (
    <Section title={t('outstandingForms')} id="outstanding-forms">
      {outstanding.length ? (
        <List>
          {outstanding.map((response) => (
            <Row key={response.id}>
              <Box component="span" sx={{ flex: '1 1 0', minWidth: 0 }}>
                <Link component={RemixLink} to={`/documents/forms/${encodeURIComponent(response.accessCode)}`}>
                  {response.title ?? t('form')}
                </Link>
                {response.expired && (
                  <Typography level="body-xs" color="warning" display="block">
                    {t('linkExpired')}
                  </Typography>
                )}
              </Box>
              <HideButton intent="hide-response" id={response.id} label={response.title ?? t('form')} />
            </Row>
          ))}
        </List>
      ) : (
        <Typography>{t('noOutstanding')}</Typography>
      )}
    </Section>
  );
}

export default function Documents() {
  const { alert, filter, outstanding, submitted, files, timeZone } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const uploading = searchParams.get('upload') === '1';
  const { t } = useTranslation('documents');
  const locale = useLocale();
  return (
    <PortalPage>
      <Typography level="h1">{t('title')}</Typography>
      {alert && (
        <Alert color="danger" role="alert">
          {alert}
        </Alert>
      )}
      {state?.error && (
        <Alert color="danger" role="alert">
          {state.error}
        </Alert>
      )}
      <OutstandingForms outstanding={outstanding} />
      <Section title={t('submittedForms')} id="submitted-forms">
        {submitted.length ? (
          <List>
            {submitted.map((response) => (
              <Row key={response.id}>
                <span>
                  {response.title ?? t('form')}
                  {response.submittedAt && (
                    <Typography level="body-xs" display="block">
                      {t('submittedOn', { date: formatDate(Date.parse(response.submittedAt), timeZone, locale) })}
                    </Typography>
                  )}
                </span>
                <HideButton intent="hide-response" id={response.id} label={response.title ?? t('form')} />
              </Row>
            ))}
          </List>
        ) : (
          <Typography>{t('noSubmitted')}</Typography>
        )}
      </Section>
      <Section
        title={t('sharedFiles')}
        id="shared-files"
        action={
          !uploading && (
            <Button component={RemixLink} to={`?${new URLSearchParams({ ...(filter !== 'all' ? { filter } : {}), upload: '1' })}`} startDecorator={<Icon name="upload" />} size="sm">
              {t('addFile')}
            </Button>
          )
        }
      >
        {uploading && <FileUploadPanel filter={filter} />}
        <Form method="get" aria-label={t('filterFiles')}>
          <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
            <label htmlFor="file-filter">
              <Typography level="body-sm">{t('show')}</Typography>
            </label>
            <Box
              component="select"
              id="file-filter"
              name="filter"
              defaultValue={filter}
              key={filter}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
              sx={{ font: 'inherit', p: 0.75, borderRadius: 'sm', border: '1px solid', borderColor: 'neutral.outlinedBorder', bgcolor: 'background.surface' }}
            >
              {FILE_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {t(`filters.${value}`)}
                </option>
              ))}
            </Box>
            <noscript>
              <Button type="submit" size="sm" variant="outlined">
                {t('filter')}
              </Button>
            </noscript>
          </Stack>
        </Form>
        {files.length ? (
          <List>
            {files.map((file) => (
              <Row key={file.id}>
                <Link href={`/documents/files/${file.id}/download`} startDecorator={<Icon name="download" />} title={file.name ?? t('file')}>
                  {truncate(file.name ?? t('file'), FILE_NAME_LENGTH)}
                </Link>
                <HideButton intent="hide-file" id={file.id} label={file.name ?? t('file')} />
              </Row>
            ))}
          </List>
        ) : (
          <Typography>{t('noFiles')}</Typography>
        )}
      </Section>
    </PortalPage>
  );
}

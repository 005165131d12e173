import { useEffect } from 'react';
import { Link, useFetcher, useNavigation, useSubmit } from '@remix-run/react';
import { Controller, useForm } from 'react-hook-form';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Divider from '@mui/joy/Divider';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import type { ContentItem } from '../../portal/content.server';
import { ContentView } from '../../portal/ContentView';
import { UnsavedChangesGuard } from '../builders/useUnsavedWarning';
import { ConfirmDelete } from '../scheduling/ConfirmDelete';
import { useSaveProblem } from '../builders/useSaveProblem';
import { AssignmentFields } from './AssignmentFields';
import { BlocksEditor } from './BlocksEditor';
import { ContentDetails } from './ContentDetails';
import { contentErrors, type ContentValues } from './content-values';

/** How long editing pauses before the preview is drawn again. */
const PREVIEW_DELAY_MS = 400;

/** The item as its patients will see it: the page's action maps the unsaved values as the portal does, and the portal's own component draws them. */
function ContentPreview({ values }: { values: ContentValues }) {
  const fetcher = useFetcher<{ preview?: ContentItem }>();
  const key = JSON.stringify(values);
  useEffect(() => {
    const timer = setTimeout(() => fetcher.submit({ intent: 'preview', ...values } as never, { method: 'post', encType: 'application/json' }), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
    // The preview follows the values only (fetcher changes identity as it loads).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return (
    <Sheet component="section" aria-labelledby="content-preview-heading" variant="outlined" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
      <Typography id="content-preview-heading" level="title-lg" component="h2" sx={{ mb: 1 }}>
        Preview: as patients see it
      </Typography>
      <Divider sx={{ mb: 2 }} />
      {fetcher.data?.preview ? (
        <Box role="region" aria-label="Patient's view" sx={{ display: 'flex', flexDirection: 'column', gap: 2, '& h1': { fontSize: 'xl2' } }}>
          <ContentView item={fetcher.data.preview} />
        </Box>
      ) : (
        <Typography level="body-sm">Preparing the preview…</Typography>
      )}
    </Sheet>
  );
}

/**
 * A content item's page: details and header photo, the article's blocks (or the PDF or video), who sees
 * it with the patients that makes, and the patient's view beside it. Saving posts JSON to the page's
 * action; a refusal shows on its field and the form keeps what was typed.
 */
export function ContentEditor({ heading, values, isNew, canEdit, canDelete }: { heading: string; values: ContentValues; isNew: boolean; canEdit: boolean; canDelete: boolean }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formEncType === 'application/json';
  const form = useForm<ContentValues>({
    defaultValues: values,
    resolver: async (current) => {
      const errors = contentErrors(current);
      return Object.keys(errors).length ? { values: {}, errors: Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, { type: 'required', message }])) } : { values: current, errors: {} };
    },
  });
  const { control, formState, setValue, watch } = form;
  const problem = useSaveProblem(watch);
  const current = watch();
  const onSubmit = form.handleSubmit((valid) => submit({ intent: 'save', ...valid } as never, { method: 'post', encType: 'application/json' }));
  const messageFor = (name: string) => (formState.errors[name as keyof ContentValues]?.message as string | undefined) ?? (problem?.field === name ? problem.message : undefined);
  const change = { shouldDirty: true, shouldValidate: formState.isSubmitted };

  return (
    <Stack gap={2}>
      <UnsavedChangesGuard dirty={canEdit && formState.isDirty && !saving} what="this content" />
      <Typography level="h2" component="h1">
        {heading}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Sheet variant="outlined" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
          <form method="post" noValidate onSubmit={onSubmit} aria-label={heading}>
            <Stack gap={3}>
              {problem && !problem.field && (
                <Alert color="danger" role="alert">
                  {problem.message}
                </Alert>
              )}
              <ContentDetails control={control} setValue={setValue} values={current} messageFor={messageFor} isNew={isNew} canEdit={canEdit} />
              {current.type === 'Article' && (
                <Controller name="blocks" control={control} render={({ field }) => <BlocksEditor blocks={field.value} onChange={(blocks) => setValue('blocks', blocks, change)} />} />
              )}
              <AssignmentFields
                value={current}
                canEdit={canEdit}
                errors={{ tags: messageFor('tags'), individual: messageFor('individual') }}
                onChange={(next) => Object.entries(next).forEach(([name, value]) => setValue(name as keyof ContentValues, value as never, change))}
              />
              <Stack direction="row" gap={1} flexWrap="wrap">
                {canEdit && (
                  <Button type="submit" loading={saving}>
                    {isNew ? 'Add content' : 'Save content'}
                  </Button>
                )}
                <Button component={Link} to="/staff/content" variant="plain" color="neutral">
                  {canEdit ? 'Cancel' : 'Back'}
                </Button>
              </Stack>
            </Stack>
          </form>
        </Sheet>
        <ContentPreview values={current} />
      </Box>
      {canDelete && (
        <Stack direction="row">
          <ConfirmDelete name={values.title} consequence="Patients no longer see it in their portal. Files it used stay in your records." />
        </Stack>
      )}
    </Stack>
  );
}

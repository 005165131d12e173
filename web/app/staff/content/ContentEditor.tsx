import { Controller } from 'react-hook-form';
import Box from '@mui/joy/Box';
import Divider from '@mui/joy/Divider';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { ContentItem } from '../../portal/content.server';
import { ContentView } from '../../portal/ContentView';
import { BuilderPage } from '../builders/BuilderPage';
import { useBuilderForm } from '../builders/useBuilderForm';
import { useDebouncedAction } from '../builders/useDebouncedAction';
import { ConfirmDelete } from '../scheduling/ConfirmDelete';
import type { TagInUse } from '../journey-builder/tags';
import { AssignmentFields } from './AssignmentFields';
import { BlocksEditor } from './BlocksEditor';
import { ContentDetails } from './ContentDetails';
import { contentErrors, type ContentValues } from './content-values';

/** How long editing pauses before the preview is drawn again. */
const PREVIEW_DELAY_MS = 400;

/** The item as its patients will see it: the page's action maps the unsaved values as the portal does, and the portal's own component draws them. */
function ContentPreview({ values }: { values: ContentValues }) {
  const fetcher = useDebouncedAction<{ preview?: ContentItem }>({ intent: 'preview', ...values }, PREVIEW_DELAY_MS);
  return (
    <Sheet component="section" aria-labelledby="content-preview-heading" variant="outlined" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
      <Typography id="content-preview-heading" level="title-lg" component="h2" sx={{ mb: 1 }}>
        Preview: as patients see it
      </Typography>
      <Divider sx={{ mb: 2 }} />
      {!values.title.trim() ? (
        <Typography level="body-sm">Give the item a title, and the preview shows it here as your patients will see it.</Typography>
      ) : fetcher.data?.preview ? (
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
export function ContentEditor({
  heading,
  values,
  isNew,
  canEdit,
  canDelete,
  tagsInUse,
}: {
  heading: string;
  values: ContentValues;
  isNew: boolean;
  canEdit: boolean;
  canDelete: boolean;
  tagsInUse: TagInUse[];
}) {
  const { form, saving, onSubmit, messageFor, formMessage } = useBuilderForm<ContentValues>(values, contentErrors);
  const { control, formState, setValue, watch } = form;
  const current = watch();
  const change = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  return (
    <BuilderPage
      heading={heading}
      dirty={formState.isDirty}
      formMessage={formMessage}
      onSubmit={onSubmit}
      saveLabel={isNew ? 'Add content' : 'Save content'}
      saving={saving}
      canEdit={canEdit}
      listPath="/staff/content"
      preview={<ContentPreview values={current} />}
      footer={
        canDelete && (
          <Stack direction="row">
            <ConfirmDelete name={values.title} consequence="Patients no longer see it in their portal. Files it used stay in your records." />
          </Stack>
        )
      }
    >
      <Stack gap={3}>
        <ContentDetails control={control} setValue={setValue} values={current} messageFor={messageFor} isNew={isNew} canEdit={canEdit} />
        {current.type === 'Article' && <Controller name="blocks" control={control} render={({ field }) => <BlocksEditor blocks={field.value} onChange={(blocks) => setValue('blocks', blocks, change)} />} />}
        <AssignmentFields
          value={current}
          canEdit={canEdit}
          tagsInUse={tagsInUse}
          errors={{ tags: messageFor('tags'), individual: messageFor('individual') }}
          onChange={(next) => Object.entries(next).forEach(([name, value]) => setValue(name as keyof ContentValues, value as never, change))}
        />
      </Stack>
    </BuilderPage>
  );
}

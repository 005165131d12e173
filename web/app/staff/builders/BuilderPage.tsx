import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { SaveOrCancel } from './SaveOrCancel';
import { UnsavedChangesGuard } from '../UnsavedChanges';

/**
 * A builder's page (templates, content): the heading, the form in a card with the api's form-wide
 * refusal above its fields and Save and Cancel below them, the preview beside it on a wide screen
 * (below it on a phone), and what else the record offers (duplicate, delete) underneath. Leaving
 * with unsaved changes asks first.
 */
export function BuilderPage({
  heading,
  dirty,
  formMessage,
  onSubmit,
  saveLabel,
  saving,
  canEdit,
  listPath,
  preview,
  columns = 'minmax(0, 1fr) minmax(0, 1fr)',
  footer,
  children,
}: {
  heading: string;
  dirty: boolean;
  formMessage?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saveLabel: string;
  saving: boolean;
  canEdit: boolean;
  listPath: string;
  preview: ReactNode;
  columns?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap={2}>
      <UnsavedChangesGuard dirty={canEdit && dirty && !saving} />
      <Typography level="h2" component="h1">
        {heading}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: columns }, alignItems: 'start' }}>
        <Sheet variant="outlined" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
          <form method="post" noValidate onSubmit={onSubmit} aria-label={heading}>
            <Stack gap={2}>
              {formMessage && (
                <Alert color="danger" role="alert">
                  {formMessage}
                </Alert>
              )}
              {children}
              <SaveOrCancel canEdit={canEdit} saveLabel={saveLabel} saving={saving} listPath={listPath} />
            </Stack>
          </form>
        </Sheet>
        {preview}
      </Box>
      {footer}
    </Stack>
  );
}

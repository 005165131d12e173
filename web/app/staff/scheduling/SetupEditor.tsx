import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, Resolver } from 'react-hook-form';
import Alert from '@mui/joy/Alert';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { UnsavedChangesGuard } from '../UnsavedChanges';
import { SaveOrCancel } from '../builders/SaveOrCancel';
import { ConfirmDelete } from './ConfirmDelete';
import { SetupFields, type SetupField } from './SetupFields';
import { useSetupForm } from './useSetupForm';

/**
 * A setup record's page: its fields as a form (react-hook-form; the spec's browser checks, then the
 * api's own refusal on the field it names), Save and Cancel, and Delete behind a confirmation. A role
 * that may not change the record reads the same fields without any of the controls.
 */
export function SetupEditor<Values extends FieldValues>({
  heading,
  name,
  fields,
  defaults,
  resolver,
  canEdit,
  canDelete,
  saveLabel,
  listPath,
  deleteConsequence,
  warnUnsaved = false,
  children,
}: {
  heading: string;
  /** The record's name, for the delete dialog (undefined while creating). */
  name?: string;
  fields: SetupField<Values>[];
  defaults: DefaultValues<Values>;
  resolver: Resolver<Values>;
  canEdit: boolean;
  canDelete: boolean;
  saveLabel: string;
  listPath: string;
  deleteConsequence: string;
  /** Ask before leaving with unsaved changes (the builders of issue 35). */
  warnUnsaved?: boolean;
  children?: ReactNode;
}) {
  const { control, onSubmit, busy, messageFor, formMessage, formState } = useSetupForm<Values>(defaults, resolver);
  return (
    <Stack gap={2}>
      {warnUnsaved && <UnsavedChangesGuard dirty={formState.isDirty && !busy} />}
      <Typography level="h2" component="h1">
        {heading}
      </Typography>
      {children}
      <Sheet variant="outlined" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
        <form method="post" noValidate onSubmit={onSubmit} aria-label={heading}>
          <Stack gap={2}>
            {formMessage && (
              <Alert color="danger" role="alert">
                {formMessage}
              </Alert>
            )}
            <SetupFields fields={fields} control={control} canEdit={canEdit} messageFor={messageFor} />
            <SaveOrCancel canEdit={canEdit} saveLabel={saveLabel} saving={busy} listPath={listPath} />
          </Stack>
        </form>
      </Sheet>
      {canDelete && name && (
        <Stack direction="row">
          <ConfirmDelete name={name} consequence={deleteConsequence} />
        </Stack>
      )}
    </Stack>
  );
}

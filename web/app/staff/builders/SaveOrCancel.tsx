import { Link } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Button from '../../components/Button';

/** A setup or builder form's closing row: Save (when the role may change the record) and Cancel, or only Back when it may not. */
export function SaveOrCancel({ canEdit, saveLabel, saving, listPath }: { canEdit: boolean; saveLabel: string; saving: boolean; listPath: string }) {
  return (
    <Stack direction="row" gap={1} flexWrap="wrap">
      {canEdit && (
        <Button type="submit" loading={saving}>
          {saveLabel}
        </Button>
      )}
      <Button component={Link} to={listPath} variant="plain" color="neutral">
        {canEdit ? 'Cancel' : 'Back'}
      </Button>
    </Stack>
  );
}

import Button from '../components/Button';
import DialogActions from '@mui/joy/DialogActions';

/**
 * A confirming dialog's buttons: the form's submit (first, so Enter confirms) and the way out, which
 * closes the dialog and changes nothing.
 */
export function DialogButtons({
  confirm,
  onCancel,
  busy = false,
  danger = false,
  cancel = 'Cancel',
}: {
  confirm: string;
  onCancel: () => void;
  busy?: boolean;
  danger?: boolean;
  cancel?: string;
}) {
  return (
    <DialogActions>
      <Button type="submit" color={danger ? 'danger' : 'primary'} loading={busy}>
        {confirm}
      </Button>
      <Button variant="plain" color="neutral" onClick={onCancel}>
        {cancel}
      </Button>
    </DialogActions>
  );
}

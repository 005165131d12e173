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
  disabled = false,
}: {
  confirm: string;
  onCancel: () => void;
  busy?: boolean;
  danger?: boolean;
  cancel?: string;
  /** Confirm stays disabled until what it needs is there (a forum's title typed). */
  disabled?: boolean;
}) {
  return (
    <DialogActions>
      <Button type="submit" color={danger ? 'danger' : 'primary'} loading={busy} disabled={disabled}>
        {confirm}
      </Button>
      <Button variant="plain" color="neutral" onClick={onCancel}>
        {cancel}
      </Button>
    </DialogActions>
  );
}

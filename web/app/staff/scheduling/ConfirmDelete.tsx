import { useState } from 'react';
import { Form, useNavigation } from '@remix-run/react';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Button from '../../components/Button';
import { DialogButtons } from '../DialogButtons';

/**
 * A Delete button that asks first, in a dialog naming the record and what deleting it does; then posts
 * intent=delete. `verb` and `intent` name another such step ('Revoke', 'Remove').
 */
export function ConfirmDelete({
  name,
  consequence,
  action,
  fields = {},
  verb = 'Delete',
  intent = 'delete',
}: {
  name: string;
  consequence: string;
  action?: string;
  fields?: Record<string, string>;
  verb?: string;
  intent?: string;
}) {
  const [open, setOpen] = useState(false);
  const busy = useNavigation().state === 'submitting';
  const titleId = `${intent}-${name.replace(/\W+/g, '-')}`;
  return (
    <>
      <Button color="danger" variant="outlined" onClick={() => setOpen(true)} aria-label={`${verb} ${name}`}>
        {verb}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)}>
        <ModalDialog role="alertdialog" aria-labelledby={titleId} sx={{ maxWidth: 460 }}>
          <Form method="post" action={action} onSubmit={() => setTimeout(() => setOpen(false))}>
            <input type="hidden" name="intent" value={intent} />
            {Object.entries(fields).map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={value} />
            ))}
            <DialogTitle id={titleId} component="h2">
              {verb} {name}?
            </DialogTitle>
            <DialogContent sx={{ mt: 1 }}>{consequence}</DialogContent>
            <DialogButtons confirm={verb} danger busy={busy} cancel="Keep it" onCancel={() => setOpen(false)} />
          </Form>
        </ModalDialog>
      </Modal>
    </>
  );
}

import { useState } from 'react';
import { Form, useNavigation } from '@remix-run/react';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Button from '../components/Button';
import { DialogButtons } from './DialogButtons';

/**
 * A button that asks first: a dialog titled with the question and saying what the step does, whose
 * confirm posts `intent` with `fields`. The opener's accessible name starts with its visible text
 * (speech users say what they see) and names what it acts on.
 */
export function ConfirmAction({
  opener,
  openerName,
  title,
  consequence,
  confirm,
  intent,
  fields = {},
  action,
  danger = true,
  cancel = 'Keep it',
}: {
  opener: string;
  openerName: string;
  title: string;
  consequence: string;
  confirm: string;
  intent: string;
  fields?: Record<string, string>;
  action?: string;
  danger?: boolean;
  cancel?: string;
}) {
  const [open, setOpen] = useState(false);
  const busy = useNavigation().state === 'submitting';
  const titleId = `${intent}-${openerName.replace(/\W+/g, '-')}`;
  return (
    <>
      <Button color={danger ? 'danger' : 'primary'} variant="outlined" onClick={() => setOpen(true)} aria-label={openerName}>
        {opener}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)}>
        <ModalDialog role="alertdialog" aria-labelledby={titleId} sx={{ maxWidth: 460 }}>
          <Form method="post" action={action} onSubmit={() => setTimeout(() => setOpen(false))}>
            <input type="hidden" name="intent" value={intent} />
            {Object.entries(fields).map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={value} />
            ))}
            <DialogTitle id={titleId} component="h2">
              {title}
            </DialogTitle>
            <DialogContent sx={{ mt: 1 }}>{consequence}</DialogContent>
            <DialogButtons confirm={confirm} danger={danger} busy={busy} cancel={cancel} onCancel={() => setOpen(false)} />
          </Form>
        </ModalDialog>
      </Modal>
    </>
  );
}

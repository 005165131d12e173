import { useState } from 'react';
import { Form, useNavigation } from '@remix-run/react';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Button from '../../components/Button';
import { DialogButtons } from '../DialogButtons';

/**
 * Deleting a forum asks for its title, typed (docs/contract/portal.md#community): it removes every post and
 * comment in it, which cannot be undone. Delete stays disabled until the title matches; the server
 * checks it again.
 */
export function DeleteForum({ title, problem }: { title: string; problem?: string }) {
  const [open, setOpen] = useState(!!problem);
  const [typed, setTyped] = useState('');
  const busy = useNavigation().state === 'submitting';
  const matches = typed.trim() === title.trim();
  return (
    <>
      <Button color="danger" variant="outlined" onClick={() => setOpen(true)}>
        Delete forum
      </Button>
      <Modal open={open} onClose={() => setOpen(false)}>
        <ModalDialog role="alertdialog" aria-labelledby="delete-forum-title" sx={{ maxWidth: 480 }}>
          <Form method="post">
            <input type="hidden" name="intent" value="delete-forum" />
            <DialogTitle id="delete-forum-title" component="h2">
              Delete {title}?
            </DialogTitle>
            <DialogContent sx={{ mt: 1, gap: 2 }}>
              This removes the forum with all its posts and comments, for patients and staff alike. It cannot be undone.
              <FormControl error={!!problem}>
                <FormLabel>Type the forum’s title to confirm</FormLabel>
                <Input name="typedTitle" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" placeholder={title} />
                {problem && <FormHelperText>{problem}</FormHelperText>}
              </FormControl>
            </DialogContent>
            <DialogButtons confirm="Delete forum" cancel="Keep it" danger busy={busy} disabled={!matches} onCancel={() => setOpen(false)} />
          </Form>
        </ModalDialog>
      </Modal>
    </>
  );
}

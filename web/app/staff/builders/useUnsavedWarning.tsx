import { useEffect } from 'react';
import { useBlocker } from '@remix-run/react';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Button from '../../components/Button';

/**
 * A builder's guard against losing work: while the form has unsaved changes, following a link to
 * another page asks first (the dialog below), and closing or reloading the tab gets the browser's own
 * question. Saving posts to the same address, so it is never held up.
 */
export function UnsavedChangesGuard({ dirty, what }: { dirty: boolean; what: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const open = blocker.state === 'blocked';
  return (
    <Modal open={open} onClose={() => blocker.reset?.()}>
      <ModalDialog role="alertdialog" aria-labelledby="unsaved-title" sx={{ maxWidth: 440 }}>
        <DialogTitle id="unsaved-title" component="h2">
          Leave without saving?
        </DialogTitle>
        <DialogContent sx={{ mt: 1 }}>Your changes to {what} are not saved yet. If you leave now, they are lost.</DialogContent>
        <DialogActions>
          <Button variant="solid" onClick={() => blocker.reset?.()}>
            Stay and keep editing
          </Button>
          <Button variant="plain" color="danger" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}

import { useEffect } from 'react';
import { useBlocker } from '@remix-run/react';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Button from '../components/Button';

/**
 * Warns before a builder's unsaved changes are lost: leaving for another page of the app asks first
 * (a dialog), and closing or reloading the tab gets the browser's own question. Submitting the form
 * itself (the same address) is never held up.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
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
  useEffect(() => {
    // Saved (or undone) while a leave was waiting: let it go on.
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);
  return (
    <Modal open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()}>
      <ModalDialog role="alertdialog" aria-labelledby="unsaved-changes-title" sx={{ maxWidth: 440 }}>
        <DialogTitle id="unsaved-changes-title" component="h2">
          Leave without saving?
        </DialogTitle>
        <DialogContent>Your changes on this page are not saved yet. If you leave now, they are lost.</DialogContent>
        <DialogActions>
          <Button color="danger" onClick={() => blocker.proceed?.()}>
            Leave and lose changes
          </Button>
          <Button variant="plain" color="neutral" onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}

import { useState } from 'react';
import { Form, Link } from '@remix-run/react';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Stack from '@mui/joy/Stack';
import Button from '../../components/Button';
import type { TaskRow } from './queue.server';
import { DialogButtons } from '../DialogButtons';
import { SelectBox } from '../SelectBox';

/**
 * A queue line's actions: close (a ticket with one of its reasons, or one typed; a staff task is
 * completed), reassign, and open the patient. Each asks in a dialog before it writes.
 */
export function TaskActions({ row, staff }: { row: TaskRow; staff: { id: string; label: string }[] }) {
  const [open, setOpen] = useState<'close' | 'reassign' | undefined>();
  const titleId = `task-dialog-${row.key}`;
  return (
    <Stack direction="row" gap={0.5} flexWrap="wrap">
      <Button size="sm" variant="soft" onClick={() => setOpen('close')} aria-label={row.kind === 'ticket' ? `Close ${row.title}` : `Mark ${row.title} done`}>
        {row.kind === 'ticket' ? 'Close' : 'Mark done'}
      </Button>
      <Button size="sm" variant="plain" onClick={() => setOpen('reassign')} aria-label={`Reassign ${row.title}`}>
        Reassign
      </Button>
      {row.patient && (
        <Button size="sm" variant="plain" component={Link} to={`/staff/patients/${row.patient.id}`} aria-label={`Open patient ${row.patient.name}`}>
          Open patient
        </Button>
      )}
      <Modal open={!!open} onClose={() => setOpen(undefined)}>
        <ModalDialog aria-labelledby={titleId} sx={{ maxWidth: 460 }}>
          <Form method="post" onSubmit={() => setTimeout(() => setOpen(undefined))}>
            <input type="hidden" name="intent" value={open ?? ''} />
            <input type="hidden" name="kind" value={row.kind} />
            <input type="hidden" name="id" value={row.id} />
            <input type="hidden" name="title" value={row.title} />
            <DialogTitle id={titleId} component="h2">
              {open === 'close' ? (row.kind === 'ticket' ? `Close ${row.title}?` : `Mark ${row.title} done?`) : `Reassign ${row.title}`}
            </DialogTitle>
            <DialogContent sx={{ mt: 1 }}>
              {open === 'close' && row.kind === 'ticket' && (row.closeReasons.length ? (
                <FormControl>
                  <FormLabel id={`${titleId}-reason`}>Reason</FormLabel>
                  <RadioGroup name="reason" aria-labelledby={`${titleId}-reason`}>
                    {row.closeReasons.map((reason, index) => (
                      <Radio key={reason} value={reason} label={reason} slotProps={{ input: { required: index === 0 } }} />
                    ))}
                  </RadioGroup>
                </FormControl>
              ) : (
                <FormControl required>
                  <FormLabel>Reason</FormLabel>
                  <Input name="reason" required autoFocus />
                </FormControl>
              ))}
              {open === 'reassign' && (
                <FormControl required>
                  <FormLabel htmlFor={`${titleId}-assignee`}>Staff member</FormLabel>
                  <SelectBox id={`${titleId}-assignee`} name="userId" required defaultValue="">
                    <option value="" disabled>
                      Choose…
                    </option>
                    {staff.map((user) => (
                      <option key={user.id} value={user.id}>
                        {user.label}
                      </option>
                    ))}
                  </SelectBox>
                </FormControl>
              )}
            </DialogContent>
            <DialogButtons confirm={open === 'close' ? (row.kind === 'ticket' ? 'Close task' : 'Mark done') : 'Reassign'} onCancel={() => setOpen(undefined)} />
          </Form>
        </ModalDialog>
      </Modal>
    </Stack>
  );
}

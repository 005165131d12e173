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
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import type { BulkAction } from './types';
import { DialogButtons } from '../DialogButtons';
import { SelectBox } from '../SelectBox';

/**
 * The bar that appears while rows are chosen: how many, each bulk action, and a way to clear the
 * choice. An action asks what it needs and confirms with the count before anything is written.
 */
export function BulkActionBar({ ids, actions, onClear, noun }: { ids: string[]; actions: BulkAction[]; onClear: () => void; noun: (count: number) => string }) {
  const [open, setOpen] = useState<BulkAction | undefined>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  if (!ids.length) return null;
  return (
    <Sheet
      variant="outlined"
      role="region"
      aria-label="Chosen rows"
      sx={{ position: 'sticky', bottom: 12, zIndex: 2, borderRadius: 'md', p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, boxShadow: 'lg', bgcolor: 'background.surface' }}
    >
      <Typography level="title-sm" sx={{ mr: 1 }} aria-live="polite">
        {ids.length} {noun(ids.length)} selected
      </Typography>
      {actions.map((action) => (
        <Button key={action.intent} size="sm" variant="soft" onClick={() => setOpen(action)}>
          {action.label}
        </Button>
      ))}
      <Button size="sm" variant="plain" color="neutral" onClick={onClear} sx={{ ml: 'auto' }}>
        Clear selection
      </Button>
      <Modal open={!!open} onClose={() => setOpen(undefined)}>
        <ModalDialog aria-labelledby="bulk-title" sx={{ maxWidth: 460 }}>
          {open && (
            <Form method="post" onSubmit={() => setTimeout(() => setOpen(undefined))}>
              <DialogTitle id="bulk-title" component="h2">
                {open.question(ids.length)}
              </DialogTitle>
              <DialogContent>
                <input type="hidden" name="intent" value={open.intent} />
                {ids.map((id) => (
                  <input key={id} type="hidden" name="ids" value={id} />
                ))}
                {open.field?.kind === 'choice' && (
                  <FormControl sx={{ mt: 1 }} required>
                    <FormLabel htmlFor="bulk-field">{open.field.label}</FormLabel>
                    <SelectBox id="bulk-field" name={open.field.name} required defaultValue="">
                      <option value="" disabled>
                        Choose…
                      </option>
                      {open.field.options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </SelectBox>
                  </FormControl>
                )}
                {open.field?.kind === 'text' && (
                  <FormControl sx={{ mt: 1 }} required>
                    <FormLabel>{open.field.label}</FormLabel>
                    <Input name={open.field.name} required autoFocus />
                    {open.field.hint && <FormHelperText>{open.field.hint}</FormHelperText>}
                  </FormControl>
                )}
              </DialogContent>
              <DialogButtons confirm={open.confirmLabel} busy={busy} onCancel={() => setOpen(undefined)} />
            </Form>
          )}
        </ModalDialog>
      </Modal>
    </Sheet>
  );
}

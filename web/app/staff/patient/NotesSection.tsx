import { useEffect, useRef, useState } from 'react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { RecordSection } from '../record/RecordSection';
import { FormNotice } from './FormNotice';
import { useSectionForm } from './useSectionForm';

export interface NoteView {
  id: string;
  title: string;
  text: string;
  when: string;
}

/** A note's form: a new one (empties itself once added) or an existing one being edited. */
function NoteForm({ note, onDone }: { note?: NoteView; onDone?: () => void }) {
  const { fetcher, busy, state } = useSectionForm();
  const formRef = useRef<HTMLFormElement>(null);
  const prefix = note ? `note-${note.id}` : 'note-new';
  useEffect(() => {
    if (state?.saved && !state.formError) {
      if (note) onDone?.();
      else formRef.current?.reset();
    }
  }, [state, note, onDone]);
  return (
    <fetcher.Form method="post" ref={formRef}>
      <input type="hidden" name="intent" value="note" />
      {note && <input type="hidden" name="noteId" value={note.id} />}
      <Stack gap={1}>
        <FormControl>
          <FormLabel htmlFor={`${prefix}-title`}>{note ? 'Title' : 'New note title (optional)'}</FormLabel>
          <Input slotProps={{ input: { id: `${prefix}-title` } }} name="title" defaultValue={note?.title} />
        </FormControl>
        <FormControl>
          <FormLabel htmlFor={`${prefix}-text`}>{note ? 'Note' : 'New note'}</FormLabel>
          <Textarea slotProps={{ textarea: { id: `${prefix}-text` } }} name="text" minRows={note ? 3 : 2} defaultValue={note?.text} />
        </FormControl>
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Button type="submit" size="sm" loading={busy}>
            {note ? 'Save note' : 'Add note'}
          </Button>
          {note && (
            <Button type="button" size="sm" variant="plain" onClick={onDone}>
              Cancel
            </Button>
          )}
          <FormNotice state={state} />
        </Stack>
      </Stack>
    </fetcher.Form>
  );
}

function NoteItem({ note, canEdit }: { note: NoteView; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <Box component="li" sx={{ py: 1, borderTop: '1px solid', borderColor: 'divider' }}>
      {editing ? (
        <NoteForm note={note} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap={0.25}>
          <Stack direction="row" justifyContent="space-between" alignItems="baseline" gap={1}>
            <Typography level="title-sm" component="h3">
              {note.title || 'Note'}
            </Typography>
            {canEdit && (
              <Button size="sm" variant="plain" onClick={() => setEditing(true)} aria-label={`Edit note ${note.title || note.when}`}>
                Edit
              </Button>
            )}
          </Stack>
          <Typography level="body-xs">{note.when}</Typography>
          <Typography level="body-sm" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {note.text}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

/** Staff notes about the patient: write one, read them newest first, edit one in place. */
export function NotesSection({ notes, canCreate, canEdit }: { notes: NoteView[]; canCreate: boolean; canEdit: boolean }) {
  return (
    <RecordSection id="patient-notes" title="Notes" empty={notes.length === 0 && (canCreate ? 'No notes yet. Write the first one here.' : 'No notes yet.')}>
      {canCreate && <NoteForm />}
      {notes.length > 0 && (
        <Box component="ul" aria-label="Notes" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {notes.map((note) => (
            <NoteItem key={note.id} note={note} canEdit={canEdit} />
          ))}
        </Box>
      )}
    </RecordSection>
  );
}

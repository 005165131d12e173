import { useRef } from 'react';
import { Form, useSubmit } from '@remix-run/react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Button from '../../components/Button';

/**
 * Starting to type a patient's name finds them (?q=, the api's search); choosing one opens a new chat
 * with them. Works without scripts too: the search is a GET form and each match a POST button.
 */
export function NewConversation({ q, view, matches }: { q: string; view: string; matches: { id: string; name: string }[] }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // Matches follow the typing (300 ms after the last key), without a history entry per letter.
  const typed = (form: HTMLFormElement | null) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => form && submit(form, { replace: true, preventScrollReset: true }), 300);
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Form method="get" role="search" style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
        <input type="hidden" name="view" value={view} />
        <FormControl size="sm" sx={{ flexGrow: 1 }}>
          <FormLabel>New conversation with</FormLabel>
          <Input name="q" defaultValue={q} placeholder="Patient name" autoComplete="off" onChange={(event) => typed(event.target.form)} />
        </FormControl>
        <Button type="submit" size="sm" variant="outlined">
          Find
        </Button>
      </Form>
      {q ? (
        matches.length ? (
          <Box component="ul" aria-label="Matching patients" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {matches.map((match) => (
              <li key={match.id}>
                <Form method="post">
                  <input type="hidden" name="intent" value="start" />
                  <input type="hidden" name="enduserId" value={match.id} />
                  <Button type="submit" size="sm" variant="soft">{`Write to ${match.name}`}</Button>
                </Form>
              </li>
            ))}
          </Box>
        ) : (
          <Box sx={{ fontSize: 'sm' }}>No patient matches “{q}”. Check the spelling, or add the patient first.</Box>
        )
      ) : null}
    </Box>
  );
}

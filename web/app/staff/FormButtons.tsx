import Button from '../components/Button';
import Stack from '@mui/joy/Stack';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/** A page form's buttons: submit, and Cancel back to where the form was opened from. */
export function FormButtons({ submit, cancelTo, busy = false }: { submit: ReactNode; cancelTo: string; busy?: boolean }) {
  return (
    <Stack direction="row" gap={1}>
      <Button type="submit" loading={busy}>
        {submit}
      </Button>
      <Button component={Link} to={cancelTo} variant="plain">
        Cancel
      </Button>
    </Stack>
  );
}

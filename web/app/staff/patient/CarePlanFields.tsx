import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Button from '../../components/Button';
import { FormNotice } from './FormNotice';
import type { PatientActionState } from './patient-actions.server';

/** A plan's title and text boxes, with their submit and the form's answer (adding a plan, or changing one). */
export function PlanFields({ prefix, labels, plan, titleProblem, busy, state }: { prefix: string; labels: { title: string; description: string; submit: string }; plan?: { title: string; description: string }; titleProblem?: string; busy: boolean; state?: PatientActionState }) {
  return (
    <>
      <FormControl error={!!titleProblem}>
        <FormLabel htmlFor={`${prefix}-title`}>{labels.title}</FormLabel>
        <Input slotProps={{ input: { id: `${prefix}-title` } }} name="planTitle" defaultValue={plan?.title} placeholder={plan ? undefined : 'e.g. Blood pressure plan'} />
        {titleProblem && <FormHelperText>{titleProblem}</FormHelperText>}
      </FormControl>
      <FormControl>
        <FormLabel htmlFor={`${prefix}-description`}>{labels.description}</FormLabel>
        <Textarea slotProps={{ textarea: { id: `${prefix}-description` } }} name="planDescription" minRows={2} defaultValue={plan?.description} />
      </FormControl>
      <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
        <Button type="submit" size="sm" loading={busy}>
          {labels.submit}
        </Button>
        <FormNotice state={state} />
      </Stack>
    </>
  );
}

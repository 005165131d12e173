import { Form } from '@remix-run/react';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Button from '../../components/Button';
import type { DelayedStep } from './live-change.server';
import { ChoiceSelect } from '../ChoiceSelect';

const UNITS = [
  ['Days', 'days'],
  ['Hours', 'hours'],
  ['Minutes', 'minutes'],
  ['Seconds', 'seconds'],
] as const;

/**
 * The step and its new delay. "Preview" asks what the change would do to the patients already in
 * the journey (nothing is saved); "Apply to everyone in it" saves it and moves their pending sends.
 */
export function StepChangeForm({ steps, values, sending }: { steps: DelayedStep[]; values: { stepId: string; delay: string; unit: string }; sending?: string }) {
  return (
    <Form method="post">
      <Stack gap={2}>
        <FormControl required>
          <FormLabel id="change-step-label">Step</FormLabel>
          <ChoiceSelect name="stepId" defaultValue={values.stepId || steps[0]?.id} choices={steps.map((step) => ({ value: step.id, label: step.label }))} labelledBy="change-step-label" />
        </FormControl>
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
          <FormControl required sx={{ flex: 1 }}>
            <FormLabel>New delay</FormLabel>
            <Input name="delay" type="number" slotProps={{ input: { min: 0, step: 1 } }} defaultValue={values.delay} />
          </FormControl>
          <FormControl required sx={{ flex: 1 }}>
            <FormLabel id="change-unit-label">Unit</FormLabel>
            <ChoiceSelect name="unit" defaultValue={values.unit || 'Days'} choices={UNITS.map(([value, label]) => ({ value, label }))} labelledBy="change-unit-label" />
          </FormControl>
        </Stack>
        <Stack direction="row" gap={1} flexWrap="wrap">
          <Button type="submit" name="intent" value="preview" variant="outlined" loading={sending === 'preview'} disabled={sending === 'apply'}>
            Preview
          </Button>
          <Button type="submit" name="intent" value="apply" loading={sending === 'apply'} disabled={sending === 'preview'}>
            Apply to everyone in it
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}

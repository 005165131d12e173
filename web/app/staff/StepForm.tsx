import type { ReactNode } from 'react';
import { Form } from '@remix-run/react';
import Button from '../components/Button';
import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import { FormError } from '../components/AuthScreen';
import { ConditionRows } from './journey-builder/ConditionRows';
import type { FieldChoice } from './journey-builder/patient-fields';
import { TagPicker } from './journey-builder/TagPicker';
import type { TagInUse } from './journey-builder/tags';
import { ACTION_FIELDS, ACTION_TYPES, EVENT_FIELDS, EVENT_TYPES, UNITS, actionLabel, eventLabel, stepLists, stepValues, type StepField, type StepFormState } from './step-shapes';
import { offerable, type Choice } from './choices';
import { SelectBox } from './SelectBox';

export interface StepChoices {
  templates: Choice[];
  forms: Choice[];
  users: Choice[];
  journeys: Choice[];
  triggers: Choice[];
  steps: Choice[];
  /** The steps that send a form (their answer may cancel a waiting step). */
  formSteps: Choice[];
  /** The journey's states, by name. */
  states: Choice[];
  fields: FieldChoice[];
  /** The tags on the clinic's patients, most used first. */
  tags: TagInUse[];
}

const LABELS: Record<StepField, string> = {
  eventType: 'Event',
  automationStepId: 'After step',
  delay: 'Delay',
  unit: 'Unit',
  cancelFormStepId: 'Cancel it when the patient answers',
  triggerId: 'Trigger',
  closedForReason: 'Closed as',
  actionType: 'Action',
  senderId: 'Sender or assignee',
  templateId: 'Template',
  formId: 'Form',
  status: 'Journey state',
  tags: 'Tags',
  title: 'Task title',
  journeyId: 'Journey',
};


const EVENT_SETTINGS = [...new Set(Object.values(EVENT_FIELDS).flat())];
const ACTION_SETTINGS = [...new Set(Object.values(ACTION_FIELDS).flat())];
/** The event or action types a setting belongs to. */
const usedBy = (name: StepField) => [
  ...Object.entries(EVENT_FIELDS).filter(([, names]) => names.includes(name)).map(([type]) => `event-${type}`),
  ...Object.entries(ACTION_FIELDS).filter(([, names]) => names.includes(name)).map(([type]) => `action-${type}`),
];
/**
 * Settings show only for the chosen event and action type, by CSS (:has on the chosen option), so
 * the form is right before hydration and with scripts off; hidden settings are ignored by the server.
 */
const SHOW_FIELDS_OF_CHOSEN_TYPES = Object.fromEntries([
  ['& [data-when]', { display: 'none' }],
  ...EVENT_TYPES.map((type) => [`&:has(select[name="eventType"] option[value="${type}"]:checked) [data-when~="event-${type}"]`, { display: 'flex' }]),
  ...ACTION_TYPES.map((type) => [`&:has(select[name="actionType"] option[value="${type}"]:checked) [data-when~="action-${type}"]`, { display: 'flex' }]),
]);

/**
 * Add or edit one automation step: the event (and the settings its type takes) and the action (and
 * its settings). Only the fields of the chosen types are shown; the api's message sits on its field.
 */
export function StepForm({ step, choices, state, busy }: { step?: { id: string; enduserConditions?: unknown } & Parameters<typeof stepValues>[0]; choices: StepChoices; state?: StepFormState; busy: boolean }) {
  const initial = stepValues(step);
  const lists = stepLists(step);
  const prefix = step ? `step-${step.id}` : 'new-step';

  const control = (name: StepField, input: ReactNode, hint?: string) => {
    const problem = state?.stepErrors?.[name];
    const when = usedBy(name);
    return (
      <FormControl key={name} error={!!problem} id={`${prefix}-${name}`} data-when={when.length ? when.join(' ') : undefined}>
        <FormLabel>{LABELS[name]}</FormLabel>
        {input}
        {(problem ?? hint) && <FormHelperText>{problem ?? hint}</FormHelperText>}
      </FormControl>
    );
  };
  const select = (name: StepField, options: Choice[], required = false) => (
    // `selected` on the option rather than defaultValue on the select: hydration applies a select's
    // defaultValue again, undoing a choice made before the page's script ran; an option's is left alone.
    <SelectBox fullWidth id={`${prefix}-${name}`} name={name}>
      {!required && <option value="">Choose…</option>}
      {offerable(options, initial[name]).map((option) => (
        <option key={option.id} value={option.id} selected={option.id === initial[name]}>
          {option.label}
        </option>
      ))}
      {/* A stored value no longer on the list (a state since renamed) stays as it is until changed. */}
      {initial[name] && !options.some((option) => option.id === initial[name]) && name !== 'automationStepId' && name !== 'cancelFormStepId' && (
        <option value={initial[name]} selected>
          {name === 'status' ? initial[name] : 'A record this app cannot name'}
        </option>
      )}
    </SelectBox>
  );
  const named = (values: readonly string[]) => values.map((value) => ({ id: value, label: value }));
  const input = (name: StepField, type = 'text') => <Input name={name} type={type} defaultValue={initial[name]} />;
  const fields: Partial<Record<StepField, () => ReactNode>> = {
    automationStepId: () => control('automationStepId', select('automationStepId', choices.steps.filter((choice) => choice.id !== step?.id))),
    delay: () => control('delay', input('delay', 'number')),
    unit: () => control('unit', select('unit', named(UNITS))),
    cancelFormStepId: () => {
      const formSteps = choices.formSteps.filter((choice) => choice.id !== step?.id);
      const labelId = `${prefix}-cancelFormStepId-label`;
      return (
        <FormControl key="cancelFormStepId" error={!!state?.stepErrors?.cancelFormStepId} data-when={usedBy('cancelFormStepId').join(' ')}>
          <FormLabel id={labelId} component="span">
            {LABELS.cancelFormStepId}
          </FormLabel>
          <Box role="group" aria-labelledby={labelId} sx={{ display: 'grid', gap: 0.75, py: 0.5 }}>
            {/* Each its own id: inside a FormControl a Checkbox would otherwise take the control's one id, and every label would tick the first. */}
            {formSteps.map((choice, index) => (
              <Checkbox key={choice.id} id={`${prefix}-cancel-${index}`} name="cancelFormStepId" value={choice.id} label={choice.label} defaultChecked={lists.cancelFormStepIds.includes(choice.id)} />
            ))}
          </Box>
          <FormHelperText>
            {state?.stepErrors?.cancelFormStepId ??
              (formSteps.length ? 'Once the patient answers any form ticked, this step is not done.' : 'No step sends a form yet: add a Send form step to cancel this one by its answer.')}
          </FormHelperText>
        </FormControl>
      );
    },
    triggerId: () => control('triggerId', select('triggerId', choices.triggers)),
    closedForReason: () => control('closedForReason', input('closedForReason')),
    senderId: () => control('senderId', select('senderId', choices.users)),
    templateId: () => control('templateId', select('templateId', choices.templates)),
    formId: () => control('formId', select('formId', choices.forms)),
    status: () => control('status', select('status', choices.states)),
    tags: () => control('tags', <TagPicker id={`${prefix}-tags`} name="tags" defaultTags={lists.tags} tagsInUse={choices.tags} />, 'Pick tags in use, or type a new one and press Enter.'),
    title: () => control('title', input('title')),
    journeyId: () => control('journeyId', select('journeyId', choices.journeys)),
  };
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value="saveStep" />
      {step && <input type="hidden" name="stepId" value={step.id} />}
      <Stack gap={1.5} sx={SHOW_FIELDS_OF_CHOSEN_TYPES}>
        {control('eventType', select('eventType', EVENT_TYPES.map((type) => ({ id: type, label: eventLabel(type) })), true))}
        {EVENT_SETTINGS.map((name) => fields[name]?.())}
        {control('actionType', select('actionType', ACTION_TYPES.map((type) => ({ id: type, label: actionLabel(type) })), true))}
        {ACTION_SETTINGS.map((name) => fields[name]?.())}
        <ConditionRows idPrefix={prefix} legend="Only for patients who match" filter={step?.enduserConditions} fields={choices.fields} />
        <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
          {step ? 'Save step' : 'Add step'}
        </Button>
        <FormError message={state?.stepError} />
      </Stack>
    </Form>
  );
}

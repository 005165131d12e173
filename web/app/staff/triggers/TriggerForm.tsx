import type { ReactNode } from 'react';
import { Form } from '@remix-run/react';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Switch from '@mui/joy/Switch';
import Button from '../../components/Button';
import { FormError } from '../../components/AuthScreen';
import { ConditionRows } from '../journey-builder/ConditionRows';
import type { FieldChoice } from '../journey-builder/patient-fields';
import { TagPicker } from '../journey-builder/TagPicker';
import type { TagInUse } from '../journey-builder/tags';
import { ChoicesPicker } from './ChoicesPicker';
import { FieldSetterRows } from './FieldSetterRows';
import { offerable, type Choice } from '../choices';
import { SelectBox } from '../SelectBox';
import {
  actionLabelOf, actionSettings, eventLabelOf, eventSettings, INTERVAL_UNITS, TRIGGER_ACTION_CHOICES, TRIGGER_EVENT_CHOICES, triggerLists, triggerValues,
  type Trigger, type TriggerField, type TriggerFormState,
} from './trigger-shapes';

export interface TriggerChoices {
  forms: Choice[];
  journeys: Choice[];
  /** Staff, by name (care-team actions). */
  users: Choice[];
  /** One per appointment type, by its title. */
  waitlists: Choice[];
  tags: TagInUse[];
  fields: FieldChoice[];
}

const LABELS: Record<TriggerField, string> = {
  title: 'Name',
  eventType: 'When',
  formId: 'Form',
  interval: 'Not submitted within',
  intervalUnit: 'Unit',
  field: 'Field',
  value: 'Becomes',
  actionType: 'Then',
  journeyId: 'Journey',
  tags: 'Tags',
  fields: 'Fields to set',
  userIds: 'Staff',
  waitlistId: 'Waitlist',
  status: 'Active',
};

/** Settings show only for the chosen event and action (CSS :has on the chosen option, so it works before hydration). */
const SHOW_CHOSEN = Object.fromEntries([
  ['& [data-when]', { display: 'none' }],
  ...TRIGGER_EVENT_CHOICES.flatMap((type) => eventSettings(type).map((name) => [`&:has(select[name="eventType"] option[value="${type}"]:checked) [data-when~="event-${name}"]`, { display: 'flex' }])),
  ...TRIGGER_ACTION_CHOICES.flatMap((type) => actionSettings(type).map((name) => [`&:has(select[name="actionType"] option[value="${type}"]:checked) [data-when~="action-${name}"]`, { display: 'flex' }])),
]);

/** A trigger's name, event (with its settings), conditions, action (with its settings) and status; records picked by name. */
export function TriggerForm({ trigger, choices, state, busy }: { trigger?: Trigger; choices: TriggerChoices; state?: TriggerFormState; busy: boolean }) {
  const initial = triggerValues(trigger);
  const lists = triggerLists(trigger);
  const control = (name: TriggerField, input: ReactNode, when?: string, hint?: string) => (
    <FormControl key={name} error={!!state?.fieldErrors?.[name]} data-when={when}>
      <FormLabel htmlFor={`trigger-${name}`}>{LABELS[name]}</FormLabel>
      {input}
      {(state?.fieldErrors?.[name] ?? hint) && <FormHelperText>{state?.fieldErrors?.[name] ?? hint}</FormHelperText>}
    </FormControl>
  );
  const select = (name: TriggerField, options: Choice[], required = false) => (
    <SelectBox fullWidth id={`trigger-${name}`} name={name}>
      {!required && <option value="">Choose…</option>}
      {offerable(options, initial[name]).map((option) => (
        <option key={option.id} value={option.id} selected={option.id === initial[name]}>
          {option.label}
        </option>
      ))}
    </SelectBox>
  );
  const input = (name: TriggerField, type = 'text') => <Input slotProps={{ input: { id: `trigger-${name}` } }} type={type} name={name} defaultValue={initial[name]} />;
  const named = (values: readonly string[]) => values.map((value) => ({ id: value, label: value }));
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value="save" />
      <Stack gap={1.5} sx={SHOW_CHOSEN}>
        {control('title', input('title'))}
        {control('eventType', select('eventType', TRIGGER_EVENT_CHOICES.map((type) => ({ id: type, label: eventLabelOf(type) })), true))}
        {control('formId', select('formId', choices.forms), 'event-formId')}
        <Stack direction="row" gap={1} data-when="event-interval" sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <FormControl error={!!state?.fieldErrors?.interval} sx={{ flex: '1 1 10rem' }}>
            <FormLabel htmlFor="trigger-interval">{LABELS.interval}</FormLabel>
            <Input slotProps={{ input: { id: 'trigger-interval', min: 0, 'aria-describedby': 'trigger-interval-hint' } }} type="number" name="interval" defaultValue={initial.interval} />
            <FormHelperText id="trigger-interval-hint">{state?.fieldErrors?.interval ?? 'For example 2 days: it fires 2 days after the form was sent if the patient has not submitted it.'}</FormHelperText>
          </FormControl>
          <FormControl sx={{ flex: '0 1 10rem' }}>
            <FormLabel htmlFor="trigger-intervalUnit">{LABELS.intervalUnit}</FormLabel>
            {select('intervalUnit', named(INTERVAL_UNITS), true)}
          </FormControl>
        </Stack>
        {control('field', select('field', choices.fields), 'event-field')}
        {control('value', input('value'), 'event-value')}
        <ConditionRows idPrefix="trigger" legend="Only for patients who match" filter={trigger?.enduserCondition} fields={choices.fields} />
        {control('actionType', select('actionType', TRIGGER_ACTION_CHOICES.map((type) => ({ id: type, label: actionLabelOf(type) })), true))}
        {control('journeyId', select('journeyId', choices.journeys), 'action-journeyId')}
        {control('tags', <TagPicker id="trigger-tags" name="tags" defaultTags={lists.tags} tagsInUse={choices.tags} />, 'action-tags', 'Pick tags in use, or type a new one and press Enter.')}
        {control('userIds', <ChoicesPicker id="trigger-userIds" name="userIds" choices={choices.users} defaultIds={lists.userIds} placeholder="Pick staff by name" />, 'action-userIds')}
        <FormControl key="fields" error={!!state?.fieldErrors?.fields} data-when="action-fields" role="group" aria-labelledby="trigger-fields-label">
          <FormLabel id="trigger-fields-label" component="span">
            {LABELS.fields}
          </FormLabel>
          <FieldSetterRows setters={lists.setters} fields={choices.fields} />
          {state?.fieldErrors?.fields && <FormHelperText>{state.fieldErrors.fields}</FormHelperText>}
        </FormControl>
        {control(
          'waitlistId',
          select('waitlistId', choices.waitlists),
          'action-waitlistId',
          choices.waitlists.length ? 'Each appointment type has its waitlist.' : 'No appointment types yet: add one under Scheduling to have its waitlist.',
        )}
        <FormControl orientation="horizontal" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Switch slotProps={{ input: { id: 'trigger-status', name: 'status', value: 'Active', 'aria-describedby': 'trigger-status-hint' } }} defaultChecked={initial.status === 'Active'} />
          <FormLabel htmlFor="trigger-status">Active</FormLabel>
          <FormHelperText id="trigger-status-hint" sx={{ m: 0 }}>
            An active trigger runs each time its event happens; an inactive one waits.
          </FormHelperText>
        </FormControl>
        <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
          {trigger ? 'Save trigger' : 'Create trigger'}
        </Button>
        <FormError message={state?.formError} />
      </Stack>
    </Form>
  );
}

import { useRef } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Button from '../../components/Button';
import { RecordSection } from '../record/RecordSection';
import { FormNotice } from './FormNotice';
import type { ProfileField, ProfileValues } from './profile-form.server';
import { useSectionForm } from './useSectionForm';
import { ChoiceSelect } from '../ChoiceSelect';

type Props = { type?: string; autoComplete?: string; hint?: string; choices?: [string, string][] };
const FIELDS: [ProfileField, string, Props][] = [
  ['fname', 'First name', { autoComplete: 'off' }],
  ['lname', 'Last name', { autoComplete: 'off' }],
  ['email', 'Email', { type: 'email', autoComplete: 'off' }],
  ['phone', 'Mobile phone', { type: 'tel', autoComplete: 'off' }],
  ['dateOfBirth', 'Date of birth', { hint: 'As YYYY-MM-DD or MM-DD-YYYY' }],
  ['gender', 'Gender', { choices: [['Female', 'Female'], ['Male', 'Male'], ['Other', 'Other'], ['Unknown', 'Unknown']] }],
  ['preference', 'Prefers to be reached by', { choices: [['email', 'Email'], ['sms', 'Text message'], ['call', 'Phone call'], ['chat', 'Portal chat']] }],
  ['timezone', 'Time zone', { hint: 'For example America/New_York' }],
  ['tags', 'Tags', { hint: 'Separated by commas' }],
  ['addressLineOne', 'Address', {}],
  ['city', 'City', {}],
  ['state', 'State', {}],
  ['zipCode', 'ZIP code', {}],
];

/** A field with a short list of values (the api's own: gender, preference): Joy's Select, its value posted by name. */
function ChoiceField({ name, label, choices, control, canEdit, message }: { name: ProfileField; label: string; choices: [string, string][]; control: Control<ProfileValues>; canEdit: boolean; message?: string }) {
  return (
    <FormControl error={!!message}>
      <FormLabel id={`profile-${name}-label`}>{label}</FormLabel>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <ChoiceSelect
            name={name}
            value={field.value || null}
            onChange={field.onChange}
            empty="Not given"
            disabled={!canEdit}
            variant={canEdit ? 'outlined' : 'soft'}
            choices={choices.map(([value, label]) => ({ value, label }))}
            labelledBy={`profile-${name}-label`}
          />
        )}
      />
      {message && <FormHelperText>{message}</FormHelperText>}
    </FormControl>
  );
}

/**
 * The patient's profile as a form (react-hook-form keeps the fields; the api alone judges them): a
 * refused save keeps what was typed and shows the api's message under the field it names, and
 * nothing is changed. A role that may not update patients reads the same fields, read-only.
 */
export function ProfileSection({ values, canEdit }: { values: ProfileValues; canEdit: boolean }) {
  const { fetcher, busy, state, problem } = useSectionForm();
  const formRef = useRef<HTMLFormElement>(null);
  const mine = state?.intent === 'profile' ? state : undefined;
  const current = (mine?.values as ProfileValues | undefined) ?? values;
  // defaultValues fill the form on the server's render too: registered inputs get their values from
  // the browser otherwise, so a page not yet running its scripts would show (and post) an empty profile.
  const { register, handleSubmit, control } = useForm<ProfileValues>({ defaultValues: current, values: current, resetOptions: { keepDirtyValues: false } });
  const onSubmit = handleSubmit(() => fetcher.submit(formRef.current));
  return (
    <RecordSection id="patient-profile" title="Profile">
      <fetcher.Form method="post" ref={formRef} noValidate onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="profile" />
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {FIELDS.map(([name, label, props]) => {
            const message = mine ? problem(name) : undefined;
            if (props.choices) return <ChoiceField key={name} name={name} label={label} choices={props.choices} control={control} canEdit={canEdit} message={message} />;
            const { ref, ...registered } = register(name);
            return (
              <FormControl key={name} error={!!message}>
                <FormLabel>{label}</FormLabel>
                <Input {...registered} defaultValue={current[name]} type={props.type ?? 'text'} autoComplete={props.autoComplete} readOnly={!canEdit} variant={canEdit ? 'outlined' : 'soft'} slotProps={{ input: { ref } }} />
                {(message ?? (canEdit && props.hint)) && <FormHelperText>{message ?? props.hint}</FormHelperText>}
              </FormControl>
            );
          })}
        </Box>
        {canEdit && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1.5, flexWrap: 'wrap' }}>
            <Button type="submit" loading={busy}>
              Save profile
            </Button>
            <FormNotice state={mine && { ...mine, saved: mine.saved ? 'Profile saved' : undefined }} />
          </Box>
        )}
      </fetcher.Form>
    </RecordSection>
  );
}

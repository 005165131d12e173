import { useState } from 'react';
import { Form, useNavigation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { DescribedCheckbox } from '../DescribedCheckbox';
import { NativeSelect } from '../NativeSelect';
import { Outcome, SettingsCard } from '../settings/SettingsCard';
import type { FieldSettingsState } from './field-definitions.server';
import { hasChoices, kindWords, OFFERED_KINDS, type FieldDefinition } from './field-kinds';

type RowProps = { prefix: string; definition?: FieldDefinition; names: { name: string; kind: string; choices: string }; problem: (name: string) => string | undefined };

/** One detail's name, kind and (for a choice) its choices; the choices box shows only while the kind has choices. */
function FieldRow({ prefix, definition, names, problem }: RowProps) {
  const [kind, setKind] = useState(definition?.kind ?? 'Text');
  const fixedKind = definition && !(OFFERED_KINDS as readonly string[]).includes(definition.kind);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
      <FormControl error={!!problem(names.name)}>
        <FormLabel htmlFor={`${prefix}-name`}>{definition ? 'Name' : 'New detail'}</FormLabel>
        <Input slotProps={{ input: { id: `${prefix}-name` } }} name={names.name} defaultValue={definition?.name} placeholder={definition ? undefined : 'e.g. Insurance'} />
        {problem(names.name) && <FormHelperText>{problem(names.name)}</FormHelperText>}
      </FormControl>
      {fixedKind ? (
        <FormControl>
          <FormLabel>Kind</FormLabel>
          <Typography level="body-md" sx={{ minHeight: 36, display: 'flex', alignItems: 'center' }}>
            {kindWords(definition.kind)}
          </Typography>
        </FormControl>
      ) : (
        <NativeSelect id={`${prefix}-kind`} label="Kind" name={names.kind} options={OFFERED_KINDS} labelOf={kindWords} defaultValue={kind} onChange={setKind} />
      )}
      {hasChoices(kind) && (
        <FormControl error={!!problem(names.choices)} sx={{ gridColumn: { sm: '1 / -1' } }}>
          <FormLabel htmlFor={`${prefix}-choices`}>Choices</FormLabel>
          <Textarea
            slotProps={{ textarea: { id: `${prefix}-choices`, 'aria-describedby': `${prefix}-choices-help` } }}
            name={names.choices}
            minRows={2}
            defaultValue={definition?.choices.join('\n')}
          />
          <FormHelperText id={`${prefix}-choices-help`}>{problem(names.choices) ?? 'One a line, as staff will pick them.'}</FormHelperText>
        </FormControl>
      )}
    </Box>
  );
}

/**
 * Settings > Patient details: what the clinic keeps about every patient beyond the profile, each
 * shown on the record with a box of its kind (a menu of choices, a date, a list). Whether staff may
 * also add details of their own to one patient.
 */
export function PatientFieldsSettings({ definitions, othersAllowed, state }: { definitions: FieldDefinition[]; othersAllowed: boolean; state?: FieldSettingsState }) {
  const busy = useNavigation().state === 'submitting';
  const problem = (name: string) => state?.fieldErrors?.[name];
  return (
    <SettingsCard
      id="patient-details"
      title="Patient details"
      intro="What your clinic keeps about each patient beyond their profile, such as insurance or allergies. Every patient’s record shows these, each with the right kind of box. Forms, imports and journeys fill a detail of the same name."
    >
      {/* Keyed by what is saved: after a save the rows are drawn from the stored list. */}
      <Form method="post" noValidate key={JSON.stringify(definitions) + String(othersAllowed)}>
        <Stack gap={2.5}>
          {definitions.length === 0 && <Typography level="body-sm">No patient details yet. Add the first one below, for example Insurance as one of a few choices.</Typography>}
          {definitions.map((definition, index) => (
            <Stack key={definition.name} component="fieldset" gap={1} sx={{ border: 0, p: 0, m: 0, pb: 2, borderBottom: '1px solid', borderColor: 'divider' }}>
              <Typography component="legend" level="title-sm" sx={{ mb: 1, p: 0 }}>
                {definition.name}
              </Typography>
              <input type="hidden" name="original" value={definition.name} />
              <FieldRow prefix={`field-${index}`} definition={definition} names={{ name: `name:${index}`, kind: `kind:${index}`, choices: `choices:${index}` }} problem={problem} />
              <Button type="submit" name="remove" value={definition.name} variant="plain" color="danger" size="sm" sx={{ alignSelf: 'flex-start' }} aria-label={`Remove ${definition.name}`}>
                Remove
              </Button>
            </Stack>
          ))}
          <FieldRow prefix="field-new" names={{ name: 'newName', kind: 'newKind', choices: 'newChoices' }} problem={problem} />
          <DescribedCheckbox
            id="others-allowed"
            name="othersAllowed"
            label="Staff may add other details to one patient"
            defaultChecked={othersAllowed}
            description="Turn this off to keep every record to the details listed here."
          />
          <Typography level="body-sm">Renaming or removing a detail does not change what patients already have under its old name: that stays on their records.</Typography>
          <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
            <Button type="submit" loading={busy}>
              Save patient details
            </Button>
            <Outcome saved={state?.saved} error={state?.error} />
          </Stack>
        </Stack>
      </Form>
    </SettingsCard>
  );
}

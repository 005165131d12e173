import Card from '@mui/joy/Card';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Switch from '@mui/joy/Switch';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { CopyField } from '../scheduling/CopyField';
import type { BuilderSettings } from './builder-model';
import { ChoiceSelect } from '../ChoiceSelect';

interface SettingsProps {
  settings: BuilderSettings;
  change: (patch: Partial<BuilderSettings>) => void;
  problem: (name: string) => string | undefined;
  /** The form's public link once it is saved (shown while public links are on). */
  publicLink?: string;
}

function TextSetting({ name, label, value, change, problem, hint, long }: { name: keyof BuilderSettings; label: string; value: string; change: SettingsProps['change']; problem: SettingsProps['problem']; hint?: string; long?: boolean }) {
  const id = `form-${name}`;
  const onChange = (next: string) => change({ [name]: next } as Partial<BuilderSettings>);
  return (
    <FormControl error={!!problem(name)}>
      <FormLabel htmlFor={id}>{label}</FormLabel>
      {long ? (
        <Textarea value={value} onChange={(event) => onChange(event.target.value)} minRows={2} maxRows={8} slotProps={{ textarea: { id } }} />
      ) : (
        <Input value={value} onChange={(event) => onChange(event.target.value)} slotProps={{ input: { id } }} />
      )}
      {(problem(name) ?? hint) && <FormHelperText>{problem(name) ?? hint}</FormHelperText>}
    </FormControl>
  );
}

/** The form's own settings: its names, who fills it, the public link and its phone question, and the thanks message. */
export function SettingsCard({ settings, change, problem, publicLink }: SettingsProps) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="form-settings" sx={{ gap: 1.5 }}>
      <Typography level="title-lg" component="h2" id="form-settings">
        About this form
      </Typography>
      <TextSetting name="title" label="Name" value={settings.title} change={change} problem={problem} hint="How staff find it, e.g. New patient intake" />
      <TextSetting name="displayTitle" label="Title patients see (optional)" value={settings.displayTitle} change={change} problem={problem} hint="Shown at the top of the form instead of its name" />
      <TextSetting name="description" label="Description (optional)" value={settings.description} change={change} problem={problem} long />
      <FormControl>
        <FormLabel id="form-type">Who fills it in</FormLabel>
        <ChoiceSelect
          value={settings.type}
          onChange={(type) => type && change({ type: type as typeof settings.type })}
          choices={[
            { value: 'enduserFacing', label: 'Patients' },
            { value: 'note', label: 'Staff, as a note' },
          ]}
          labelledBy="form-type"
        />
      </FormControl>
      <TextSetting name="thanksMessage" label="Thanks message" value={settings.thanksMessage} change={change} problem={problem} hint="Shown when the patient submits; left empty, they read 'Your response was successfully recorded'" long />
      <FormControl orientation="horizontal" sx={{ gap: 1.5, justifyContent: 'space-between' }}>
        <div>
          <FormLabel htmlFor="form-allowPublicURL">Anyone with the link can fill it in</FormLabel>
          <FormHelperText>A public link for your website; a new patient is added from their answers.</FormHelperText>
        </div>
        <Switch checked={settings.allowPublicURL} onChange={(event) => change({ allowPublicURL: event.target.checked })} slotProps={{ input: { id: 'form-allowPublicURL' } }} />
      </FormControl>
      {settings.allowPublicURL && (
        <Stack gap={1.5}>
          <FormControl>
            <FormLabel id="form-intakePhone">Phone number on the public form</FormLabel>
            <ChoiceSelect
              value={settings.intakePhone || 'none'}
              onChange={(value) => change({ intakePhone: value === 'optional' || value === 'required' ? value : '' })}
              choices={[
                { value: 'none', label: 'Not asked' },
                { value: 'optional', label: 'Asked, optional' },
                { value: 'required', label: 'Required' },
              ]}
              labelledBy="form-intakePhone"
            />
          </FormControl>
          {publicLink ? <CopyField label="Public link" value={publicLink} /> : <Typography level="body-sm">Save the form to get its public link.</Typography>}
        </Stack>
      )}
    </Card>
  );
}

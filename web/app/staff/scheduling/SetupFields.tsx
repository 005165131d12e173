import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Switch from '@mui/joy/Switch';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { ZoneSelect } from './ZoneSelect';
import { ChoiceSelect } from '../ChoiceSelect';

/** One field of a setup form, by what a person fills in (never the api's field name on screen). */
export type SetupField<Values extends FieldValues> = {
  name: Path<Values>;
  label: string;
  hint?: string;
  /** Spans both columns on wide screens. */
  wide?: boolean;
  /** A heading shown above this field, starting a group of fields (the form's h2s). */
  group?: string;
} & (
  | { kind: 'text' | 'textarea' | 'number' | 'color' | 'url' | 'tel' }
  | { kind: 'switch' }
  | { kind: 'zone' }
  | { kind: 'choice'; options: { value: string; label: string }[]; emptyLabel: string }
  | { kind: 'checklist'; options: { value: string; label: string }[]; emptyText: string }
);

const labelId = (name: string) => `setup-${name.replace(/\W+/g, '-')}-label`;

function OneField<Values extends FieldValues>({ field: def, control, canEdit, message }: { field: SetupField<Values>; control: Control<Values>; canEdit: boolean; message?: string }) {
  const help = message ?? (canEdit ? def.hint : undefined);
  return (
    <Controller
      name={def.name}
      control={control}
      render={({ field }) => {
        if (def.kind === 'zone') return <ZoneSelect label={def.label} value={String(field.value ?? '')} onChange={field.onChange} disabled={!canEdit} hint={def.hint} error={message} />;
        if (def.kind === 'switch')
          return (
            <FormControl orientation="horizontal" sx={{ gap: 1.5, alignItems: 'flex-start' }} disabled={!canEdit} error={!!message}>
              <Switch checked={!!field.value} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { 'aria-describedby': help ? `${labelId(def.name)}-help` : undefined } }} />
              <div>
                <FormLabel>{def.label}</FormLabel>
                {help && <FormHelperText id={`${labelId(def.name)}-help`}>{help}</FormHelperText>}
              </div>
            </FormControl>
          );
        if (def.kind === 'checklist') {
          const chosen = (field.value as string[] | undefined) ?? [];
          // Not in a FormControl: each checkbox would take the control's one id.
          return (
            <Box role="group" aria-labelledby={labelId(def.name)} aria-describedby={help ? `${labelId(def.name)}-help` : undefined}>
              <Typography id={labelId(def.name)} level="title-sm" sx={{ mb: 0.75 }}>
                {def.label}
              </Typography>
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
                {def.options.length === 0 && <Typography level="body-sm">{def.emptyText}</Typography>}
                {def.options.map((option) => (
                  <Checkbox
                    key={option.value}
                    label={option.label}
                    checked={chosen.includes(option.value)}
                    disabled={!canEdit}
                    onChange={(event) => field.onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))}
                  />
                ))}
              </Box>
              {help && (
                <Typography id={`${labelId(def.name)}-help`} level="body-sm" color={message ? 'danger' : 'neutral'} sx={{ mt: 0.75 }}>
                  {help}
                </Typography>
              )}
            </Box>
          );
        }
        if (def.kind === 'choice')
          return (
            <FormControl error={!!message} disabled={!canEdit}>
              <FormLabel id={labelId(def.name)}>{def.label}</FormLabel>
              <ChoiceSelect
                value={(field.value as string) || ''}
                onChange={field.onChange}
                disabled={!canEdit}
                choices={[{ value: '', label: def.emptyLabel }, ...def.options]}
                labelledBy={labelId(def.name)}
              />
              {help && <FormHelperText>{help}</FormHelperText>}
            </FormControl>
          );
        if (def.kind === 'color') {
          // An unset colour shows white rather than the input's black, says so, and a set one can go back to unset.
          const set = typeof field.value === 'string' && field.value !== '';
          return (
            <FormControl error={!!message}>
              <FormLabel>{def.label}</FormLabel>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Input type="color" value={set ? (field.value as string) : '#ffffff'} onChange={field.onChange} readOnly={!canEdit} disabled={!canEdit} sx={{ width: 96 }} slotProps={{ input: { ref: field.ref } }} />
                {set && canEdit && (
                  <Button size="sm" variant="plain" color="neutral" onClick={() => field.onChange('')} aria-label={`Use standard ${def.label.toLowerCase()}`}>
                    Use standard
                  </Button>
                )}
              </Box>
              <FormHelperText>{message ?? (set ? (field.value as string) : 'Not set: the standard colour')}</FormHelperText>
            </FormControl>
          );
        }
        const common = { value: (field.value as string | number | undefined) ?? '', onChange: field.onChange, onBlur: field.onBlur, readOnly: !canEdit, variant: canEdit ? ('outlined' as const) : ('soft' as const) };
        return (
          <FormControl error={!!message}>
            <FormLabel>{def.label}</FormLabel>
            {def.kind === 'textarea' ? (
              <Textarea {...common} minRows={2} maxRows={8} slotProps={{ textarea: { ref: field.ref } }} />
            ) : (
              <Input {...common} type={def.kind === 'number' ? 'number' : def.kind} slotProps={{ input: { ref: field.ref } }} />
            )}
            {help && <FormHelperText>{help}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

/** A setup form's fields in a two-column grid on wide screens, one column on a phone; read-only when the role may not edit. */
export function SetupFields<Values extends FieldValues>({ fields, control, canEdit, messageFor }: { fields: SetupField<Values>[]; control: Control<Values>; canEdit: boolean; messageFor: (name: string) => string | undefined }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
      {fields.map((field) => [
        field.group && (
          <Typography key={`group-${field.group}`} level="title-md" component="h2" sx={{ gridColumn: { md: '1 / -1' }, mt: 1, pt: 1, borderTop: '1px solid', borderColor: 'divider', '&:first-of-type': { borderTop: 0, mt: 0, pt: 0 } }}>
            {field.group}
          </Typography>
        ),
        <Box key={field.name} sx={{ gridColumn: field.wide ? { md: '1 / -1' } : undefined, minWidth: 0 }}>
          <OneField field={field} control={control} canEdit={canEdit} message={messageFor(field.name)} />
        </Box>,
      ])}
    </Box>
  );
}

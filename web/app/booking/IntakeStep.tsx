import Button from '../components/Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import type { FieldErrors } from '../validation';
import { validateIntake } from './intake';
import type { IntakeValues } from './types';

/** The intake's fields; label and placeholder are keys of the catalogue's 'booking' namespace. */
const FIELDS: { name: keyof IntakeValues; label: 'firstName' | 'lastName' | 'email' | 'phone' | 'dateOfBirth'; type?: string; autoComplete: string; placeholder?: 'dateOfBirthPlaceholder'; required?: boolean }[] = [
  { name: 'fname', label: 'firstName', autoComplete: 'given-name', required: true },
  { name: 'lname', label: 'lastName', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'dateOfBirth', label: 'dateOfBirth', autoComplete: 'bday', placeholder: 'dateOfBirthPlaceholder' },
];

/** Intake (docs/contract/portal.md#booking-widget): who is booking. Errors show per field once the visitor tries to continue. */
export function IntakeStep({
  title,
  description,
  values,
  onDraft,
  onSubmit,
}: {
  title?: string;
  description?: string;
  values: IntakeValues;
  /** Keeps what was typed when the visitor goes back to the calendar. */
  onDraft: (values: IntakeValues) => void;
  onSubmit: (values: IntakeValues) => void;
}) {
  const { t } = useTranslation('booking');
  const messages = t('intake', { returnObjects: true });
  const [draft, setDraft] = useState(values);
  const [errors, setErrors] = useState<FieldErrors<keyof IntakeValues>>({});
  const [tried, setTried] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateIntake(draft, messages);
    setErrors(found);
    setTried(true);
    if (Object.keys(found).length === 0) onSubmit(draft);
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} gap={1.25} aria-label={t('yourInformationForm')}>
      <Typography level="title-md" component="h1">
        {title ?? t('yourInformationTitle')}
      </Typography>
      {description && <Typography level="body-sm">{description}</Typography>}
      {FIELDS.map((field) => (
        <FormControl key={field.name} error={!!errors[field.name]} required={field.required}>
          <FormLabel>{t(field.label)}</FormLabel>
          <Input
            name={field.name}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            placeholder={field.placeholder && t(field.placeholder)}
            value={draft[field.name]}
            onChange={(event) => {
              const next = { ...draft, [field.name]: event.target.value };
              setDraft(next);
              onDraft(next);
              if (tried) setErrors(validateIntake(next, messages));
            }}
          />
          {errors[field.name] && <FormHelperText>{errors[field.name]}</FormHelperText>}
        </FormControl>
      ))}
      <Button type="submit">{t('continue')}</Button>
    </Stack>
  );
}

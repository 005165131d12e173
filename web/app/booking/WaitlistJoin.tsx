import { useFetcher, useLocation, useRouteLoaderData } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import Button from '../components/Button';
import type { FieldErrors } from '../validation';
import type { WaitlistActionResult } from '../routes/_public+/_resources+/booking-waitlist';
import { validateIntake } from './intake';
import { dayKey } from './time';
import type { BookingPageView, IntakeValues } from './types';
import { validateWaitlistRange, type WaitlistChannel } from './waitlist';

const DAY_MS = 86_400_000;
const WIDGET_ROUTE = 'routes/_public+/appointment-booking-page';

type Field = keyof IntakeValues | 'fromDay' | 'toDay';

/** Who is waiting; labels are keys of the catalogue's 'booking' namespace. */
const CONTACT_FIELDS: { name: Exclude<keyof IntakeValues, 'dateOfBirth'>; label: 'firstName' | 'lastName' | 'email' | 'phone'; type?: string; autoComplete: string; required?: boolean }[] = [
  { name: 'fname', label: 'firstName', autoComplete: 'given-name', required: true },
  { name: 'lname', label: 'lastName', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'phone', type: 'tel', autoComplete: 'tel' },
];

interface Props {
  template: BookingPageView['templates'][number];
  locationId?: string;
  timeZone: string;
}

/**
 * "Join the waitlist" under the booking widget's times (docs/decisions.md, "The waitlist"): the days
 * that suit the patient, how to tell them, and who they are (unless signed in). Posted to the
 * widget's own resource route, which holds every token server-side.
 */
export function WaitlistJoin({ template, locationId, timeZone }: Props) {
  const { t } = useTranslation('booking');
  const location = useLocation();
  const widget = useRouteLoaderData<{ skipIntake?: boolean }>(WIDGET_ROUTE);
  const askContact = !widget?.skipIntake;
  const join = useFetcher<WaitlistActionResult>();
  const [open, setOpen] = useState(false);
  const today = dayKey(Date.now(), timeZone);
  const [values, setValues] = useState({ fromDay: today, toDay: dayKey(Date.now() + 14 * DAY_MS, timeZone), fname: '', lname: '', email: '', phone: '', dateOfBirth: '' });
  const [channel, setChannel] = useState<WaitlistChannel>('Email');
  // Errors show once the patient tried to join, then follow what they type.
  const [tried, setTried] = useState(false);

  const result = join.data;
  if (result && 'joined' in result) {
    return (
      <Stack role="status" gap={0.5} sx={{ p: 1.5, borderRadius: 'sm', bgcolor: 'background.level1' }}>
        <Typography level="title-sm" component="h2">
          {t('waitlist.joinedTitle')}
        </Typography>
        <Typography level="body-sm">{result.channel === 'SMS' ? t('waitlist.joinedSms') : t('waitlist.joinedEmail')}</Typography>
      </Stack>
    );
  }
  if (!open) {
    return (
      <Button variant="outlined" color="neutral" size="sm" onClick={() => setOpen(true)}>
        {t('waitlist.join')}
      </Button>
    );
  }

  const check = () => {
    const found: FieldErrors<Field> = askContact ? validateIntake(values, t('intake', { returnObjects: true })) : {};
    const range = validateWaitlistRange(values.fromDay, values.toDay, t('waitlist', { returnObjects: true }));
    if (range) found[range.field] = range.message;
    if (channel === 'SMS' && askContact && !values.phone.trim()) found.phone = t('waitlist.phoneForText');
    return found;
  };
  const errors: FieldErrors<Field> = tried ? check() : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(check()).length) return;
    join.submit(
      { templateId: template.id, locationId: locationId ?? null, fromDay: values.fromDay, toDay: values.toDay, timezone: timeZone, channel, intake: askContact ? { ...values } : null },
      { method: 'post', encType: 'application/json', action: `/booking-waitlist${location.search}` },
    );
  };
  const field = (name: Field, label: string, props: { type?: string; autoComplete?: string; required?: boolean } = {}) => (
    <FormControl key={name} error={!!errors[name]} required={props.required}>
      <FormLabel>{label}</FormLabel>
      <Input
        name={name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
      {errors[name] && <FormHelperText>{errors[name]}</FormHelperText>}
    </FormControl>
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} gap={1} aria-labelledby="waitlist-heading" sx={{ p: 1.5, borderRadius: 'sm', border: '1px solid', borderColor: 'neutral.outlinedBorder' }}>
      <Typography id="waitlist-heading" level="title-sm" component="h2">
        {t('waitlist.join')}
      </Typography>
      <Typography level="body-sm">{t('waitlist.intro')}</Typography>
      {field('fromDay', t('waitlist.fromDay'), { type: 'date', required: true })}
      {field('toDay', t('waitlist.toDay'), { type: 'date', required: true })}
      {askContact && CONTACT_FIELDS.map((contact) => field(contact.name, t(contact.label), contact))}
      <FormControl>
        <FormLabel id="waitlist-channel">{t('waitlist.channel')}</FormLabel>
        <RadioGroup orientation="horizontal" aria-labelledby="waitlist-channel" value={channel} onChange={(event) => setChannel(event.target.value === 'SMS' ? 'SMS' : 'Email')}>
          <Radio value="Email" label={t('waitlist.channelEmail')} />
          <Radio value="SMS" label={t('waitlist.channelSms')} />
        </RadioGroup>
      </FormControl>
      {result && 'error' in result && (
        <Alert color="danger" role="alert">
          {result.error}
        </Alert>
      )}
      <Button type="submit" loading={join.state !== 'idle'}>
        {t('waitlist.submit')}
      </Button>
    </Stack>
  );
}

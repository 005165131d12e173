import { useActionData, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import type { HoursActionResult, HoursValues, WindowValue } from './hours-types';
import { DAYS, inputToMinutes, WEEK_ORDER } from './time-of-day';
import { ZoneSelect } from './ZoneSelect';
import { SelectBox } from '../SelectBox';

type Named = { value: string; label: string };

/** The form's words: a staff member's working hours by default, the organization's office hours on their own page. */
export interface HoursFormWords {
  heading: string;
  save: string;
  /** A day without hours. */
  off: string;
  /** Shown instead of the zone picker: the hours are on a clock set elsewhere. */
  zoneNote?: string;
  /** Shown when nobody may change the hours on this page. */
  readOnly?: string;
  /** Shown when the hours have no zone at all. */
  noZone: string;
}

const WORKING_HOURS: HoursFormWords = {
  heading: 'Weekly hours',
  save: 'Save working hours',
  off: 'Not working',
  noZone: 'These hours have no time zone: patients are offered them as if they were UTC. Choose a zone above.',
};

/** The browser's check of the windows: each needs an end after its start (the action checks again). */
const resolver = async (values: HoursValues) => {
  const errors: Record<string, { type: string; message: string }> = {};
  values.windows.forEach((window, index) => {
    const start = inputToMinutes(window.start);
    const end = inputToMinutes(window.end);
    if (start === undefined || end === undefined) errors[`windows.${index}.end`] = { type: 'required', message: 'Give a start and an end time' };
    else if (end <= start) errors[`windows.${index}.end`] = { type: 'order', message: 'The end must be after the start' };
  });
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  // react-hook-form reads nested errors by path.
  const nested: { windows: Record<number, { end: { type: string; message: string } }> } = { windows: {} };
  for (const [path, error] of Object.entries(errors)) nested.windows[Number(path.split('.')[1])] = { end: error };
  return { values: {}, errors: nested as never };
};

function WindowRow({ index, name, control, locations, canEdit, onRemove, error }: { index: number; name: string; control: ReturnType<typeof useForm<HoursValues>>['control']; locations: Named[]; canEdit: boolean; onRemove: () => void; error?: string }) {
  return (
    <Stack direction="row" gap={1} alignItems="flex-end" flexWrap="wrap">
      <Controller
        name={`windows.${index}.start`}
        control={control}
        render={({ field }) => (
          <FormControl sx={{ width: 140 }}>
            <FormLabel>From</FormLabel>
            <Input type="time" {...field} readOnly={!canEdit} slotProps={{ input: { 'aria-label': `${name} from` } }} />
          </FormControl>
        )}
      />
      <Controller
        name={`windows.${index}.end`}
        control={control}
        render={({ field }) => (
          <FormControl sx={{ width: 140 }} error={!!error}>
            <FormLabel>To</FormLabel>
            <Input type="time" {...field} readOnly={!canEdit} slotProps={{ input: { 'aria-label': `${name} to` } }} />
          </FormControl>
        )}
      />
      {locations.length > 0 && (
        <Controller
          name={`windows.${index}.locationId`}
          control={control}
          render={({ field }) => (
            <FormControl sx={{ minWidth: 160, flex: 1 }}>
              <FormLabel>Where</FormLabel>
              <SelectBox
                aria-label={`${name} location`}
                value={field.value}
                onChange={field.onChange}
                disabled={!canEdit}
              >
                <option value="">Every location</option>
                {locations.map((location) => (
                  <option key={location.value} value={location.value}>
                    {location.label}
                  </option>
                ))}
              </SelectBox>
            </FormControl>
          )}
        />
      )}
      {canEdit && (
        <Button variant="plain" color="neutral" onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      )}
      {error && (
        <Typography level="body-sm" color="danger" sx={{ width: '100%' }} role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * A staff member's weekly working hours: for each day, the times they can be booked (several a day,
 * each at every location or one), on the clock of the zone chosen above; saved with react-hook-form's
 * values as JSON, the api's refusal shown above the Save button.
 */
export function WeeklyHoursForm({
  values,
  locations,
  canEdit,
  who,
  organizationZone,
  words = WORKING_HOURS,
}: {
  values: HoursValues;
  locations: Named[];
  canEdit: boolean;
  who: string;
  organizationZone: string;
  words?: HoursFormWords;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const result = useActionData<HoursActionResult>();
  const mine = result?.form === 'hours' ? result : undefined;
  const busy = navigation.state === 'submitting' && navigation.json !== undefined && (navigation.json as { intent?: string }).intent === 'hours';
  const { control, handleSubmit, formState, watch, reset } = useForm<HoursValues>({ defaultValues: values, resolver });
  // Once saved, what was saved (the page's fresh data) is the form's new starting point.
  useEffect(() => {
    if (mine?.saved) reset(values);
  }, [mine, values, reset]);
  const { fields, append, remove } = useFieldArray({ control, name: 'windows' });
  const onSubmit = handleSubmit((data) => submit({ intent: 'hours', ...data } as never, { method: 'post', encType: 'application/json' }));
  const zone = watch('timezone');
  return (
    <Sheet variant="outlined" component="section" aria-labelledby="weekly-hours-heading" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap={2}>
          <Typography id="weekly-hours-heading" level="title-lg" component="h2">
            {words.heading}
          </Typography>
          {words.zoneNote ? (
            <Typography level="body-sm">{words.zoneNote}</Typography>
          ) : (
            <Controller
              name="timezone"
              control={control}
              render={({ field }) => (
                <ZoneSelect
                  label="Time zone of these hours"
                  value={field.value}
                  onChange={field.onChange}
                  disabled={!canEdit}
                  hint={
                    organizationZone
                      ? `Left empty, hours at a location are on its clock and the others on the organization’s (${organizationZone.replace(/_/g, ' ')}).`
                      : 'Left empty, hours at a location are on its clock and the others are read as UTC.'
                  }
                  error={mine?.problem?.field === 'timezone' ? mine.problem.message : undefined}
                />
              )}
            />
          )}
          {WEEK_ORDER.map((day) => {
            const rows = fields.map((field, index) => ({ field, index })).filter(({ field }) => Number((field as unknown as WindowValue).day) === day);
            return (
              <Box key={day} component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '130px 1fr' }, gap: 1, alignItems: 'start' }}>
                <Typography component="legend" level="title-sm" sx={{ pt: 1, float: 'left' }}>
                  {DAYS[day]}
                </Typography>
                <Stack gap={1}>
                  {rows.length === 0 && (
                    <Typography level="body-sm" sx={{ pt: 1 }}>
                      {words.off}
                    </Typography>
                  )}
                  {rows.map(({ field, index }, position) => (
                    <WindowRow
                      key={field.id}
                      index={index}
                      name={`${DAYS[day]} hours ${position + 1}`}
                      control={control}
                      locations={locations}
                      canEdit={canEdit}
                      onRemove={() => remove(index)}
                      error={formState.errors.windows?.[index]?.end?.message}
                    />
                  ))}
                  {canEdit && (
                    <Box>
                      <Button size="sm" variant="plain" onClick={() => append({ day, start: '09:00', end: '17:00', locationId: '' })} aria-label={`Add hours on ${DAYS[day]}`}>
                        Add hours
                      </Button>
                    </Box>
                  )}
                </Stack>
              </Box>
            );
          })}
          {mine?.problem && mine.problem.field !== 'timezone' && (
            <Alert color="danger" role="alert">
              {mine.problem.message}
            </Alert>
          )}
          {canEdit ? (
            <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
              <Button type="submit" loading={busy}>
                {words.save}
              </Button>
              {mine?.saved && !formState.isDirty && (
                <Typography level="body-sm" role="status" color="success">
                  {mine.saved}
                </Typography>
              )}
            </Stack>
          ) : (
            <FormHelperText>{words.readOnly ?? `Only ${who} or an Admin can change these hours.`}</FormHelperText>
          )}
          {!zone && !organizationZone && (
            <Alert color="warning">{words.noZone}</Alert>
          )}
        </Stack>
      </form>
    </Sheet>
  );
}

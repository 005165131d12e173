import { useEffect } from 'react';
import { Form, useActionData, useNavigation, useSubmit } from '@remix-run/react';
import { Controller, useForm } from 'react-hook-form';
import Alert from '@mui/joy/Alert';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import type { ExceptionRow, HoursActionResult } from './hours-types';
import { calendarDayWords, DAYS, inputToMinutes, minutesToWords } from './time-of-day';

type ExceptionValues = { date: string; kind: 'off' | 'partOff' | 'extra'; start: string; end: string };

/** The section's words: a staff member's days off by default, the organization's closed days on the office hours page. */
export interface ExceptionWords {
  heading: string;
  intro: string;
  /** No exceptions yet; `add` follows when this viewer may add one. */
  none: string;
  add: string;
  /** The three kinds, as radio labels, and the Add button for each. */
  kinds: Record<ExceptionValues['kind'], string>;
  addKind: Record<ExceptionValues['kind'], string>;
  /** A whole day away, and part of one, in the list ("day off", "off 10:00 AM to noon"). */
  wholeDay: string;
  partOff: string;
}

const STAFF_EXCEPTIONS: ExceptionWords = {
  heading: 'Days off and exceptions',
  intro: 'A day off or time off takes those hours away on that date only; extra hours add some.',
  none: 'No exceptions: the weekly hours apply every week.',
  add: 'Add a day off below when this person is away.',
  kinds: { off: 'Day off', partOff: 'Time off', extra: 'Extra hours' },
  addKind: { off: 'Add day off', partOff: 'Add time off', extra: 'Add extra hours' },
  wholeDay: 'day off',
  partOff: 'off',
};

/** An exception in words: "Tue, Dec 8, 2026: day off", "Wed, Dec 9, 2026: off 10:00 AM to midnight". */
export const exceptionWords = (row: ExceptionRow, words: Pick<ExceptionWords, 'wholeDay' | 'partOff'> = STAFF_EXCEPTIONS) => {
  const when = row.date ? calendarDayWords(row.date) : `Every ${DAYS[row.day]}`;
  const wholeDay = row.start === 0 && row.end >= 1440;
  const times = `${minutesToWords(row.start)} to ${minutesToWords(row.end)}`;
  if (row.unavailable) return `${when}: ${wholeDay ? words.wholeDay : `${words.partOff} ${times}`}${row.active ? '' : ' (paused)'}`;
  return `${when}: extra hours ${times}${row.active ? '' : ' (paused)'}`;
};

const resolver = async (values: ExceptionValues) => {
  const errors: Record<string, { type: string; message: string }> = {};
  if (!values.date) errors.date = { type: 'required', message: 'Required' };
  if (values.kind !== 'off') {
    const start = inputToMinutes(values.start);
    const end = inputToMinutes(values.end);
    if (start === undefined || end === undefined) errors.end = { type: 'required', message: 'Give a start and an end time' };
    else if (end <= start) errors.end = { type: 'order', message: 'The end must be after the start' };
  }
  return Object.keys(errors).length ? { values: {}, errors: errors as never } : { values, errors: {} };
};

/**
 * Days off and other exceptions to the weekly hours, each on one date (dated availability blocks):
 * the list with a Remove button each, and a form to add one.
 */
export function ExceptionsSection({
  rows,
  zoneWords,
  canAdd,
  canDelete,
  words = STAFF_EXCEPTIONS,
}: {
  rows: ExceptionRow[];
  zoneWords: string;
  canAdd: boolean;
  canDelete: boolean;
  words?: ExceptionWords;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const result = useActionData<HoursActionResult>();
  const mine = result?.form === 'exception' ? result : undefined;
  const busy = navigation.state === 'submitting' && (navigation.json as { intent?: string } | undefined)?.intent === 'exception';
  const { control, handleSubmit, formState, watch, reset } = useForm<ExceptionValues>({ defaultValues: { date: '', kind: 'off', start: '09:00', end: '12:00' }, resolver });
  useEffect(() => {
    if (mine?.saved) reset();
  }, [mine, reset]);
  const kind = watch('kind');
  const onSubmit = handleSubmit((values) => submit({ intent: 'exception', ...values } as never, { method: 'post', encType: 'application/json' }));
  const message = (name: keyof ExceptionValues) => formState.errors[name]?.message ?? (mine?.problem?.field === name ? mine.problem.message : undefined);
  return (
    <Sheet variant="outlined" component="section" aria-labelledby="exceptions-heading" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
      <Stack gap={2}>
        <Typography id="exceptions-heading" level="title-lg" component="h2">
          {words.heading}
        </Typography>
        <Typography level="body-sm">
          {words.intro} Times are on {zoneWords}.
        </Typography>
        {mine?.saved && (
          <Typography level="body-sm" role="status" color="success">
            {mine.saved}
          </Typography>
        )}
        {mine?.problem && !mine.problem.field && (
          <Alert color="danger" role="alert">
            {mine.problem.message}
          </Alert>
        )}
        {rows.length === 0 ? (
          <Typography level="body-md">{canAdd ? `${words.none} ${words.add}` : words.none}</Typography>
        ) : (
          <List aria-label="Exceptions" sx={{ p: 0, gap: 0.5 }}>
            {rows.map((row) => (
              <ListItem key={row.id} sx={{ px: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ flex: 1, minWidth: 200 }}>{exceptionWords(row, words)}</Typography>
                {canDelete && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-exception" />
                    <input type="hidden" name="blockId" value={row.id} />
                    <Button type="submit" size="sm" variant="plain" color="danger" aria-label={`Remove ${exceptionWords(row, words)}`}>
                      Remove
                    </Button>
                  </Form>
                )}
              </ListItem>
            ))}
          </List>
        )}
        {canAdd && (
          <form onSubmit={onSubmit} noValidate aria-label="Add an exception">
            <Stack gap={1.5}>
              <Controller
                name="kind"
                control={control}
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id="exception-kind">Kind</FormLabel>
                    <RadioGroup orientation="horizontal" aria-labelledby="exception-kind" value={field.value} onChange={(event) => field.onChange(event.target.value)} sx={{ flexWrap: 'wrap', gap: 2 }}>
                      <Radio value="off" label={words.kinds.off} />
                      <Radio value="partOff" label={words.kinds.partOff} />
                      <Radio value="extra" label={words.kinds.extra} />
                    </RadioGroup>
                  </FormControl>
                )}
              />
              <Stack direction="row" gap={1} flexWrap="wrap" alignItems="flex-start">
                <Controller
                  name="date"
                  control={control}
                  render={({ field }) => (
                    <FormControl error={!!message('date')} sx={{ width: 180 }}>
                      <FormLabel>Date</FormLabel>
                      <Input type="date" {...field} />
                      {message('date') && <FormHelperText>{message('date')}</FormHelperText>}
                    </FormControl>
                  )}
                />
                {kind !== 'off' && (
                  <>
                    <Controller
                      name="start"
                      control={control}
                      render={({ field }) => (
                        <FormControl sx={{ width: 130 }}>
                          <FormLabel>From</FormLabel>
                          <Input type="time" {...field} />
                        </FormControl>
                      )}
                    />
                    <Controller
                      name="end"
                      control={control}
                      render={({ field }) => (
                        <FormControl error={!!message('end')} sx={{ width: 130 }}>
                          <FormLabel>To</FormLabel>
                          <Input type="time" {...field} />
                          {message('end') && <FormHelperText>{message('end')}</FormHelperText>}
                        </FormControl>
                      )}
                    />
                  </>
                )}
              </Stack>
              <Stack direction="row">
                <Button type="submit" variant="outlined" loading={busy}>
                  {words.addKind[kind]}
                </Button>
              </Stack>
            </Stack>
          </form>
        )}
      </Stack>
    </Sheet>
  );
}

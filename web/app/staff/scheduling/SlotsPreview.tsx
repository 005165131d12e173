import { Form } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { formatIn } from '../../time/format';
import type { PreviewDay } from './hours-types';
import { SelectBox } from '../SelectBox';

type Named = { value: string; label: string };

/**
 * Next week as patients will be offered it: the slots of the chosen appointment type (and location),
 * from the same availability call the booking widget makes, by day on the viewer's clock with its
 * zone named. Choosing another type or location reloads the page with them in its address.
 */
export function SlotsPreview({
  userId,
  days,
  message,
  withoutTimezone,
  types,
  typeId,
  locations,
  locationId,
  viewerZone,
}: {
  userId: string;
  days: PreviewDay[];
  message?: string;
  withoutTimezone: boolean;
  types: Named[];
  typeId: string;
  locations: Named[];
  locationId: string;
  viewerZone: string;
}) {
  const total = days.reduce((sum, day) => sum + day.slots.length, 0);
  return (
    <Sheet variant="outlined" component="section" aria-labelledby="preview-heading" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
      <Stack gap={1.5}>
        <Typography id="preview-heading" level="title-lg" component="h2">
          Next week as patients see it
        </Typography>
        {types.length === 0 ? (
          <Typography>Add an appointment type to see which times patients can book.</Typography>
        ) : (
          <Form method="get" replace>
            <input type="hidden" name="user" value={userId} />
            <Stack direction="row" gap={1} flexWrap="wrap" alignItems="flex-end">
              <Stack gap={0.5}>
                <label htmlFor="preview-type">
                  <Typography level="body-sm">Appointment type</Typography>
                </label>
                <SelectBox id="preview-type" name="type" defaultValue={typeId}>
                  {types.map((type) => (
                    <option key={type.value} value={type.value}>
                      {type.label}
                    </option>
                  ))}
                </SelectBox>
              </Stack>
              {locations.length > 0 && (
                <Stack gap={0.5}>
                  <label htmlFor="preview-location">
                    <Typography level="body-sm">Location</Typography>
                  </label>
                  <SelectBox id="preview-location" name="location" defaultValue={locationId}>
                    <option value="">Any location</option>
                    {locations.map((location) => (
                      <option key={location.value} value={location.value}>
                        {location.label}
                      </option>
                    ))}
                  </SelectBox>
                </Stack>
              )}
              <Button type="submit" size="sm" variant="outlined">
                Show times
              </Button>
            </Stack>
          </Form>
        )}
        {message && <Alert color="danger">{message}</Alert>}
        {withoutTimezone && <Alert color="warning">These hours have no time zone, so patients are offered them as UTC. Choose a time zone above.</Alert>}
        {days.length > 0 && (
          <>
            <Typography level="body-sm">
              {total === 0 ? 'No bookable times' : `${total} bookable ${total === 1 ? 'time' : 'times'}`} next week, shown on your clock ({formatIn(days[0]!.start, viewerZone, 'time').split(' ').pop()}).
            </Typography>
            <Box component="ul" aria-label="Bookable times next week" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {days.map((day) => (
                <Box component="li" key={day.key} aria-label={formatIn(day.start, viewerZone, 'weekdayDate')} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, gap: 1 }}>
                  <Typography level="title-sm">{formatIn(day.start, viewerZone, 'weekdayDate')}</Typography>
                  <Stack direction="row" gap={0.5} flexWrap="wrap">
                    {day.slots.length === 0 ? (
                      <Typography level="body-sm">No times</Typography>
                    ) : (
                      day.slots.map((slot) => (
                        <Chip key={slot} size="sm" variant="soft">
                          {formatIn(slot, viewerZone, 'time')}
                        </Chip>
                      ))
                    )}
                  </Stack>
                </Box>
              ))}
            </Box>
          </>
        )}
      </Stack>
    </Sheet>
  );
}

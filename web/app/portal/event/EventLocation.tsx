import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../../i18n/I18nProvider';
import { EventSection as Section } from './EventSection';

export interface EventLocationView {
  location?: string;
  locationAddress?: string;
  locationURL?: string;
  locationNotes?: string;
  phone?: string;
}

/** Where the event takes place: the place, its address, a link, notes and a phone number. */
export function EventLocation({ event }: { event: EventLocationView }) {
  const { t } = useTranslation('events');
  if (!event.location && !event.locationURL && !event.phone) return null;
  return (
    <Section title={t('location')}>
      {event.location && <Typography>{event.location}</Typography>}
      {event.locationAddress && <Typography level="body-sm">{event.locationAddress}</Typography>}
      {event.locationURL && (
        <Link href={event.locationURL} target="_blank" rel="noreferrer">
          {event.locationURL}
        </Link>
      )}
      {event.locationNotes && <Typography level="body-sm">{event.locationNotes}</Typography>}
      {event.phone && <Typography level="body-sm">{event.phone}</Typography>}
    </Section>
  );
}

import { Link as RemixLink } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import type { SxProps } from '@mui/joy/styles/types';
import type { AppointmentStatus, CalendarItem } from './appointment-items';
import { appointmentHref, type CalendarPlace } from './calendar-links';

const TONES: Record<AppointmentStatus, { bg: string; border: string }> = {
  confirmed: { bg: 'primary.softBg', border: 'primary.solidBg' },
  completed: { bg: 'success.softBg', border: 'success.solidBg' },
  'no-show': { bg: 'warning.softBg', border: 'warning.solidBg' },
  cancelled: { bg: 'neutral.softBg', border: 'neutral.outlinedBorder' },
  moved: { bg: 'neutral.softBg', border: 'neutral.outlinedBorder' },
};

/**
 * One appointment on the calendar: a link to its page whose accessible name says it all ("9:30 AM–10:00
 * AM, Initial consult with Ada Lovelace, confirmed"), showing as many of those words as its height
 * has lines for; a connected calendar's event is a grey "Busy" block with its time and nothing else.
 */
export function CalendarEntry({ item, from, lines = 3, withTime = true, sx }: { item: CalendarItem; from: CalendarPlace; lines?: number; withTime?: boolean; sx?: SxProps }) {
  const compact = lines < 2;
  if (item.busy) {
    return (
      <Box
        data-busy
        sx={[
          { bgcolor: 'neutral.softBg', color: 'neutral.softColor', borderLeft: '3px solid', borderColor: 'neutral.outlinedBorder', borderRadius: 'xs', px: 0.75, py: 0.25, overflow: 'hidden' },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        <Typography level="body-xs" fontWeight="lg" textColor="inherit">
          Busy
        </Typography>{' '}
        {!compact && (
          <Typography level="body-xs" textColor="inherit">
            {item.time}
          </Typography>
        )}
      </Box>
    );
  }
  const tone = TONES[item.status];
  // The visible words are the accessible name's, in its order, so what is seen is what is heard (axe: label-content-name-mismatch).
  const subject = item.patientName ? `${item.title} with ${item.patientName}` : item.title;
  const ended = item.status === 'cancelled' || item.status === 'moved';
  return (
    <Box
      component={RemixLink}
      to={appointmentHref(item.id, from)}
      aria-label={item.label}
      sx={[
        {
          display: 'block',
          textDecoration: 'none',
          color: 'text.primary',
          bgcolor: tone.bg,
          borderLeft: '3px solid',
          borderColor: tone.border,
          borderRadius: 'xs',
          px: 0.75,
          py: 0.25,
          overflow: 'hidden',
          '& .MuiTypography-root': { lineHeight: 1.35 },
          '&:hover': { filter: 'brightness(0.97)' },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'focusVisible', outlineOffset: '1px', zIndex: 2 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {lines === 1 ? (
        <Typography level="body-xs" noWrap sx={{ textDecoration: ended ? 'line-through' : undefined }}>
          {withTime ? `${item.time} ${subject}` : subject}
        </Typography>
      ) : (
        <>
          <Typography level="body-xs" fontWeight="lg" noWrap sx={{ textDecoration: ended ? 'line-through' : undefined }}>
            {item.time}
          </Typography>{' '}
          <Typography level="body-xs" noWrap>
            {subject}
          </Typography>{' '}
          {lines > 2 && (
            <Typography level="body-xs" noWrap textColor="text.secondary">
              {[item.where, item.status].filter(Boolean).join(', ')}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

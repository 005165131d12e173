import type { LoaderFunctionArgs } from '@remix-run/node';
import { calendarFileOfLink } from '../../../booking/appointment-links.server';

/**
 * /appointment/calendar.ics?link=…: the Add to calendar file of a booked appointment (the booking
 * widget's last step and its confirmation email), public: the signed token is the permission.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const outcome = await calendarFileOfLink(request);
  if ('refused' in outcome) return new Response(outcome.refused, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(outcome.ok, {
    headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'attachment; filename="appointment.ics"', 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' },
  });
};

import { appointmentLinks, createAppointmentLinkToken, readAppointmentLinkToken } from './appointment-links';
import { createOneTimeToken } from '../auth/one-time-tokens';

const SECRET = 'x'.repeat(40);
const link = { purpose: 'cancel' as const, calendarEventId: '0123456789abcdef01234567', enduserId: 'abcdef0123456789abcdef01', expiresAt: Date.UTC(2030, 0, 5, 15, 0) };

describe('signed appointment links', () => {
  it('reads back what was signed, to the second', () => {
    expect(readAppointmentLinkToken(SECRET, createAppointmentLinkToken(SECRET, link))).toEqual(link);
  });

  it('states its purpose, so the caller can refuse a link of another one', () => {
    expect(readAppointmentLinkToken(SECRET, createAppointmentLinkToken(SECRET, { ...link, purpose: 'reschedule' }))?.purpose).toBe('reschedule');
  });

  it('refuses anything it did not sign: another secret, a changed statement, a truncated signature, other tokens', () => {
    const token = createAppointmentLinkToken(SECRET, link);
    expect(readAppointmentLinkToken('y'.repeat(40), token)).toBeUndefined();
    const [encoded, signature] = token.split('.');
    const changed = Buffer.from(Buffer.from(encoded!, 'base64url').toString().replace(/^c/, 'r')).toString('base64url');
    expect(readAppointmentLinkToken(SECRET, `${changed}.${signature}`)).toBeUndefined();
    expect(readAppointmentLinkToken(SECRET, token.slice(0, -2))).toBeUndefined();
    // A password-reset token signed with the same api secret is no appointment link.
    expect(readAppointmentLinkToken(SECRET, createOneTimeToken(SECRET, 'reset', 'enduser', { _id: link.enduserId }, 3600))).toBeUndefined();
    expect(readAppointmentLinkToken(SECRET, undefined)).toBeUndefined();
    expect(readAppointmentLinkToken(SECRET, 'a'.repeat(400))).toBeUndefined();
  });

  it('makes the three portal links: cancel and reschedule until the start, the calendar file until the end', () => {
    const links = appointmentLinks(SECRET, 'https://portal.example.com', { id: link.calendarEventId, startTimeInMS: link.expiresAt, durationInMinutes: 30 }, link.enduserId);
    const read = (url: string) => readAppointmentLinkToken(SECRET, new URL(url).searchParams.get('link'));
    expect(new URL(links.cancelLink).pathname).toBe('/appointment/cancel');
    expect(read(links.cancelLink)).toEqual(link);
    expect(read(links.rescheduleLink)).toEqual({ ...link, purpose: 'reschedule' });
    expect(read(links.calendarLink)).toEqual({ ...link, purpose: 'calendar', expiresAt: link.expiresAt + 30 * 60_000 });
  });
});

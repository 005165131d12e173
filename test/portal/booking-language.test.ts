import { APPOINTMENT_LINK_MESSAGES } from '../../api/src/actions/calendar/appointment-link-records';
import { BOOKING_MESSAGES } from '../../api/src/actions/calendar/booking-context';
import { JOIN_WAITLIST_MESSAGES } from '../../api/src/actions/calendar/join-waitlist';
import { apiMessageKey } from '../../web/app/booking/api-messages';
import { en } from '../../web/app/i18n/catalogue/en';
import { validateIntake } from '../../web/app/booking/intake';
import { longDateTime, longDay, monthTitle, slotLabel, weekdayInitials } from '../../web/app/booking/time';
import { validateWaitlistRange } from '../../web/app/booking/waitlist';
import { es } from '../../web/app/i18n/catalogue/es';

/** Issue #38: the booking widget's dates and messages in the page's language; English as before. */
describe('booking widget: language of its dates and messages', () => {
  const MONDAY_930_UTC = Date.UTC(2026, 11, 7, 9, 30);

  it('writes days, months and times in Spanish for es-US, capitalised where they start a line, and as before in English', () => {
    expect(longDay('2026-12-07', 'es-US')).toBe('Lunes, 7 de diciembre de 2026');
    expect(monthTitle('2026-12', 'es-US')).toBe('Diciembre de 2026');
    expect(weekdayInitials('es-US')).toEqual(['do', 'lu', 'ma', 'mi', 'ju', 'vi', 'sá']);
    expect(slotLabel(MONDAY_930_UTC, 'UTC', 'es-US')).toMatch(/^9:30\sa\.\s?m\.$/);
    expect(longDateTime(MONDAY_930_UTC, 'America/New_York', 'es-US')).toMatch(/^Lunes, 7 de diciembre de 2026, 4:30\sa\.\s?m\. (EST|GMT-5)$/);
    expect(longDay('2026-12-07')).toBe('Monday, December 7, 2026');
    expect(monthTitle('2026-12')).toBe('December 2026');
    expect(weekdayInitials()).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    expect(slotLabel(MONDAY_930_UTC, 'UTC')).toMatch(/^9:30\sAM$/);
    expect(longDateTime(MONDAY_930_UTC, 'America/New_York')).toMatch(/^Monday, December 7, 2026 at 4:30\sAM EST$/);
  });

  it('checks the intake and the waitlist with the messages it is given, English by default', () => {
    expect(validateIntake({ fname: '', lname: 'Ruiz', email: 'no', dateOfBirth: '31-31-2000' }, es.booking.intake)).toEqual({
      fname: 'El nombre es obligatorio',
      email: 'Debe ser un correo electrónico válido',
      dateOfBirth: 'La fecha debe tener el formato MM-DD-AAAA',
    });
    expect(validateIntake({ fname: 'Ana', lname: '', email: 'ana@example.com' })).toEqual({ lname: 'Last name is required' });
    expect(validateWaitlistRange('2026-12-09', '2026-12-07', es.booking.waitlist)).toEqual({ field: 'toDay', message: 'El último día no puede ser anterior al primer día' });
    expect(validateWaitlistRange('', '2026-12-07')).toEqual({ field: 'fromDay', message: 'Choose the earliest day' });
    expect(validateWaitlistRange('2026-12-07', '2026-12-09')).toBeUndefined();
  });

  it("knows the api's link and booking refusals word for word, and no other message", () => {
    expect(apiMessageKey('This time is no longer available')).toBe('taken');
    expect(apiMessageKey('This appointment is already cancelled.')).toBe('cancelled');
    expect(apiMessageKey('This time is no longer available.')).toBeUndefined();
    expect(apiMessageKey('Something else went wrong')).toBeUndefined();
  });

  it("holds only sentences the api really answers (so a change of the api's wording shows here)", () => {
    const flat = (texts: object): string[] => Object.values(texts).flatMap((value) => (typeof value === 'string' ? [value] : flat(value as object)));
    const answered = new Set([...flat(APPOINTMENT_LINK_MESSAGES), ...flat(BOOKING_MESSAGES), ...flat(JOIN_WAITLIST_MESSAGES)]);
    expect(Object.values(en.patientLinks.api).filter((text) => !answered.has(text))).toEqual([]);
  });
});

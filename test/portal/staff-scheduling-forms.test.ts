import { appointmentTypeRecord, appointmentTypeValues, reminderLabel } from '../../web/app/staff/scheduling/appointment-type';
import { bookingPageRecord, embedSnippet, publicBookingLink, termsProblem, textToTerms } from '../../web/app/staff/scheduling/booking-page';
import { nextWeekOn } from '../../web/app/staff/scheduling/next-week';
import { inputToMinutes, minutesToInput, minutesToWords, weekdayOf } from '../../web/app/staff/scheduling/time-of-day';

/** Issue 34: the booking setup's forms map to the api's records and back, and next week is the viewer's. */
describe('staff scheduling: form values and records', () => {
  it('an appointment type keeps reminders the form does not show, and asks confirmations as "send"', () => {
    const existing = {
      title: 'Visit',
      durationInMinutes: 30,
      confirmationSMSDisabled: true,
      reminders: [
        { type: 'webhook', msBeforeStartTime: 60_000 },
        { type: 'enduser-notification', msBeforeStartTime: 86_400_000, didRemind: false },
      ],
    };
    const values = appointmentTypeValues(existing);
    expect(values).toMatchObject({ durationInMinutes: '30', sendConfirmationEmail: true, sendConfirmationSMS: false, patientReminders: ['86400000'] });
    const record = appointmentTypeRecord({ ...values, patientReminders: ['86400000', '3600000'], carePlanTasks: ' Fast \n\n Bring ID ' }, existing);
    expect(record.reminders).toEqual([
      { type: 'webhook', msBeforeStartTime: 60_000 },
      { type: 'enduser-notification', msBeforeStartTime: 86_400_000, didRemind: false },
      { type: 'enduser-notification', msBeforeStartTime: 3_600_000 },
    ]);
    expect(record).toMatchObject({ durationInMinutes: 30, confirmationSMSDisabled: true, confirmationEmailDisabled: false, carePlanTasks: ['Fast', 'Bring ID'], bufferStartMinutes: '' });
    expect([604_800_000, 172_800_000, 7_200_000, 900_000].map(reminderLabel)).toEqual(['1 week before', '2 days before', '2 hours before', '15 minutes before']);
  });

  it('booking page terms are one a line, title then link; the link and the embed name the page', () => {
    expect(textToTerms('Terms of service https://example.com/terms\n\nPrivacy  https://example.com/p ')).toEqual([
      { title: 'Terms of service', link: 'https://example.com/terms' },
      { title: 'Privacy', link: 'https://example.com/p' },
    ]);
    expect(termsProblem('Terms of service')).toBe('Each term needs a title and then a link starting with https://');
    expect(termsProblem('')).toBeUndefined();
    expect(bookingPageRecord({ title: ' Book ', calendarEventTemplateIds: ['a'], terms: '' })).toMatchObject({ title: 'Book', terms: [], locationIds: [] });
    const link = publicBookingLink('https://clinic.example.com', '0123456789abcdef01234567', '89abcdef0123456789abcdef');
    expect(link).toBe('https://clinic.example.com/appointment-booking-page?businessId=0123456789abcdef01234567&appointmentBookingPageId=89abcdef0123456789abcdef');
    expect(embedSnippet(link, 'Book "now"')).toBe(
      `<iframe src="${link.replace('&', '&amp;')}" title="Book &quot;now&quot;" style="width:100%;max-width:400px;height:760px;border:0" loading="lazy"></iframe>`,
    );
  });

  it('times of day and next week on the viewer’s clock', () => {
    expect([minutesToInput(540), minutesToInput(1440), inputToMinutes('09:30'), inputToMinutes('23:59'), inputToMinutes('25:00')]).toEqual(['09:00', '23:59', 570, 1440, undefined]);
    expect([minutesToWords(540), minutesToWords(780), minutesToWords(1440)]).toEqual(['9:00 AM', '1:00 PM', 'midnight']);
    expect(weekdayOf('2026-12-07')).toBe(1);
    // Saturday 2026-11-28 20:00 in New York (01:00Z on the 29th): next week is Monday Nov 30 to Monday Dec 7, New York midnights.
    const week = nextWeekOn(Date.UTC(2026, 10, 29, 1, 0), 'America/New_York');
    expect(week.days.map((day) => day.key)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect([week.from, week.to]).toEqual([Date.UTC(2026, 10, 30, 5), Date.UTC(2026, 11, 7, 5)]);
    // On a Monday, next week is the one after.
    expect(nextWeekOn(Date.UTC(2026, 10, 30, 12), 'UTC').days[0]!.key).toBe('2026-12-07');
  });
});

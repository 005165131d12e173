import { EMAIL_BATCH_MS, emailsNotification } from './notification-batching';

const minutes = (n: number) => n * 60_000;

describe('emailsNotification', () => {
  it('emails the first notification of a conversation', () => {
    expect(emailsNotification([], minutes(0))).toBe(true);
  });

  it('holds back the ones within 10 minutes of the last email', () => {
    expect(emailsNotification([minutes(0)], minutes(3))).toBe(false);
    expect(emailsNotification([minutes(0), minutes(3)], minutes(9))).toBe(false);
  });

  it('emails again 10 minutes after the last email, even while the patient keeps writing', () => {
    // 0 emailed, 4 and 8 held, 12 emailed (12 - 0 >= 10), 16 held (16 - 12 < 10), 22 emailed.
    const times = [0, 4, 8, 12, 16].map(minutes);
    expect(emailsNotification(times.slice(0, 3), minutes(12))).toBe(true);
    expect(emailsNotification(times.slice(0, 4), minutes(16))).toBe(false);
    expect(emailsNotification(times, minutes(22))).toBe(true);
  });

  it('ignores later notifications and reads the window exactly', () => {
    expect(emailsNotification([minutes(30)], minutes(0))).toBe(true);
    expect(emailsNotification([0], EMAIL_BATCH_MS)).toBe(true);
    expect(emailsNotification([0], EMAIL_BATCH_MS - 1)).toBe(false);
  });
});

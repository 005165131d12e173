import booking from '../i18n/catalogue/en/booking';

/** The waitlist form's choices and checks, shared by the widget and the server (docs/decisions.md, "The waitlist"). */
export type WaitlistChannel = 'Email' | 'SMS';

/** The waitlist's texts in English (the catalogue's 'booking' namespace); pages pass their language's. */
export const WAITLIST_TEXTS = booking.waitlist;
export type WaitlistRangeMessages = Pick<Record<keyof typeof WAITLIST_TEXTS, string>, 'fromRequired' | 'toRequired' | 'order'>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first problem with a range of days (YYYY-MM-DD), or undefined. */
export const validateWaitlistRange = (fromDay: string, toDay: string, messages: WaitlistRangeMessages = WAITLIST_TEXTS) => {
  if (!DAY.test(fromDay)) return { field: 'fromDay' as const, message: messages.fromRequired };
  if (!DAY.test(toDay)) return { field: 'toDay' as const, message: messages.toRequired };
  if (toDay < fromDay) return { field: 'toDay' as const, message: messages.order };
  return undefined;
};

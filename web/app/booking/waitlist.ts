/** The waitlist form's choices and checks, shared by the widget and the server (docs/decisions.md, "The waitlist"). */
export type WaitlistChannel = 'Email' | 'SMS';

export const WAITLIST_TEXTS = {
  join: 'Join the waitlist',
  intro: 'Tell us which days suit you. When a time opens up, we hold it for you for 15 minutes and send you a link to book it.',
  fromDay: 'Earliest day',
  toDay: 'Latest day',
  channel: 'Tell me by',
  submit: 'Join the waitlist',
  joinedTitle: "You're on the waitlist",
  joined: (channel: WaitlistChannel) =>
    channel === 'SMS' ? 'We will text you when a time opens up, with a link that holds it for you for 15 minutes.' : 'We will email you when a time opens up, with a link that holds it for you for 15 minutes.',
  fromRequired: 'Choose the earliest day',
  toRequired: 'Choose the latest day',
  order: 'The latest day must not be before the earliest day',
  phoneForText: 'Enter a phone number to be told by text',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first problem with a range of days (YYYY-MM-DD), or undefined. */
export const validateWaitlistRange = (fromDay: string, toDay: string) => {
  if (!DAY.test(fromDay)) return WAITLIST_TEXTS.fromRequired;
  if (!DAY.test(toDay)) return WAITLIST_TEXTS.toRequired;
  if (toDay < fromDay) return WAITLIST_TEXTS.order;
  return undefined;
};

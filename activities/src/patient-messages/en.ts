/**
 * The fixed words of every email and text the platform writes to a patient, in English (issue #38).
 * Clinic-written bodies (templates, form titles, event titles) are never here: they are passed in as
 * values. Keys are grouped by the message they belong to; `{{name}}` are i18next interpolations.
 * The English texts are the ones docs and tests quote: change them only with those.
 */
export default {
  footer: {
    unsubscribeText: 'To stop receiving these emails, unsubscribe: {{link}}',
    unsubscribeHtmlBefore: 'To stop receiving these emails, ',
    unsubscribeHtmlLink: 'unsubscribe',
    unsubscribeHtmlAfter: '.',
  },
  reminder: {
    subject: 'Reminder: {{title}}',
    text: 'This is a reminder of {{title}} on {{when}}.',
  },
  appointmentChange: {
    movedSubject: 'Your appointment was moved: {{title}}',
    movedText: 'Your {{title}} has been moved to {{when}}. If this time does not suit you, please contact us.',
    bookedSubject: 'Your appointment is booked: {{title}}',
    bookedText: 'Your {{title}} is booked for {{when}}. If this time does not suit you, please contact us.',
  },
  bookingConfirmation: {
    confirmedSubject: 'Your appointment is confirmed: {{title}}',
    rescheduledSubject: 'Your appointment was rescheduled: {{title}}',
    confirmed: 'Your {{title}} is confirmed for {{when}}.',
    rescheduled: 'Your {{title}} is rescheduled to {{when}}.',
    whereLabel: 'Where:',
    addToCalendar: 'Add to calendar',
    reschedule: 'Reschedule',
    cancel: 'Cancel appointment',
    openPortal: 'Open your patient portal',
    linksWork: 'The cancel and reschedule links work until the appointment starts.',
    videoVisit: 'Video visit',
  },
  reminderReply: {
    cancelled: 'Your appointment {{title}} on {{when}} is cancelled.',
    confirmed: 'Thank you, your appointment {{title}} on {{when}} is confirmed.',
    reschedule: 'To choose another time for {{title}}, visit {{link}}',
    untitled: 'your appointment',
  },
  waitlistOffer: {
    subject: 'A time opened up: {{title}}',
    free: 'A time you were waiting for is free: {{title}} on {{when}}.',
    freeWith: 'A time you were waiting for is free: {{title}} with {{staffName}} on {{when}}.',
    held: 'It is held for you until {{until}}. To book it, open this link:',
    after: 'After that time it is offered to the next person waiting.',
    sms: 'A time you were waiting for is free: {{title}} on {{when}}. Held for you until {{until}}. Book it: {{link}}',
    linkKeptOut: '(the booking link is in the message the patient received)',
    untitled: 'appointment',
  },
  loginLink: {
    subject: 'Your sign-in link',
    intro: 'Open this link to sign in to your account:',
    linkText: 'Sign in',
    outro: 'The link works once and expires in {{minutes}} minutes. If you did not ask for it, ignore this message.',
    sms: 'Your sign-in link (works once, for {{minutes}} minutes): {{link}}',
  },
  signInCode: {
    subject: 'Your sign-in code',
    line: 'Your sign-in code is {{code}}. It works for {{minutes}} minutes. If you did not try to sign in, change your password.',
    htmlCode: 'Your sign-in code is <strong>{{code}}</strong>.',
    htmlRest: 'It works for {{minutes}} minutes. If you did not try to sign in, change your password.',
  },
  passwordReset: {
    subject: 'Reset your password',
    intro: 'Someone asked to reset the password of your account. Open this link to choose a new one:',
    linkText: 'Reset your password',
    outro: 'The link works once and expires in {{minutes}} minutes. If you did not ask for it, ignore this message.',
  },
  videoInvite: {
    subject: 'You are invited to a video call',
    text: 'You have been invited to a video call. Join here: {{link}}',
  },
  formRequest: {
    greeted: 'Hi {{name}}, please fill out {{title}}: {{url}}',
    plain: 'please fill out {{title}}: {{url}}',
  },
  autoreply: {
    subject: 'We received your message',
    message: 'Thanks for your message. Our team is currently out of the office and will get back to you as soon as we can.',
  },
  textKeywords: {
    optOut: '{{name}}: You are unsubscribed and will receive no more texts from us. Reply START to resubscribe.',
    optIn: '{{name}}: You are resubscribed to texts. Reply STOP to unsubscribe.',
    help: '{{name}}: Reply STOP to unsubscribe, START to resubscribe. Msg & data rates may apply.',
  },
} as const;

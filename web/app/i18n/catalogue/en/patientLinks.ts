/**
 * The public pages a patient opens from a message: cancel and reschedule links
 * (docs/contract/api.md "Signed appointment links"), unsubscribe (docs/contract/portal.md#unsubscribe)
 * and a waitlist offer (docs/decisions.md "The waitlist"). `api` holds the api's own refusals, shown
 * in the patient's language when the api says one of them (patient-links.ts).
 */
export default {
  minutes_one: '{{count}} minute',
  minutes_other: '{{count}} minutes',
  where: 'Where: {{place}}',
  yourAppointment: 'Your appointment',
  cancelTitle: 'Cancel appointment',
  cancelQuestion: 'Do you want to cancel this appointment? This cannot be undone.',
  cancelButton: 'Cancel appointment',
  cancelled: 'Your appointment is cancelled. Its reminders will not be sent.',
  rescheduleTitle: 'Choose another time',
  moving: 'You are moving this appointment:',
  missingToken: 'This link is not complete. Please open it again from your confirmation email.',
  state: {
    cancelled: 'This appointment is already cancelled.',
    rescheduled: 'This appointment was already moved to another time. Please use the links in your newest confirmation email.',
    started: 'This link has expired: the appointment has already started.',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    confirm: 'Select Unsubscribe to stop receiving these messages.',
    button: 'Unsubscribe',
    done: 'You have successfully unsubscribed',
    invalid: 'Unsubscribe link is invalid',
  },
  offer: {
    title: 'A time opened up',
    book: 'Book this time',
    booked: 'Appointment Confirmed',
    bookedDetail: 'Check your email for next steps',
    gone: 'This time is no longer available',
    goneDetail: 'Its hold has ended or it has been booked. While you are on the waitlist, we will tell you when another time opens up.',
    heldUntil: 'Held for you until {{time}}.',
    minutes: '{{count}} minutes',
    withStaff: '{{minutes}} minutes with {{name}}',
  },
  api: {
    invalid: 'This link is not valid. Please use the link from your most recent confirmation email.',
    wrongPurposeCancel: 'This link cannot cancel an appointment. Please use the cancel link from your confirmation email.',
    wrongPurposeReschedule: 'This link cannot reschedule an appointment. Please use the reschedule link from your confirmation email.',
    started: 'This link has expired: the appointment has already started.',
    ended: 'This link has expired: the appointment has ended.',
    cancelled: 'This appointment is already cancelled.',
    rescheduled: 'This appointment was already moved to another time. Please use the links in your newest confirmation email.',
    taken: 'This time is no longer available',
    outsideAvailability: 'This time is not within the availability of the selected user',
    outsidePageDates: 'This time is outside the dates of this booking page',
    termsNotAgreed: 'Please agree to every term of this booking page before booking',
    alreadyRescheduled: 'This appointment has already been cancelled or rescheduled',
    alreadyWaiting: 'You are already on the waitlist for this appointment',
    rangePassed: 'The date range must end in the future',
    rangeTooLong: 'The date range must be at most 90 days',
    noEmail: 'An email address is needed to be offered times by email',
    noPhone: 'A phone number is needed to be offered times by text',
  },
} as const;

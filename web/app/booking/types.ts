/** What the booking widget shows of a booking page (docs/contract/portal.md#booking-widget). */
export interface BookingPageView {
  id: string;
  businessId: string;
  title: string;
  primaryColor?: string;
  secondaryColor?: string;
  backgroundColor?: string;
  topLogo?: string;
  intakeTitle?: string;
  intakeDescription?: string;
  thankYouTitle?: string;
  thankYouDescription?: string;
  thankYouRedirectURL?: string;
  ga4measurementId?: string;
  /** Where GA4 events go, given with a measurement id (the portal's GA4_COLLECT_URL). */
  ga4CollectUrl?: string;
  terms: { title: string; link: string }[];
  /** video: held by video call, so its place is 'Video visit'. */
  templates: { id: string; title: string; description?: string; durationInMinutes: number; video?: boolean }[];
  /** place: the name with the address, as the confirmation shows it. */
  locations: { id: string; title: string; place?: string }[];
}

/** What the widget's last step shows of the booking it made, with the confirmation email's links. */
export interface BookedAppointment {
  title: string;
  startTimeInMS: number;
  durationInMinutes: number;
  place?: string;
  calendarLink?: string;
  cancelLink?: string;
  rescheduleLink?: string;
  portalLink?: string;
}

export type BookingActionResult = { slots: Slot[]; from: number } | { booked: BookedAppointment } | { error: string };

export interface Slot {
  startTimeInMS: number;
  userId: string;
  durationInMinutes: number;
}

export interface IntakeValues {
  fname: string;
  lname: string;
  email: string;
  phone: string;
  dateOfBirth: string;
}

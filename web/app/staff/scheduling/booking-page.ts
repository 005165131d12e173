/**
 * A booking page (appointment_booking_pages) as its form shows it, and back; and the addresses a
 * practice shares: the public link (docs/contract/portal.md#booking-widget: businessId and appointmentBookingPageId) and an
 * iframe to embed it in the practice's own site.
 */
export interface BookingPageValues {
  title: string;
  calendarEventTemplateIds: string[];
  locationIds: string[];
  primaryColor: string;
  secondaryColor: string;
  backgroundColor: string;
  intakeTitle: string;
  intakeDescription: string;
  thankYouTitle: string;
  thankYouDescription: string;
  thankYouRedirectURL: string;
  terms: string;
  ga4measurementId: string;
}

const TEXT_KEYS = ['title', 'primaryColor', 'secondaryColor', 'backgroundColor', 'intakeTitle', 'intakeDescription', 'thankYouTitle', 'thankYouDescription', 'thankYouRedirectURL', 'ga4measurementId'] as const;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const ids = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** Terms, one a line: the title, then its link ("Terms of service https://example.com/terms"). */
export const termsToText = (terms: unknown) =>
  (Array.isArray(terms) ? (terms as { title?: string; link?: string }[]) : []).map((term) => `${term.title ?? ''} ${term.link ?? ''}`.trim()).join('\n');

export const textToTerms = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^(.*?)\s+(\S+)$/.exec(line);
      return match && /^https?:\/\//i.test(match[2]!) ? { title: match[1]!.trim(), link: match[2]! } : { title: line, link: '' };
    });

/** The browser's check of the terms (each needs a title and a link), in the spec's form words. */
export const TERMS_PROBLEM = 'Each term needs a title and then a link starting with https://';
export const termsProblem = (value: string) => (textToTerms(value).some((term) => !term.title || !term.link) ? TERMS_PROBLEM : undefined);

export const bookingPageValues = (record: Record<string, unknown> | undefined): BookingPageValues => ({
  ...(Object.fromEntries(TEXT_KEYS.map((key) => [key, text(record?.[key])])) as Record<(typeof TEXT_KEYS)[number], string>),
  calendarEventTemplateIds: ids(record?.calendarEventTemplateIds),
  locationIds: ids(record?.locationIds),
  terms: termsToText(record?.terms),
});

export const bookingPageRecord = (values: Partial<Record<keyof BookingPageValues, unknown>>) => ({
  ...(Object.fromEntries(TEXT_KEYS.map((key) => [key, text(values[key]).trim()])) as Record<(typeof TEXT_KEYS)[number], string>),
  calendarEventTemplateIds: ids(values.calendarEventTemplateIds),
  locationIds: ids(values.locationIds),
  terms: textToTerms(text(values.terms)),
});

/** The public booking widget's address for this page (web/app/routes/_public+/appointment-booking-page.tsx). */
export const publicBookingLink = (origin: string, businessId: string, pageId: string) => {
  const url = new URL('/appointment-booking-page', origin);
  url.searchParams.set('businessId', businessId);
  url.searchParams.set('appointmentBookingPageId', pageId);
  return url.toString();
};

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** An iframe for the practice’s own site: as wide as its column allows, tall enough for the calendar and the intake. */
export const embedSnippet = (link: string, title: string) =>
  `<iframe src="${escapeAttribute(link)}" title="${escapeAttribute(title)}" style="width:100%;max-width:400px;height:760px;border:0" loading="lazy"></iframe>`;

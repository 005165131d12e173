import { terms } from '../validation/calendar-validators';
import { defineResource, field } from './define';

/** A public or portal page for booking the listed appointment types at the listed locations. */
export const appointment_booking_pages = defineResource({
  name: 'appointment_booking_pages',
  fields: {
    title: field.string({ required: true, max: 100, searchable: true }),
    calendarEventTemplateIds: field.ids({ required: true }),
    locationIds: field.ids({ required: true }),
    terms: field.json(terms),
    startDate: field.date(),
    endDate: field.date(),
    // Colours
    backgroundColor: field.string({ max: 100 }),
    primaryColor: field.string({ max: 100 }),
    secondaryColor: field.string({ max: 100 }),
    // Intake text
    intakeTitle: field.string({ max: 1000 }),
    intakeDescription: field.string({ max: 1000 }),
    // Thank-you screen
    thankYouRedirectURL: field.string({ max: 1000 }),
    thankYouTitle: field.string({ max: 1000 }),
    thankYouDescription: field.string({ max: 1000 }),
    thankYouHeaderImageURL: field.string({ max: 1000 }),
    thankYouMainImageURL: field.string({ max: 1000 }),
    ga4measurementId: field.string({ max: 100 }),
    hiddenFromPortal: field.boolean(),
    limitedToCareTeam: field.boolean(),
    limitedByState: field.boolean(),
  },
  unique: [['title']],
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read'] },
  example: {
    title: 'Book a consultation',
    calendarEventTemplateIds: ['000000000000000000000000'],
    locationIds: [],
    terms: [{ title: 'Terms of service', link: 'https://example.com/terms' }],
  },
});

import * as v from '../validation/validators';
import { FieldError } from '../validation/field-error';
import { defineResource, field } from './define';

const measurement = v.objectOf({ value: v.required(v.number()), unit: v.required(v.string(100)) });

/** Patients or clients. */
export const endusers = defineResource({
  name: 'endusers',
  fields: {
    externalId: field.string({ max: 250, indexed: true, searchable: true }),
    email: field.email(),
    emailConsent: field.boolean(),
    phone: field.phone({ indexed: true }),
    landline: field.phone(),
    phoneConsent: field.boolean(),
    fname: field.name(),
    lname: field.name(),
    dateOfBirth: field.string({ max: 100 }),
    displayName: field.string({ max: 250, searchable: true }),
    humanReadableId: field.string({ max: 100, searchable: true }),
    avatar: field.string({ max: 1000 }),
    journeys: field.json(v.idMap(v.journeyStateName)),
    scheduledJourneys: field.json(v.listOf(v.objectOf({ journeyId: v.required(v.id), addAt: v.required(v.date) }))),
    tags: field.strings({ max: 250 }),
    unredactedTags: field.strings({ max: 250 }),
    fields: field.json(v.customFields),
    unredactedFields: field.json(v.customFields),
    preference: field.oneOf(['email', 'sms', 'call', 'chat'] as const),
    assignedTo: field.ids(),
    unread: field.boolean(),
    lastActive: field.date(),
    lastLogout: field.date(),
    termsSigned: field.date(),
    termsVersion: field.string({ max: 100 }),
    lastCommunication: field.date(),
    gender: field.oneOf(['Female', 'Male', 'Other', 'Unknown'] as const),
    height: field.json(measurement),
    weight: field.json(measurement),
    source: field.string({ max: 250 }),
    addressLineOne: field.string({ max: 250 }),
    addressLineTwo: field.string({ max: 250 }),
    city: field.string({ max: 250 }),
    state: field.string({ max: 250 }),
    zipCode: field.string({ max: 100 }),
    timezone: field.string({ max: 100 }),
    unsubscribedFromPortalChatNotifications: field.boolean(),
    unsubscribedFrom: field.server('json'),
    hashedPassword: field.server('text', { secret: true }),
    sessionVersion: field.server('number', { secret: true }),
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read', 'update'] },
  // Updates merge into the stored fields: the total limit holds for the merged record too.
  check: (record) => {
    try {
      v.customFieldsWithinTotal(record.fields);
    } catch {
      throw new FieldError(`Error parsing field fields: ${v.CUSTOM_FIELDS_TOO_LARGE}`);
    }
  },
  example: { email: 'patient@example.com', fname: 'Pat', lname: 'Patient', phone: '+14155552671' },
});

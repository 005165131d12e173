import * as v from '../validation/validators';
import { FieldError } from '../validation/field-error';
import { defineResource, field } from './define';
import { ACCESS_MESSAGES } from './policy';

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
    /** Middle name (the reference client's Enduser.mname). */
    mname: field.name(),
    lname: field.name(),
    dateOfBirth: field.string({ max: 100 }),
    displayName: field.string({ max: 250, searchable: true }),
    humanReadableId: field.string({ max: 100, searchable: true }),
    avatar: field.string({ max: 1000 }),
    journeys: field.json(v.idMap(v.journeyStateName), { keysReference: { resource: 'journeys' } }),
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
    /** Marketing email opt-out (GET /v1/unsubscribe sets it; staff may too, as in the reference client). */
    unsubscribedFromMarketing: field.boolean(),
    /** Ids of the automation triggers applied to this enduser, oldest first (kept by the trigger activity). */
    triggerIds: field.server('json'),
    /** The portal's second factor after the password: a code by email, or by SMS when `sms` is set and the patient has a phone (docs/contract/access.md#second-factor). */
    mfa: field.json(v.objectOf({ email: v.optional(v.boolean), sms: v.optional(v.boolean) })),
    /** The patient's language, in the reference client's shape: the portal and the fixed parts of their emails and texts follow it (docs/decisions.md, "Languages"). */
    language: field.json(v.objectOf({ displayName: v.required(v.string(100)), iso6391: v.required(v.string(100)) })),
    /** The pending sign-in code: its hash, expiry and tries (api/src/auth/mfa-challenge.ts). */
    mfaChallenge: field.server('json', { secret: true }),
    hashedPassword: field.server('text', { secret: true }),
    sessionVersion: field.server('number', { secret: true }),
  },
  // The staff patient list (a tag, last activity first), search by name, email or phone, and a
  // sub-organization's scope (docs/decisions.md "Indexes for a million patients").
  indexes: [
    { kind: 'sort', field: 'lastActive', nullsLast: true },
    // The list sorted by last activity ascending (the column header's second click), still without-activity last.
    { kind: 'sort', field: 'lastActive', nullsLast: true, oldFirst: true },
    // The list sorted by name (its Name column sorts by last name), either way: without one, a million
    // patients were read and sorted for every page (230 ms; bench/README.md issue 37).
    // Patients of one last name by first name (migration NameSortByFirstName).
    { kind: 'sort', field: 'lname', nullsLast: true, thenBy: 'fname' },
    { kind: 'sort', field: 'lname', nullsLast: true, oldFirst: true, thenBy: 'fname' },
    // Tags are labels: a common one fills a page newest first among the newest patients (search-page.ts).
    { kind: 'contains', field: 'tags', labels: true },
    // The inbox's Mine over texts and emails (a care team's patients) and the list's "Assigned to me".
    { kind: 'contains', field: 'assignedTo' },
    { kind: 'search' },
    { kind: 'contains', field: 'organizationIds' },
    { kind: 'contains', field: 'sharedWithOrganizations' },
  ],
  triggers: [
    { type: 'Contact Created', when: { created: true }, enduser: { self: true }, source: { prefix: 'created-' } },
    // The field (a top-level or custom field) now equals the value; for tags, the tag was added.
    { type: 'Field Equals', when: { createdOrUpdated: true }, enduser: { self: true }, matches: 'fieldEquals' },
  ],
  // Its journeys map and scheduledJourneys start and end journey runs; deleting it ends them all.
  automation: { journeyMembership: true },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read', 'update'] },
  policy: {
    staff: {
      assigned: { listsMe: 'assignedTo' },
      // An enduser's organizationIds are changed by users only (docs/contract/access.md#organization-scope).
      movesOrganizations: true,
      // Without a configured role, non-admin staff see and change only endusers assigned to them or that they added (docs/contract/access.md#visibility-filters).
      unconfigured: { levels: { read: 'Assigned', update: 'Assigned', delete: 'Assigned' }, assigned: { anyOf: [{ listsMe: 'assignedTo' }, { mine: 'creator' }] } },
    },
    enduser: {
      scope: { self: true },
      updatesSelfOnly: ACCESS_MESSAGES.enduserOwnProfile,
      // Assignment, journeys, tags, identifiers ... are set by staff.
      staffFields: [
        'assignedTo', 'journeys', 'scheduledJourneys', 'tags', 'unredactedTags', 'unredactedFields', 'humanReadableId',
        'externalId', 'source', 'unread', 'lastCommunication', 'lastActive', 'lastLogout',
      ],
    },
  },
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

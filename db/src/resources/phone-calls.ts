import { defineResource, field } from './define';

/** Calls with endusers. Recording and transcription ids come from the telephony provider (server-kept). */
export const phone_calls = defineResource({
  name: 'phone_calls',
  fields: {
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    inbound: field.boolean({ required: true }),
    externalId: field.string({ max: 100, indexed: true }),
    to: field.string({ max: 100 }),
    from: field.string({ max: 100 }),
    isVoicemail: field.boolean(),
    recordingURI: field.server('text'),
    recordingId: field.server('text'),
    transcriptionId: field.server('text'),
    recordingDurationInSeconds: field.server('number'),
    transcription: field.text({ max: 25_000 }),
    note: field.text({ max: 5000 }),
    /** When the call happened, where that is not when it was written down (a call logged afterwards); the reference client's PhoneCall.timestamp. */
    timestamp: field.date(),
    /** How long the two spoke, as a telephony integration or the staff member logging it says. */
    callDurationInSeconds: field.nonNegative(),
    /** Indexed: Today lists the calls nobody has heard yet (web/app/staff/shell/today.server.ts). */
    unread: field.boolean({ indexed: true }),
    userId: field.id(),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { enduserId: '000000000000000000000000', inbound: true, from: '+14155552671', to: '+14155550100' },
});

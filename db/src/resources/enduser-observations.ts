import { FieldError } from '../validation/field-error';
import { measurement, OBSERVATION_CATEGORIES, OBSERVATION_STATUSES } from '../validation/care-validators';
import { defineResource, field } from './define';

/** Vitals and other FHIR-style observations recorded for an enduser. */
export const enduser_observations = defineResource({
  name: 'enduser_observations',
  fields: {
    category: field.oneOf(OBSERVATION_CATEGORIES, { required: true }),
    status: field.oneOf(OBSERVATION_STATUSES, { required: true }),
    measurement: field.json(measurement, { required: true }),
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    code: field.string({ indexed: true }),
    source: field.string(),
    type: field.string(),
    notes: field.string(),
    recordedAt: field.date(),
    /** When the observation was taken (shown in the portal); defaults to the time of submission. */
    timestamp: field.date({ default: () => new Date() }),
    reviewedAt: field.date(),
    beforeMeal: field.boolean(),
  },
  check: (record, { actor }) => {
    if (actor?.type === 'enduser' && record.enduserId !== actor.id) throw new FieldError('enduserId does not match creator id for enduser session');
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['create', 'read'] },
  example: {
    category: 'vital-signs',
    status: 'final',
    measurement: { unit: 'mmol', value: 8 },
    enduserId: '000000000000000000000000',
  },
});

import * as v from '../validation/validators';
import { AVAILABILITY_ENTITIES } from '../validation/calendar-validators';
import { defineResource, field } from './define';

const MINUTES_PER_DAY = 24 * 60;

/** Weekly availability of a user or of the whole organization (entity + entityId), ordered by index. */
export const availability_blocks = defineResource({
  name: 'availability_blocks',
  fields: {
    entity: field.oneOf(AVAILABILITY_ENTITIES, { required: true }),
    /** A user or organization id, by entity: polymorphic, so not a checked reference. */
    entityId: field.id({ required: true }),
    index: field.nonNegative({ required: true }),
    dayOfWeekStartingSundayIndexedByZero: field.custom('number', v.number(0, 6), { required: true }),
    startTimeInMinutes: field.custom('number', v.number(0, MINUTES_PER_DAY), { required: true }),
    endTimeInMinutes: field.custom('number', v.number(0, MINUTES_PER_DAY), { required: true }),
    active: field.boolean(),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    entity: 'user',
    entityId: '000000000000000000000000',
    index: 0,
    dayOfWeekStartingSundayIndexedByZero: 1,
    startTimeInMinutes: 540,
    endTimeInMinutes: 1020,
    active: true,
  },
});

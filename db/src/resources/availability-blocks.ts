import * as v from '../validation/validators';
import { AVAILABILITY_ENTITIES, availabilityActive } from '../validation/calendar-validators';
import { fail } from '../validation/field-error';
import { defineResource, field } from './define';

const MINUTES_PER_DAY = 24 * 60;

/** A calendar day as YYYY-MM-DD (a real date: 2026-02-30 is refused). */
const calendarDay: v.Validator<string> = (value) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return fail('Invalid date');
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value ? value : fail('Invalid date');
};

/**
 * Weekly availability of a user or of the whole organization (entity + entityId), ordered by index.
 * An exception to the weekly hours is a block with a `date` (a calendar day on the hours' own clock):
 * it applies on that day only, adding hours, or, with `unavailable`, taking them away (a day off is
 * 0 to 1440 unavailable). docs/decisions.md, "Working hours: exceptions as dated availability blocks".
 */
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
    active: field.json(availabilityActive),
    date: field.custom('text', calendarDay),
    unavailable: field.boolean(),
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

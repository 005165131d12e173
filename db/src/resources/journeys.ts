import * as v from '../validation/validators';
import { fail, FieldError } from '../validation/field-error';
import { defineResource, field } from './define';

export const JOURNEY_STATE_PRIORITIES = ['Disengaged', 'N/A', 'Engaged'] as const;
export const DEFAULT_JOURNEY_STATE = { name: 'New', priority: 'N/A' } as const;

const stateName = v.journeyStateName;

const journeyState = v.objectOf({
  name: v.required(stateName),
  priority: v.required(v.oneOf(JOURNEY_STATE_PRIORITIES)),
  description: v.optional(v.text()),
  requiresFollowup: v.optional(v.boolean),
});

/** State names are unique within a journey ('Uniqueness Violation'). */
const states: v.Validator<Record<string, unknown>[]> = (value) => {
  const parsed = v.listOf(journeyState)(value);
  const names = parsed.map((state) => state.name);
  if (new Set(names).size !== names.length) return fail('Uniqueness Violation');
  return parsed;
};

export const journeys = defineResource({
  name: 'journeys',
  fields: {
    title: field.string({ required: true, max: 250, searchable: true }),
    defaultState: field.custom('text', stateName, { default: () => DEFAULT_JOURNEY_STATE.name }),
    description: field.text({ max: 5000 }),
    states: field.json(states, { default: () => [{ ...DEFAULT_JOURNEY_STATE }] }),
  },
  unique: [['title']],
  check: (record) => {
    const names = ((record.states as { name: string }[] | undefined) ?? []).map((state) => state.name);
    if (record.defaultState && !names.includes(record.defaultState as string)) {
      throw new FieldError('defaultState does not exist in states');
    }
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { title: 'Onboarding' },
});

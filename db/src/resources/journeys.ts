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

const states: v.Validator<Record<string, unknown>[]> = (value) => v.listOf(journeyState)(value);

export const journeys = defineResource({
  name: 'journeys',
  fields: {
    title: field.string({ required: true, max: 250, searchable: true }),
    defaultState: field.custom('text', stateName, { default: () => DEFAULT_JOURNEY_STATE.name }),
    description: field.text({ max: 5000 }),
    states: field.json(states, { default: () => [{ ...DEFAULT_JOURNEY_STATE }] }),
  },
  unique: [['title']],
  check: (record, context) => {
    const names = ((record.states as { name: string }[] | undefined) ?? []).map((state) => state.name);
    // State names are unique within a journey (the reference client's exact 'Uniqueness Violation'):
    // on the whole record, and for an update appending states, a name already stored counts too.
    const previousNames = ((context.previous?.states as { name: string }[] | undefined) ?? []).map((state) => state.name);
    const appendedNames = ((context.appended?.states as { name: string }[] | undefined) ?? []).map((state) => state.name);
    const appending = context.appended?.states ? [...previousNames, ...appendedNames] : [];
    if (new Set(names).size !== names.length || new Set(appending).size !== appending.length) throw new FieldError('Uniqueness Violation');
    if (record.defaultState && !names.includes(record.defaultState as string)) {
      throw new FieldError('defaultState does not exist in states');
    }
  },
  automation: { endsJourneyRunsOnDelete: true },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { title: 'Onboarding' },
});

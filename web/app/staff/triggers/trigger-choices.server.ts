import { callApi } from '../../api.server';
import { patientFields } from '../journey-builder/patient-fields.server';
import { tagsInUse } from '../journey-builder/tags.server';
import { stepChoices } from '../step-form.server';
import type { TriggerChoices } from './TriggerForm';

/** The waitlists a trigger may name: one per appointment type, called by its title (docs/decisions.md, "Waitlist triggers"). */
const waitlists = async (authToken: string) => {
  try {
    const types = await callApi<{ id: string; title?: string }[]>('/v1/calendar-event-templates', { authToken, query: { limit: '1000' } });
    return types.map((type) => ({ id: type.id, label: type.title || 'Untitled appointment type' }));
  } catch {
    return [];
  }
};

/** The records a trigger names, by name (forms, journeys, staff, templates, waitlists, tags in use) and the fields its conditions read. */
export const triggerChoices = async (authToken: string) => {
  const [named, tags, lists] = await Promise.all([stepChoices(authToken), tagsInUse(authToken), waitlists(authToken)]);
  const fields = await patientFields(authToken, named.forms, tags);
  const choices: TriggerChoices = { forms: named.forms, journeys: named.journeys, users: named.users, waitlists: lists, tags, fields };
  return { named: { ...named, waitlists: lists, fields }, choices };
};

import { patientFields } from '../journey-builder/patient-fields.server';
import { stepChoices } from '../step-form.server';
import type { TriggerChoices } from './TriggerForm';

/** The records a trigger names, by name (forms, journeys, staff, templates) and the fields its conditions read. */
export const triggerChoices = async (authToken: string) => {
  const named = await stepChoices(authToken);
  const fields = await patientFields(authToken, named.forms);
  const choices: TriggerChoices = { forms: named.forms, journeys: named.journeys, fields };
  return { named, choices };
};

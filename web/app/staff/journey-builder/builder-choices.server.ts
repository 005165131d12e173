import { describeSteps, type FlowStep } from '../flowchart';
import { stepChoices } from '../step-form.server';
import type { StepChoices } from '../StepForm';
import { withCondition } from './conditions';
import { fieldLabelOf } from './patient-fields';
import { patientFields } from './patient-fields.server';

/**
 * Everything the journey builder offers by name (templates, forms, staff, journeys, triggers, the
 * journey's states and steps, patient fields) and each step's sentences: what starts it, on which
 * condition, and what it does.
 */
export const builderChoices = async (authToken: string, journey: { states?: { name: string }[] }, steps: (FlowStep & { enduserConditions?: unknown })[]) => {
  const named = await stepChoices(authToken);
  const fields = await patientFields(authToken, named.forms);
  const words = describeSteps(steps, { template: named.templates, form: named.forms, staff: named.users, journey: named.journeys, trigger: named.triggers });
  const fieldLabel = fieldLabelOf(fields);
  const described = steps.map((step) => {
    const { trigger, summary } = words.get(step.id)!;
    return { ...step, summary, trigger: withCondition(trigger, step.enduserConditions, fieldLabel) };
  });
  const choices: StepChoices = {
    ...named,
    fields,
    states: (journey.states ?? []).map((state) => ({ id: state.name, label: state.name })),
    steps: described.map((step) => ({ id: step.id, label: `${step.trigger}: ${step.summary}` })),
    formSteps: described.filter((step) => step.action.type === 'sendForm').map((step) => ({ id: step.id, label: step.summary })),
  };
  return { choices, described };
};

import { describeSteps, type FlowStep } from '../flowchart';
import { stepChoices } from '../step-form.server';
import { tagsInUse } from './tags.server';
import type { StepChoices } from '../StepForm';
import { withCancel } from './cancel-words';
import { withCondition } from './conditions';
import { fieldLabelOf } from './patient-fields';
import { patientFields } from './patient-fields.server';

/**
 * Everything the journey builder offers by name (templates, forms, staff, journeys, triggers, the
 * journey's states and steps, patient fields) and each step's sentences: what starts it, on which
 * condition, and what it does.
 */
export const builderChoices = async (authToken: string, journey: { states?: { name: string }[] }, steps: (FlowStep & { enduserConditions?: unknown })[]) => {
  const [named, tags] = await Promise.all([stepChoices(authToken), tagsInUse(authToken)]);
  const fields = await patientFields(authToken, named.forms, tags);
  const words = describeSteps(steps, { template: named.templates, form: named.forms, staff: named.users, journey: named.journeys, trigger: named.triggers });
  const fieldLabel = fieldLabelOf(fields);
  const described = steps.map((step) => {
    const { trigger, summary } = words.get(step.id)!;
    const cancelled = withCancel(trigger, step, (id) => words.get(id)?.summary);
    return { ...step, summary, trigger: withCondition(cancelled, step.enduserConditions, fieldLabel) };
  });
  const choices: StepChoices = {
    ...named,
    fields,
    tags,
    states: (journey.states ?? []).map((state) => ({ id: state.name, label: state.name })),
    steps: described.map((step) => ({ id: step.id, label: `${step.trigger}: ${step.summary}` })),
    formSteps: described.filter((step) => step.action.type === 'sendForm').map((step) => ({ id: step.id, label: step.summary })),
  };
  return { choices, described };
};

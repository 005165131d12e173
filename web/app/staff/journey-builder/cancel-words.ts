import { stepLists } from '../step-shapes';

/**
 * A step's sentence with what cancels it after it: "2 days after “Send email 'Welcome'”, unless the
 * patient answers “Send form 'Intake'” first" (several forms join with "or": any one answered cancels it).
 */
export const withCancel = (sentence: string, step: Parameters<typeof stepLists>[0], summaryOf: (stepId: string) => string | undefined) => {
  const ids = stepLists(step).cancelFormStepIds;
  if (ids.length === 0) return sentence;
  const names = ids.map((id) => {
    const summary = summaryOf(id);
    return summary ? `“${summary}”` : 'a form another step sent';
  });
  return `${sentence}, unless the patient answers ${names.join(' or ')} first`;
};

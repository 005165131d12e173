import { useEffect, useState } from 'react';
import { useActionData } from '@remix-run/react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import type { SaveProblem } from '../scheduling/records.server';

/**
 * The api's refusal of the last save (from the page's action), shown until the staff member changes
 * the field it names: once they have corrected it, the old message no longer describes what is there.
 */
export const useSaveProblem = <Values extends FieldValues>(watch: UseFormWatch<Values>) => {
  const answered = useActionData<{ problem?: SaveProblem }>()?.problem;
  const [problem, setProblem] = useState(answered);
  useEffect(() => setProblem(answered), [answered]);
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name && problem?.field && name.split('.')[0] === problem.field) setProblem(undefined);
    });
    return () => subscription.unsubscribe();
  }, [watch, problem]);
  return problem;
};

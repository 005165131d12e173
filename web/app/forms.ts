import { useEffect, useState } from 'react';
import type { FieldErrors as FormErrors, FieldValues, Resolver } from 'react-hook-form';
import type { FieldErrors } from './validation';

/**
 * A react-hook-form resolver over one of the shared validators in validation.ts, so the browser
 * checks a form with exactly the rules its route action applies again on the server.
 */
export const resolverFor =
  <Values extends FieldValues>(validate: (values: Partial<Record<keyof Values & string, unknown>>) => FieldErrors<keyof Values & string>): Resolver<Values> =>
  async (values) => {
    const problems = Object.entries(validate(values)).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    if (problems.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(problems.map(([field, message]) => [field, { type: 'validate', message }]));
    return { values: {}, errors: errors as FormErrors<Values> };
  };

/**
 * False during the server render and the first browser render, true once hydrated. Controls that
 * only make sense with JavaScript (a button disabled until a field has a value) use it so the page
 * still works, and hydrates cleanly, before the scripts have run.
 */
export const useHydrated = () => {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
};

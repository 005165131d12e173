import { useNavigation, useSubmit } from '@remix-run/react';
import { useRef } from 'react';
import { useForm, type FieldErrors as FormErrors, type FieldValues, type Resolver } from 'react-hook-form';
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
 * One route form: react-hook-form checking `validate` in the browser, then a normal Remix submission of
 * the form element (so the route action, which validates again, does the work, with or without
 * scripts). `busy` while the submission is under way.
 */
export const useRouteForm = <Values extends FieldValues>(validate: (values: Partial<Record<keyof Values & string, unknown>>) => FieldErrors<keyof Values & string>) => {
  const submit = useSubmit();
  const busy = useNavigation().state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<Values>({ resolver: resolverFor<Values>(validate) });
  const onSubmit = form.handleSubmit(() => submit(formRef.current));
  return { ...form, formRef, onSubmit, busy };
};

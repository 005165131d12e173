import { useActionData, useNavigation, useSubmit } from '@remix-run/react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { SaveProblem } from './records.server';

/**
 * A booking-setup form: react-hook-form keeps the values and checks the spec's rules in the browser
 * (`resolver`); the values go to the route's action as JSON, which saves through the api. The api's
 * refusal comes back as `problem` (its message, on the field it names when it names one).
 */
export const useSetupForm = <Values extends FieldValues>(defaultValues: DefaultValues<Values>, resolver?: Resolver<Values>) => {
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formEncType === 'application/json';
  const result = useActionData<{ problem?: SaveProblem }>();
  const form = useForm<Values>({ defaultValues, resolver });
  const onSubmit = form.handleSubmit((values) => submit(values as never, { method: 'post', encType: 'application/json' }));
  const problem = result?.problem;
  /** The message for one field: the browser's check first, else the api's when it named this field. */
  const messageFor = (name: string) => (form.formState.errors[name]?.message as string | undefined) ?? (problem?.field === name ? problem.message : undefined);
  const formMessage = problem && !problem.field ? problem.message : undefined;
  return { ...form, onSubmit, busy, messageFor, formMessage };
};

/** The spec's form rule for required strings ('Required'), and a number within limits, as a react-hook-form resolver. */
export const requiredResolver =
  <Values extends FieldValues>(required: (keyof Values & string)[], numbers: Partial<Record<keyof Values & string, [number, number]>> = {}): Resolver<Values> =>
  async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const name of required) {
      const value = values[name];
      if (value === undefined || value === null || (typeof value === 'string' && !value.trim()) || (Array.isArray(value) && value.length === 0)) errors[name] = { type: 'required', message: 'Required' };
    }
    for (const [name, [min, max]] of Object.entries(numbers) as [string, [number, number]][]) {
      // An empty optional number is left unset; an empty required one already says 'Required'.
      if (errors[name] || values[name] === '' || values[name] === undefined || values[name] === null) continue;
      const value = Number(values[name]);
      if (!Number.isFinite(value)) errors[name] = { type: 'number', message: 'Not a valid number' };
      else if (value < min || value > max) errors[name] = { type: 'range', message: `Must be between ${min} and ${max}` };
    }
    return Object.keys(errors).length ? { values: {}, errors: errors as never } : { values, errors: {} };
  };

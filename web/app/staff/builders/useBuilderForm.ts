import { useNavigation, useSubmit } from '@remix-run/react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { useSaveProblem } from './useSaveProblem';

/**
 * A builder's form: react-hook-form over the values, checked in the browser by `check` (the spec's
 * messages by field name), posted as JSON with intent=save to the page's action. `messageFor` gives a
 * field's message: the browser's check first, else the api's refusal when it named that field.
 */
export const useBuilderForm = <Values extends FieldValues>(defaultValues: Values, check: (values: Values) => Record<string, string>) => {
  const submit = useSubmit();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formEncType === 'application/json';
  const form = useForm<Values>({
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver: async (current) => {
      const errors = check(current);
      return Object.keys(errors).length
        ? { values: {}, errors: Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, { type: 'required', message }])) as never }
        : { values: current, errors: {} };
    },
  });
  const problem = useSaveProblem(form.watch);
  const onSubmit = form.handleSubmit((valid) => submit({ intent: 'save', ...valid } as never, { method: 'post', encType: 'application/json' }));
  const messageFor = (name: string) => (form.formState.errors[name as Path<Values>]?.message as string | undefined) ?? (problem?.field === name ? problem.message : undefined);
  return { form, saving, onSubmit, messageFor, formMessage: problem && !problem.field ? problem.message : undefined };
};

import { useNavigation, useSubmit } from '@remix-run/react';
import { useRef } from 'react';
import { useForm, type FieldErrors as FormErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { useNamespaceTexts } from './i18n/I18nProvider';
import { MESSAGES, type FieldErrors, type ValidationMessages } from './validation';

/** A shared validator: the values, and the messages in the page's language (English when not given). */
type Validator<Values extends FieldValues> = (values: Partial<Record<keyof Values & string, unknown>>, messages?: ValidationMessages) => FieldErrors<keyof Values & string>;

/**
 * A react-hook-form resolver over one of the shared validators in validation.ts, so the browser
 * checks a form with exactly the rules its route action applies again on the server, in the page's language.
 */
export const resolverFor =
  <Values extends FieldValues>(validate: Validator<Values>, messages: ValidationMessages = MESSAGES): Resolver<Values> =>
  async (values) => {
    const problems = Object.entries(validate(values, messages)).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    if (problems.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(problems.map(([field, message]) => [field, { type: 'validate', message }]));
    return { values: {}, errors: errors as FormErrors<Values> };
  };

/** The rules' messages in the page's language (the form's route sends them, i18n/screen-texts.server.ts); English on error screens. */
export const useValidationMessages = (): ValidationMessages => useNamespaceTexts('validation') ?? MESSAGES;

/**
 * One route form: react-hook-form checking `validate` in the browser, then a normal Remix submission of
 * the form element (so the route action, which validates again, does the work, with or without
 * scripts). `busy` while the submission is under way.
 */
export const useRouteForm = <Values extends FieldValues>(validate: Validator<Values>) => {
  const submit = useSubmit();
  const messages = useValidationMessages();
  const busy = useNavigation().state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<Values>({ resolver: resolverFor<Values>(validate, messages) });
  const onSubmit = form.handleSubmit(() => submit(formRef.current));
  return { ...form, formRef, onSubmit, busy };
};

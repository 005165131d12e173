import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from '@remix-run/react';
import type { PatientActionState } from './patient-actions.server';

/**
 * One of the record's forms: its own fetcher, so each section shows its own answer (saved, or the
 * api's refusal on its fields) while the rest of the page stays as it is; the page's data reloads
 * after every post, as after any Remix action.
 */
export const useSectionForm = () => {
  const fetcher = useFetcher<PatientActionState>();
  const busy = fetcher.state !== 'idle';
  const state = busy ? undefined : fetcher.data;
  const problem = (name: string) => state?.fieldErrors?.[name];
  return { fetcher, busy, state, problem };
};

/**
 * A form that adds something (a task, a care plan, a call, a visit's vitals): the answer to its own
 * intent only (`mine`), its boxes emptied once it is saved (a refusal keeps what was typed), and an
 * id prefix for its labels.
 *
 * Emptied by drawing the form anew (`formKey` changes with each save), not by the form's reset():
 * after a refusal the boxes' defaults are what was typed, and reset() would put the refused values
 * back, and a Joy radio group keeps its own choice through it. The keyboard stays on the form's
 * button, where it was when the form was sent.
 */
export const useAddingForm = (intent: string) => {
  const { fetcher, busy, state, problem } = useSectionForm();
  const mine = state?.intent === intent ? state : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const prefix = useId();
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (mine?.saved) setFormKey((key) => key + 1);
  }, [mine]);
  useEffect(() => {
    if (formKey && document.activeElement === document.body) formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [formKey]);
  return { fetcher, busy, mine, problem, formRef, formKey, prefix };
};

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

import type { PatientWords } from './patient-list/display-name.server';
import { callApi, formErrorMessage } from '../api.server';
import type { Journey } from './journey-form.server';

export interface EnduserLine {
  id: string;
  name: string;
  email?: string;
  state?: string;
}
interface EnduserRecord {
  id: string;
  fname?: string;
  lname?: string;
  email?: string;
  journeys?: Record<string, string>;
}

const nameOf = (enduser: EnduserRecord) => [enduser.fname, enduser.lname].filter(Boolean).join(' ') || enduser.email || enduser.id;
/** Shown per state on the journey page; the list page counts beyond that. */
const MEMBERS_PER_STATE = 100;
const SEARCH_LIMIT = 50;

/** The journey's endusers, state by state (the api filters on journeys.<id>). */
export const journeyMembers = async (authToken: string, journey: Journey): Promise<EnduserLine[]> => {
  const perState = await Promise.all(
    (journey.states ?? []).map(async (state) => {
      const filter = JSON.stringify({ [`journeys.${journey.id}`]: state.name });
      const endusers = await callApi<EnduserRecord[]>('/v1/endusers', { authToken, query: { filter, limit: String(MEMBERS_PER_STATE), sort: 'newFirst' } });
      return endusers.map((enduser) => ({ id: enduser.id, name: nameOf(enduser), email: enduser.email, state: state.name }));
    }),
  );
  return perState.flat();
};

/** Endusers the api's search finds for q, with the state they hold in this journey when already in it. */
export const searchEndusers = async (authToken: string, journeyId: string, q: string): Promise<EnduserLine[]> => {
  const endusers = await callApi<EnduserRecord[]>('/v1/endusers', { authToken, query: { search: JSON.stringify({ query: q }), limit: String(SEARCH_LIMIT), sort: 'newFirst' } });
  return endusers.map((enduser) => ({ id: enduser.id, name: nameOf(enduser), email: enduser.email, state: enduser.journeys?.[journeyId] }));
};

export type MembersResult = { notice?: string; membersError?: string };

/** Adds the picked endusers (one api call: each gets a run of the journey, which puts them in its default state). */
export const addEndusers = async (authToken: string, journeyId: string, enduserIds: string[], words: PatientWords): Promise<MembersResult> => {
  if (enduserIds.length === 0) return { membersError: `Pick at least one ${words.one}` };
  try {
    await callApi('/v1/add-endusers-to-journey', { method: 'POST', authToken, body: { journeyId, enduserIds } });
    return { notice: `Added ${enduserIds.length} ${enduserIds.length === 1 ? words.one : words.many} to the journey` };
  } catch (error) {
    return { membersError: formErrorMessage(error) };
  }
};

/** Takes the picked endusers out of the journey; their pending steps become cancelled. */
export const removeEndusers = async (authToken: string, journeyId: string, enduserIds: string[], words: PatientWords): Promise<MembersResult> => {
  if (enduserIds.length === 0) return { membersError: `Pick at least one ${words.one}` };
  try {
    await callApi('/v1/remove-endusers-from-journey', { method: 'POST', authToken, body: { journeyId, enduserIds } });
    return { notice: `Removed ${enduserIds.length} ${enduserIds.length === 1 ? words.one : words.many} from the journey` };
  } catch (error) {
    return { membersError: formErrorMessage(error) };
  }
};

import { callApi, formErrorMessage } from '../../api.server';
import { count } from './bulk-actions';
import type { PatientWords } from './display-name.server';

export type BulkResult = { notice: string } | { bulkError: string };

const ids = (form: FormData) => [...new Set(form.getAll('ids').map(String).filter((id) => /^[0-9a-f]{24}$/.test(id)))];

/**
 * Runs a confirmed bulk action on the chosen patients through the api: add-endusers-to-journey in
 * one call, tags and assignment as one update per patient (lists merge into what is stored, so a tag
 * or assignee already there is not added twice). Stops at the first refusal and says how far it got.
 */
export const runBulkAction = async (authToken: string, form: FormData, words: PatientWords, names: { journeys: Map<string, string>; staff: Map<string, string> }): Promise<BulkResult> => {
  const chosen = ids(form);
  if (!chosen.length) return { bulkError: `Choose at least one ${words.one} first.` };
  const intent = String(form.get('intent'));
  let done = 0;
  try {
    if (intent === 'addToJourney') {
      const journeyId = String(form.get('journeyId') ?? '');
      if (!names.journeys.has(journeyId)) return { bulkError: 'Choose a journey.' };
      await callApi('/v1/add-endusers-to-journey', { method: 'POST', authToken, body: { journeyId, enduserIds: chosen } });
      return { notice: `Added ${count(chosen.length, words)} to ${names.journeys.get(journeyId)}.` };
    }
    if (intent === 'addTags') {
      const tags = String(form.get('tags') ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
      if (!tags.length) return { bulkError: 'Type at least one tag.' };
      for (const id of chosen) {
        await callApi(`/v1/enduser/${id}`, { method: 'PATCH', authToken, body: { updates: { tags } } });
        done++;
      }
      return { notice: `Tagged ${count(chosen.length, words)} ${tags.join(', ')}.` };
    }
    if (intent === 'assign') {
      const userId = String(form.get('userId') ?? '');
      if (!names.staff.has(userId)) return { bulkError: 'Choose a staff member.' };
      for (const id of chosen) {
        await callApi(`/v1/enduser/${id}`, { method: 'PATCH', authToken, body: { updates: { assignedTo: [userId] } } });
        done++;
      }
      return { notice: `Assigned ${count(chosen.length, words)} to ${names.staff.get(userId)}.` };
    }
    return { bulkError: 'That action is not offered here.' };
  } catch (error) {
    const progress = done ? ` ${count(done, words)} were done before it stopped.` : ' Nothing was changed.';
    return { bulkError: `${formErrorMessage(error)}.${progress}`.replace('..', '.') };
  }
};

import { callApi, formErrorMessage } from '../../api.server';
import type { SavedView } from '../list';

/** The saved patient views (enduser_views), by title. */
export const loadViews = async (authToken: string): Promise<SavedView[]> => {
  const views = await callApi<SavedView[]>('/v1/enduser-views', { authToken, query: { limit: '200' } }).catch(() => []);
  return views.map(({ id, title, fields, filter }) => ({ id, title, fields, filter })).sort((a, b) => a.title.localeCompare(b.title));
};

/**
 * Saves the list as shown (the form's filter values, sort and columns) as an enduser_views record.
 * Answers the new view's id, or the api's message (an empty or taken title) for the form.
 */
export const saveView = async (authToken: string, form: FormData): Promise<{ viewId: string } | { viewError: string }> => {
  let filter: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(String(form.get('filter') ?? '{}'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) filter = parsed as Record<string, unknown>;
  } catch {
    // A filter that does not read is saved as none.
  }
  const title = String(form.get('title') ?? '').trim();
  if (!title) return { viewError: 'Give the view a name.' };
  const fields = String(form.get('fields') ?? '')
    .split(',')
    .filter(Boolean);
  try {
    const view = await callApi<{ id: string }>('/v1/enduser-view', { method: 'POST', authToken, body: { title, fields, filter } });
    return { viewId: view.id };
  } catch (error) {
    const message = formErrorMessage(error);
    return { viewError: message === 'Uniqueness Violation' ? `A view named ${title} already exists.` : message };
  }
};

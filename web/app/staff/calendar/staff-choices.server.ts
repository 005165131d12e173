import { callApi } from '../../api.server';
import { personName } from '../patient-list/query.server';
import type { StaffUser } from '../session.server';

export interface StaffChoice {
  id: string;
  label: string;
}

/** The staff members by name (display name, else first and last name, else email), the viewer first, then by name. */
export const loadStaffChoices = async (authToken: string, viewer: StaffUser): Promise<StaffChoice[]> => {
  const users = await callApi<{ id: string; fname?: string; lname?: string; email?: string; displayName?: string }[]>('/v1/users', { authToken, query: { limit: '1000' } }).catch(() => []);
  const named = users.map((user) => ({ id: user.id, label: user.displayName?.trim() || personName(user, 'A staff member') }));
  if (!named.some((user) => user.id === viewer.id)) named.push({ id: viewer.id, label: personName(viewer, 'You') });
  return [...named.filter((user) => user.id === viewer.id), ...named.filter((user) => user.id !== viewer.id).sort((a, b) => a.label.localeCompare(b.label))];
};

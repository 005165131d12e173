import { redirect } from '@remix-run/node';
import { callApi } from '../../api.server';
import { personName, loadStaffChoices } from '../patient-list/query.server';
import { staffAbilities } from '../permissions.server';
import type { StaffUser } from '../session.server';

/**
 * What a task's and a to-do's page read beside the record itself, at once: the staff by name, what
 * the viewer's role may do, and the patient it is about by name ('A patient you cannot see' when
 * the role hides them). `extra` runs alongside (a ticket's journey).
 */
export const loadTaskPeople = async <Extra>(authToken: string, user: StaffUser, enduserId: string | undefined, extra?: () => Promise<Extra>) => {
  const [{ staff }, abilities, patient, more] = await Promise.all([
    loadStaffChoices(authToken),
    staffAbilities(authToken, user),
    enduserId ? callApi<{ fname?: string; lname?: string; email?: string }>(`/v1/enduser/${encodeURIComponent(enduserId)}`, { authToken }).catch(() => undefined) : undefined,
    extra?.(),
  ]);
  const names = new Map(staff.map((member) => [member.id, member.label]));
  return {
    staff,
    abilities,
    /** Who does it, in words ('' for nobody). */
    nameOf: (userId: string | undefined) => (userId ? (names.get(userId) ?? 'A former staff member') : ''),
    patient: enduserId ? { id: enduserId, name: patient ? personName(patient, 'No name given') : 'A patient you cannot see' } : undefined,
    extra: more,
  };
};

/** Deletes a task or to-do and returns to the task list, which names what went. */
export const deleteAndReturn = async (authToken: string, path: string, titleOf: (record: Record<string, unknown>) => string) => {
  const title = titleOf(await callApi<Record<string, unknown>>(path, { authToken }));
  await callApi(path, { method: 'DELETE', authToken });
  return redirect(`/staff/tasks?${new URLSearchParams({ deleted: title })}`);
};

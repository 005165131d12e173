import { callApi, formErrorMessage } from '../../api.server';
import { apiProblem } from '../api-fields.server';
import type { StaffAbilities } from '../permissions.server';
import type { StaffUser } from '../session.server';
import { ownOrganizationId } from '../settings/organization.server';
import { exceptionRows, windowProblems, type BlockRecord } from './hours.server';
import type { HoursActionResult, HoursValues } from './hours-types';
import { inputToMinutes, minutesToInput } from './time-of-day';

type OrganizationRow = { id: string; name?: string; timezone?: string; settings?: Record<string, unknown> & { endusers?: Record<string, unknown> } };

const organizationPath = (id: string) => `/v1/organization/${encodeURIComponent(id)}`;

/** The organization's office hours: the availability blocks of entity 'organization' (api/src/actions/messaging/out-of-office.ts reads them). */
const organizationBlocks = (authToken: string, organizationId: string) =>
  callApi<BlockRecord[]>('/v1/availability-blocks', { authToken, query: { limit: '1000', filter: JSON.stringify({ entity: 'organization', entityId: organizationId }) } });

/** Weekly windows are the blocks without a date; paused ones are kept aside, unchanged. */
const isWeekly = (block: BlockRecord) => !block.date && block.unavailable !== true;

/**
 * Everything Scheduling > Office hours shows for the staff member's own organization: whether patients
 * who write out of hours get the automatic reply (settings.endusers.autoReplyEnabled), the weekly
 * office hours on the organization's clock, and its closed days. Admins change them.
 */
export const loadOfficeHours = async (authToken: string, user: StaffUser, abilities: StaffAbilities) => {
  const organizationId = await ownOrganizationId(authToken, user);
  const [organization, blocks] = await Promise.all([callApi<OrganizationRow>(organizationPath(organizationId), { authToken }), organizationBlocks(authToken, organizationId).catch(() => [] as BlockRecord[])]);
  const weekly = blocks.filter(isWeekly).filter((block) => block.active !== false);
  const values: HoursValues = {
    timezone: '',
    windows: weekly
      .sort((a, b) => a.dayOfWeekStartingSundayIndexedByZero - b.dayOfWeekStartingSundayIndexedByZero || a.startTimeInMinutes - b.startTimeInMinutes)
      .map((block) => ({ day: block.dayOfWeekStartingSundayIndexedByZero, start: minutesToInput(block.startTimeInMinutes), end: block.endTimeInMinutes >= 1440 ? '23:59' : minutesToInput(block.endTimeInMinutes), locationId: '' })),
  };
  return {
    organizationName: organization.name ?? 'Your organization',
    zone: organization.timezone ?? '',
    autoReply: organization.settings?.endusers?.autoReplyEnabled === true,
    values,
    exceptions: exceptionRows(blocks.filter((block) => !isWeekly(block))),
    canEdit: abilities.admin,
  };
};

/**
 * Saves the weekly office hours: the new windows are created first, and only once all are in are the
 * old ones removed, so a refusal half-way leaves the hours the clinic had (the new ones made so far are
 * taken back). Paused windows and closed days stay as they were.
 */
export const saveOfficeHours = async (authToken: string, user: StaffUser, values: Pick<HoursValues, 'windows'>): Promise<HoursActionResult> => {
  const windows = values.windows ?? [];
  if (Object.keys(windowProblems(windows)).length) return { form: 'hours', problem: { message: 'Some hours need fixing: the end must be after the start.' } };
  const organizationId = await ownOrganizationId(authToken, user);
  const before = (await organizationBlocks(authToken, organizationId)).filter((block) => isWeekly(block) && block.active !== false);
  const created: string[] = [];
  const remove = (ids: string[]) => Promise.all(ids.map((id) => callApi(`/v1/availability-block/${encodeURIComponent(id)}`, { method: 'DELETE', authToken })));
  try {
    for (const [index, window] of windows.entries()) {
      const block = await callApi<{ id: string }>('/v1/availability-block', {
        method: 'POST',
        authToken,
        body: {
          entity: 'organization',
          entityId: organizationId,
          index,
          dayOfWeekStartingSundayIndexedByZero: Number(window.day),
          startTimeInMinutes: inputToMinutes(window.start)!,
          endTimeInMinutes: inputToMinutes(window.end)!,
          active: true,
        },
      });
      created.push(block.id);
    }
  } catch (error) {
    await remove(created).catch(() => undefined);
    return { form: 'hours', problem: apiProblem(error, []) };
  }
  await remove(before.map((block) => block.id));
  return { form: 'hours', saved: 'Office hours saved.' };
};

export type AutoReplyState = { form: 'autoreply'; saved?: string; error?: string };

/** Turns the out-of-office reply to patients on or off (settings.endusers.autoReplyEnabled; the other settings are kept). */
export const saveAutoReply = async (authToken: string, user: StaffUser, on: boolean): Promise<AutoReplyState> => {
  try {
    const organizationId = await ownOrganizationId(authToken, user);
    const organization = await callApi<OrganizationRow>(organizationPath(organizationId), { authToken });
    const settings = { ...(organization.settings ?? {}), endusers: { ...(organization.settings?.endusers ?? {}), autoReplyEnabled: on } };
    await callApi(organizationPath(organizationId), { method: 'PATCH', authToken, body: { updates: { settings }, options: { replaceObjectFields: true } } });
    return { form: 'autoreply', saved: on ? 'Patients who write outside office hours now get the automatic reply.' : 'The automatic reply is off.' };
  } catch (error) {
    return { form: 'autoreply', error: formErrorMessage(error) };
  }
};

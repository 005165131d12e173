import { isPortalLanguage, type PortalLanguage } from '@carelane/automation';
import { callApi, formErrorMessage } from '../../api.server';
import { forgetOrganizations } from '../../organization.server';
import type { StaffUser } from '../session.server';
import type { OrganizationState } from './organization-state';
import { textingValues, type SmsSettings } from './texting.server';

type OrganizationRow = {
  id: string;
  name?: string;
  subdomain?: string;
  timezone?: string;
  enduserDisplayName?: string;
  parentOrganizationId?: string;
  enforceMFA?: boolean;
  enforceEnduserMFA?: boolean;
  defaultLanguage?: string;
  settings?: Record<string, unknown> & { automations?: Record<string, unknown>; sms?: SmsSettings };
};

/** The caller's own organization: the last of their organizationIds (the business's root for its members). */
export const ownOrganizationId = async (authToken: string, user: StaffUser) => {
  const me = await callApi<{ organizationIds?: string[] }>(`/v1/user/${encodeURIComponent(user.id)}`, { authToken });
  return me.organizationIds?.at(-1) ?? user.businessId ?? '';
};

/** The caller's organization's settings and the organizations below it, by name (each with the one it sits in). */
export const loadOrganization = async (authToken: string, user: StaffUser) => {
  const id = await ownOrganizationId(authToken, user);
  const [own, all] = await Promise.all([
    callApi<OrganizationRow>(`/v1/organization/${encodeURIComponent(id)}`, { authToken }),
    callApi<OrganizationRow[]>('/v1/organizations', { authToken, query: { limit: '500', sort: 'oldFirst' } }),
  ]);
  const names = new Map(all.map((row) => [row.id, row.name ?? 'Untitled organization']));
  return {
    organization: {
      name: own.name ?? '',
      timezone: own.timezone ?? '',
      enduserDisplayName: own.enduserDisplayName ?? '',
      quietHours: own.settings?.automations?.quietHours === true,
      /** '' when unset: each patient's browser language decides (docs/decisions.md). */
      defaultLanguage: (isPortalLanguage(own.defaultLanguage) ? own.defaultLanguage : '') as PortalLanguage | '',
    },
    texting: textingValues(own.settings?.sms),
    secondFactor: { staff: own.enforceMFA === true, patients: own.enforceEnduserMFA === true },
    subOrganizations: all
      .filter((row) => row.id !== id && row.parentOrganizationId)
      .map((row) => ({ id: row.id, name: row.name ?? 'Untitled organization', subdomain: row.subdomain ?? '', parent: names.get(row.parentOrganizationId!) ?? 'another organization' })),
  };
};

export type { OrganizationState } from './organization-state';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

const fieldOf = (message: string) => /^Error parsing field (name|subdomain|enduserDisplayName|timezone|defaultLanguage)/.exec(message)?.[1] as keyof NonNullable<OrganizationState['fieldErrors']> | undefined;

/**
 * Saves name, time zone, what patients are called, the portal's default language and quiet hours
 * (settings.automations.quietHours, docs/decisions.md "quiet hours"). The portal's cached organization
 * is dropped so the language shows on its next page.
 */
export const saveOrganization = async (authToken: string, user: StaffUser, form: FormData): Promise<OrganizationState> => {
  if (!text(form, 'name')) return { fieldErrors: { name: 'Enter the organization’s name' } };
  try {
    const id = await ownOrganizationId(authToken, user);
    const current = await callApi<OrganizationRow>(`/v1/organization/${encodeURIComponent(id)}`, { authToken });
    const settings = { ...(current.settings ?? {}), automations: { ...(current.settings?.automations ?? {}), quietHours: form.has('quietHours') } };
    const updates = {
      name: text(form, 'name'),
      timezone: text(form, 'timezone') || null,
      enduserDisplayName: text(form, 'enduserDisplayName') || null,
      defaultLanguage: text(form, 'defaultLanguage') || null,
      settings,
    };
    await callApi(`/v1/organization/${encodeURIComponent(id)}`, { method: 'PATCH', authToken, body: { updates, options: { replaceObjectFields: true } } });
    forgetOrganizations();
    return { saved: 'Organization settings saved.' };
  } catch (error) {
    const message = formErrorMessage(error);
    const field = fieldOf(message);
    return field ? { fieldErrors: { [field]: message } } : { error: message };
  }
};

/** Whether every staff sign-in (enforceMFA) and every patient sign-in (enforceEnduserMFA) asks for a code. */
export const saveSecondFactor = async (authToken: string, user: StaffUser, form: FormData): Promise<OrganizationState> => {
  try {
    const id = await ownOrganizationId(authToken, user);
    const updates = { enforceMFA: form.has('enforceMFA'), enforceEnduserMFA: form.has('enforceEnduserMFA') };
    await callApi(`/v1/organization/${encodeURIComponent(id)}`, { method: 'PATCH', authToken, body: { updates } });
    return { saved: 'Second factor settings saved.' };
  } catch (error) {
    return { error: formErrorMessage(error) };
  }
};

/** Creates an organization inside the caller's (POST /sub-organization). */
export const createSubOrganization = async (authToken: string, form: FormData): Promise<OrganizationState> => {
  const name = text(form, 'name');
  const subdomain = text(form, 'subdomain').toLowerCase();
  if (!name) return { fieldErrors: { name: 'Enter its name' } };
  if (!subdomain) return { fieldErrors: { subdomain: 'Choose the address its patients use' } };
  try {
    await callApi('/v1/sub-organization', { method: 'POST', authToken, body: { name, subdomain } });
    return { saved: `${name} was created.` };
  } catch (error) {
    const message = formErrorMessage(error);
    if (message === 'Uniqueness Violation') return { fieldErrors: { subdomain: 'This address is taken: choose another' } };
    const field = fieldOf(message);
    return field ? { fieldErrors: { [field]: message } } : { error: message };
  }
};

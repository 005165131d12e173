import { callApi, formErrorMessage } from '../../api.server';
import type { StaffUser } from '../session.server';
import { ownOrganizationId } from '../settings/organization.server';
import type { FieldDefinition } from './field-kinds';
import { moveDetailValues } from './move-detail-values.server';
import { hasChoices, OFFERED_KINDS } from './field-kinds';

/** A definition as the api keeps it; keys this app does not edit (required, hiddenFromProfile ...) are kept on save. */
type StoredField = { type: string; field: string; info?: { options?: string[] } & Record<string, unknown>; hiddenFromProfile?: boolean } & Record<string, unknown>;
type EnduserSettings = { customFields?: StoredField[]; disableAdhocFields?: boolean } & Record<string, unknown>;
type OrganizationRow = { settings?: Record<string, unknown> & { endusers?: EnduserSettings } };

/** What Settings > Patient details and the record read: the definitions, and whether staff may add other details. */
export type PatientFields = { definitions: FieldDefinition[]; othersAllowed: boolean };

const organizationPath = (organizationId: string) => `/v1/organization/${encodeURIComponent(organizationId)}`;

const definitionOf = (stored: StoredField): FieldDefinition => ({ name: stored.field, kind: stored.type, choices: stored.info?.options ?? [] });

/**
 * The details a patient's organization keeps: the organization the patient is placed in (the last of
 * their organizationIds), else the business's root (docs/decisions.md "patient details"). A staff
 * member who cannot read that organization gets none, and the record shows what the patient has.
 */
export const loadPatientFields = async (authToken: string, enduser: { organizationIds?: string[] }, businessId: string | undefined): Promise<PatientFields> => {
  const organizationId = enduser.organizationIds?.at(-1) ?? businessId;
  const organization = organizationId ? await callApi<OrganizationRow>(organizationPath(organizationId), { authToken }).catch(() => undefined) : undefined;
  const endusers = organization?.settings?.endusers;
  return {
    definitions: (endusers?.customFields ?? []).filter((stored) => stored.hiddenFromProfile !== true && typeof stored.field === 'string').map(definitionOf),
    othersAllowed: endusers?.disableAdhocFields !== true,
  };
};

/** The details the staff member's own organization keeps: those of the patients they add, and the list's filter suggestions. */
export const loadStaffPatientFields = async (authToken: string, user: StaffUser) =>
  loadPatientFields(authToken, { organizationIds: [await ownOrganizationId(authToken, user)] }, user.businessId);

/** What Settings shows: every definition, the hidden ones too (they are still kept). */
export const loadFieldSettings = async (authToken: string, organizationId: string) => {
  const organization = await callApi<OrganizationRow>(organizationPath(organizationId), { authToken });
  const endusers = organization.settings?.endusers;
  return { definitions: (endusers?.customFields ?? []).map(definitionOf), othersAllowed: endusers?.disableAdhocFields !== true };
};

/** Each renamed detail's values moved to its new name on the patients' records, in words. */
const movedValues = async (authToken: string, renames: [string, string][]) => {
  // Names swapped in one save would move values back and forth: those stay where they are.
  const sources = new Set(renames.map(([from]) => from));
  if (renames.some(([, to]) => sources.has(to))) return ['Details that swapped names keep their values under the old names'];
  const said: string[] = [];
  for (const [from, to] of renames) {
    try {
      const { moved, more } = await moveDetailValues(authToken, from, to);
      if (moved || more) said.push(`${from} is now ${to} on ${moved} ${moved === 1 ? 'record' : 'records'}${more ? ' so far: save again to move the rest' : ''}`);
    } catch (error) {
      said.push(`${from} is renamed, but its values could not all be moved (${formErrorMessage(error)}): save again to move the rest`);
    }
  }
  return said;
};

export type FieldSettingsState = { saved?: string; error?: string; fieldErrors?: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const lines = (value: string) => [...new Set(value.split('\n').map((line) => line.trim()).filter(Boolean))];
const offered = (kind: string) => ((OFFERED_KINDS as readonly string[]).includes(kind) ? kind : 'Text');

/** The api's refusals in the page's words. */
const explained = (message: string) => {
  const reason = message.replace(/^Error parsing field settings: /, '');
  const twice = /^Two custom fields are named (.+)$/.exec(reason);
  if (twice) return `Two details are named ${twice[1]}: give each its own name.`;
  const reserved = /^(.+) is a reserved field name$/.exec(reason);
  if (reserved) return `“${reserved[1]}” is already part of every patient’s profile: choose another name.`;
  if (/^Fields that start with '_'/.test(reason)) return 'A detail’s name cannot start with “_”.';
  return reason;
};

/**
 * Saves Settings > Patient details: each listed detail (matched to the stored one by the name it had,
 * so what this page does not edit is kept), less the one asked to be removed, plus a new one; and
 * whether staff may add other details. Choices are one a line. The api judges the names. A renamed
 * detail's values then move to its new name on the patients' records (moveDetailValues).
 */
export const saveFieldSettings = async (authToken: string, organizationId: string, form: FormData): Promise<FieldSettingsState> => {
  const organization = await callApi<OrganizationRow>(organizationPath(organizationId), { authToken });
  const endusers = organization.settings?.endusers ?? {};
  const stored = new Map((endusers.customFields ?? []).map((field) => [field.field, field]));
  const removed = text(form, 'remove');
  const fieldErrors: Record<string, string> = {};
  const customFields: StoredField[] = [];
  const rows = form.getAll('original').map(String);
  const renames: [string, string][] = [];
  rows.forEach((original, index) => {
    if (original === removed) return;
    const before = stored.get(original);
    const name = text(form, `name:${index}`);
    if (!name) fieldErrors[`name:${index}`] = 'Name this detail, or remove it';
    const kind = before && !(OFFERED_KINDS as readonly string[]).includes(before.type) ? before.type : offered(text(form, `kind:${index}`));
    const choices = lines(text(form, `choices:${index}`));
    if (hasChoices(kind) && !choices.length) fieldErrors[`choices:${index}`] = `List the choices for ${name || 'this detail'}, one a line`;
    const info = hasChoices(kind) ? { ...(before?.type === kind ? before.info : {}), options: choices } : before?.type === kind ? before.info ?? {} : {};
    customFields.push({ ...(before ?? {}), type: kind, field: name, info });
    if (before && name && name !== original) renames.push([original, name]);
  });
  const newName = text(form, 'newName');
  if (newName) {
    const kind = offered(text(form, 'newKind'));
    const choices = lines(text(form, 'newChoices'));
    if (hasChoices(kind) && !choices.length) fieldErrors.newChoices = `List the choices for ${newName}, one a line`;
    customFields.push({ type: kind, field: newName, info: hasChoices(kind) ? { options: choices } : {} });
  } else if (text(form, 'newChoices')) fieldErrors.newName = 'Name the new detail, for example Insurance';
  if (Object.keys(fieldErrors).length) return { fieldErrors };
  const settings = { ...(organization.settings ?? {}), endusers: { ...endusers, customFields, disableAdhocFields: !form.has('othersAllowed') } };
  try {
    await callApi(organizationPath(organizationId), { method: 'PATCH', authToken, body: { updates: { settings }, options: { replaceObjectFields: true } } });
  } catch (error) {
    return { error: explained(formErrorMessage(error)) };
  }
  if (removed) return { saved: `${removed} removed. What patients already have under that name stays on their records.` };
  const moves = await movedValues(authToken, renames);
  return { saved: [newName ? `${newName} added` : 'Patient details saved', ...moves].join('. ') };
};

import { callApi } from '../../api.server';
import { forgetOrganizations } from '../../organization.server';
import { apiProblem } from '../api-fields.server';
import { staffAbilities } from '../permissions.server';
import { requireAbility } from '../shell/refuse.server';
import type { StaffUser } from '../session.server';
import { AUTH_TEXT_KEYS, emptyDraft, HIDDEN_POSITION, HOME_BLOCK_TYPES, PORTAL_PAGE_NAMES, type DraftBlock, type DraftPage, type PortalDraft } from './portal-draft';

type Row = Record<string, unknown> & { id: string };

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The organization whose portal this is: the staff member's business (docs/decisions.md, "the portal builder"). */
const organizationPath = (user: StaffUser) => `/v1/organization/${encodeURIComponent(user.businessId ?? '')}`;

const positionOf = (value: unknown) => (typeof value !== 'number' ? '' : value >= HIDDEN_POSITION ? 'hidden' : String(value));

const blockOf = (block: Record<string, unknown>): DraftBlock | undefined => {
  const type = HOME_BLOCK_TYPES.find((known) => known === block.type);
  if (!type) return undefined;
  const info = (block.info ?? {}) as Record<string, unknown>;
  return { type, title: textOf(info.title), text: textOf(info.text) };
};

/** The saved settings as a draft, with the rows they came from (to know which page settings exist). */
const readSaved = async (authToken: string, user: StaffUser) => {
  const [organization, rows] = await Promise.all([
    callApi<Row>(organizationPath(user), { authToken }),
    callApi<Row[]>('/v1/portal-customizations', { authToken, query: { limit: '100' } }),
  ]);
  const draft = emptyDraft();
  const settings = (organization.portalSettings ?? {}) as { authentication?: Record<string, unknown>; communication?: Record<string, unknown> };
  draft.themeColor = textOf(organization.themeColor) || draft.themeColor;
  draft.themeColorSecondary = textOf(organization.themeColorSecondary) || draft.themeColorSecondary;
  draft.logoURL = textOf(organization.logoURL);
  draft.faviconURL = textOf(organization.faviconURL);
  for (const key of AUTH_TEXT_KEYS) draft.authentication[key] = textOf(settings.authentication?.[key]);
  draft.allowEnduserInitiatedChat = settings.communication?.allowEnduserInitiatedChat === true;
  draft.pages = draft.pages.map((page) => {
    const row = rows.find((candidate) => candidate.page === page.page);
    if (!row) return page;
    return { page: page.page, title: textOf(row.title), shown: row.disabled !== true, position: positionOf(row.mobileBottomNavigationPosition) };
  });
  const home = rows.find((row) => row.page === 'Home');
  if (home) {
    const blocks = Array.isArray(home.blocks) ? (home.blocks as Record<string, unknown>[]) : [];
    draft.home = { headerImageURL: textOf(home.headerImageURL), blocks: blocks.map(blockOf).filter((block): block is DraftBlock => !!block) };
  }
  return { draft, rows, organization };
};

/**
 * The Portal page's data: the saved draft, and what the role may change. Branding (the organization)
 * is an Admin matter (docs/contract/access.md#organization-ownership); pages need portal_customizations.
 */
export const loadPortalSettings = async (authToken: string, user: StaffUser) => {
  const abilities = await staffAbilities(authToken, user);
  requireAbility(abilities, 'portal_customizations', 'read', 'see the portal settings');
  const { draft, organization } = await readSaved(authToken, user);
  return {
    draft,
    organizationName: textOf(organization.name),
    canEditBranding: abilities.admin,
    canEditPages: abilities.can('portal_customizations', 'update') && abilities.can('portal_customizations', 'create'),
  };
};

const trimmedOrNull = (value: string) => (value.trim() ? value.trim() : null);

const blocksOf = (blocks: DraftBlock[]) =>
  blocks.map((block) =>
    block.type === 'careTeam'
      ? { type: block.type, info: { title: block.title.trim() } }
      : block.type === 'text'
        ? { type: block.type, info: { text: block.text.trim() } }
        : { type: block.type, info: {} },
  );

/** The page setting a draft page asks for; undefined when the page keeps the portal's defaults and has no setting yet. */
const pageSettingOf = (page: DraftPage, draft: PortalDraft, existing: Row | undefined) => {
  const position = page.position === 'hidden' ? HIDDEN_POSITION : page.position ? Number(page.position) : null;
  const setting: Record<string, unknown> = { title: trimmedOrNull(page.title), disabled: page.page === 'Home' ? false : !page.shown, mobileBottomNavigationPosition: position };
  if (page.page === 'Home') Object.assign(setting, { blocks: blocksOf(draft.home.blocks), headerImageURL: trimmedOrNull(draft.home.headerImageURL) });
  const isDefault = !setting.title && position === null && (page.page === 'Community' ? !page.shown : page.shown) && (page.page !== 'Home' || !draft.home.blocks.length);
  if (!existing && isDefault) return undefined;
  return setting;
};

const brandingOf = (draft: PortalDraft, organization: Row) => {
  const saved = (organization.portalSettings ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const authentication = { ...(saved.authentication ?? {}) };
  for (const key of AUTH_TEXT_KEYS) {
    if (draft.authentication[key].trim()) authentication[key] = draft.authentication[key].trim();
    else delete authentication[key];
  }
  return {
    themeColor: draft.themeColor.trim(),
    themeColorSecondary: draft.themeColorSecondary.trim(),
    logoURL: trimmedOrNull(draft.logoURL),
    faviconURL: trimmedOrNull(draft.faviconURL),
    // Other parts of portalSettings (orders, notifications ...) are kept as they were.
    portalSettings: { ...saved, authentication, communication: { ...(saved.communication ?? {}), allowEnduserInitiatedChat: draft.allowEnduserInitiatedChat } },
  };
};

/** Where a refused save's message belongs: the api names fields of the record, the form names fields of the draft. */
const BRANDING_PATHS: Record<string, string> = { themeColor: 'themeColor', themeColorSecondary: 'themeColorSecondary', logoURL: 'logoURL', faviconURL: 'faviconURL' };
const pagePaths = (index: number): Record<string, string> => ({ title: `pages.${index}.title`, headerImageURL: 'home.headerImageURL', blocks: 'home.blocks' });

const problemOf = (error: unknown, paths: Record<string, string>) => {
  const problem = apiProblem(error, Object.keys(paths));
  return { problem: problem.field ? { message: problem.message, field: paths[problem.field] } : { message: problem.message } };
};

/**
 * Saves the draft through the api's generic calls, so its validation, access and tenant scope apply:
 * each page setting that changed or is new, then the organization's branding (Admins only). A
 * refusal comes back as { problem }, on the field it names, and the page keeps what was typed.
 */
export const savePortalSettings = async (authToken: string, user: StaffUser, draft: PortalDraft) => {
  const abilities = await staffAbilities(authToken, user);
  const { rows, organization } = await readSaved(authToken, user);
  for (const [index, page] of draft.pages.entries()) {
    if (!PORTAL_PAGE_NAMES.includes(page.page)) continue;
    const existing = rows.find((row) => row.page === page.page);
    const setting = pageSettingOf(page, draft, existing);
    if (!setting) continue;
    try {
      if (existing) await callApi(`/v1/portal-customization/${encodeURIComponent(existing.id)}`, { method: 'PATCH', authToken, body: { updates: setting, options: { replaceObjectFields: true } } });
      else await callApi('/v1/portal-customization', { method: 'POST', authToken, body: { page: page.page, blocks: [], ...Object.fromEntries(Object.entries(setting).filter(([, value]) => value !== null)) } });
    } catch (error) {
      return problemOf(error, pagePaths(index));
    }
  }
  if (abilities.admin) {
    try {
      await callApi(organizationPath(user), { method: 'PATCH', authToken, body: { updates: brandingOf(draft, organization), options: { replaceObjectFields: true } } });
    } catch (error) {
      return problemOf(error, BRANDING_PATHS);
    }
  }
  // The portal's pages read the organization through a short cache; a saved change shows at once.
  forgetOrganizations();
  return { saved: true as const };
};

/** The Community page's switch (the Community page setting): on creates or enables it, off disables it. */
export const setCommunityShown = async (authToken: string, shown: boolean) => {
  const rows = await callApi<Row[]>('/v1/portal-customizations', { authToken, query: { limit: '100' } });
  const existing = rows.find((row) => row.page === 'Community');
  if (existing) await callApi(`/v1/portal-customization/${encodeURIComponent(existing.id)}`, { method: 'PATCH', authToken, body: { updates: { disabled: !shown } } });
  else if (shown) await callApi('/v1/portal-customization', { method: 'POST', authToken, body: { page: 'Community', blocks: [], disabled: false } });
};

/** Whether the portal's Community page is on (a Community page setting that is not disabled). */
export const communityShown = async (authToken: string) => {
  const rows = await callApi<Row[]>('/v1/portal-customizations', { authToken, query: { limit: '100' } });
  return rows.some((row) => row.page === 'Community' && row.disabled !== true);
};

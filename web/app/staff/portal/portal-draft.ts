import { PAGES } from '../../navigation';
import { DEFAULT_THEME_COLOR, DEFAULT_THEME_COLOR_SECONDARY } from '../../organization';

/**
 * The portal's settings as the staff app edits them, in one draft: the organization's branding and
 * portalSettings, and one entry per portal page (portal_customizations). The preview draws the
 * portal from this same draft before it is saved.
 */
export const AUTH_TEXT_KEYS = [
  'landingTitle',
  'landingLogo',
  'landingGraphic',
  'loginTitle',
  'loginDescription',
  'loginGraphic',
  'registerTitle',
  'registerDescription',
  'registerGraphic',
] as const;
export type AuthTextKey = (typeof AUTH_TEXT_KEYS)[number];

export const HOME_BLOCK_TYPES = ['careTeam', 'education', 'carePlan', 'text'] as const;
export type HomeBlockType = (typeof HOME_BLOCK_TYPES)[number];

/** A Home block in the editor: the care team's title and the text block's words are the only things typed. */
export interface DraftBlock {
  type: HomeBlockType;
  title: string;
  text: string;
}

export interface DraftPage {
  page: string;
  title: string;
  /** Shown in the portal (the page setting's disabled, inverted; Community needs a setting to show at all). */
  shown: boolean;
  /** The bottom bar's order as typed: '' for the default, 'hidden' to keep the page out of the bottom bar. */
  position: string;
}

export interface PortalDraft {
  themeColor: string;
  themeColorSecondary: string;
  logoURL: string;
  faviconURL: string;
  authentication: Record<AuthTextKey, string>;
  allowEnduserInitiatedChat: boolean;
  pages: DraftPage[];
  home: { headerImageURL: string; blocks: DraftBlock[] };
}

/** Plain-language names for the block types (never the api's own). */
export const BLOCK_LABELS: Record<HomeBlockType, string> = {
  careTeam: 'Care team',
  education: 'Education',
  carePlan: 'Care plan',
  text: 'Text',
};

/** The pages the editor lists, in the portal's own order (web/app/navigation.ts). */
export const PORTAL_PAGE_NAMES = PAGES.map((page) => page.page);
export const defaultTitleOf = (page: string) => PAGES.find((definition) => definition.page === page)?.title ?? page;

/** The reference client's marker that keeps a page out of the mobile bottom bar. */
export const HIDDEN_POSITION = 1000;

export const emptyDraft = (): PortalDraft => ({
  themeColor: DEFAULT_THEME_COLOR,
  themeColorSecondary: DEFAULT_THEME_COLOR_SECONDARY,
  logoURL: '',
  faviconURL: '',
  authentication: Object.fromEntries(AUTH_TEXT_KEYS.map((key) => [key, ''])) as Record<AuthTextKey, string>,
  allowEnduserInitiatedChat: false,
  pages: PORTAL_PAGE_NAMES.map((page) => ({ page, title: '', shown: page !== 'Community', position: '' })),
  home: { headerImageURL: '', blocks: [] },
});

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const isURL = (value: string) => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};

/** Our message for a colour the portal cannot use (the spec gives none; docs/decisions.md). */
export const COLOUR_MESSAGE = 'Enter a colour as # and six hex digits, e.g. #1564bf';
/** The api's own message for an address it cannot use (docs/contract/validation.md). */
export const URL_MESSAGE = 'Invalid URL';

/**
 * The draft's problems, by field path (react-hook-form's names), with the spec's messages: 'Required'
 * for what must be typed and 'Invalid URL' for addresses. Lengths are the api's to check: its own
 * message then shows on the field.
 */
export const draftProblems = (draft: PortalDraft): Record<string, string> => {
  const problems: Record<string, string> = {};
  for (const key of ['themeColor', 'themeColorSecondary'] as const) if (!HEX.test(draft[key].trim())) problems[key] = COLOUR_MESSAGE;
  for (const key of ['logoURL', 'faviconURL'] as const) if (draft[key].trim() && !isURL(draft[key].trim())) problems[key] = URL_MESSAGE;
  for (const key of AUTH_TEXT_KEYS) {
    const value = draft.authentication[key].trim();
    if (/Logo$|Graphic$/.test(key) && value && !isURL(value)) problems[`authentication.${key}`] = URL_MESSAGE;
  }
  if (draft.home.headerImageURL.trim() && !isURL(draft.home.headerImageURL.trim())) problems['home.headerImageURL'] = URL_MESSAGE;
  draft.home.blocks.forEach((block, index) => {
    if (block.type === 'careTeam' && !block.title.trim()) problems[`home.blocks.${index}.title`] = 'Required';
    if (block.type === 'text' && !block.text.trim()) problems[`home.blocks.${index}.text`] = 'Required';
  });
  return problems;
};

/** What the preview is sent: the draft and the screen to show. */
export const PREVIEW_SCREENS = [
  { value: 'home', label: 'Home' },
  { value: 'landing', label: 'Landing' },
  { value: 'login', label: 'Log in' },
  { value: 'register', label: 'Sign up' },
] as const;
export type PreviewScreen = (typeof PREVIEW_SCREENS)[number]['value'];
export interface PreviewMessage {
  type: 'carelane-portal-preview';
  draft: PortalDraft;
  screen: PreviewScreen;
}
export const PREVIEW_READY = 'carelane-portal-preview-ready';

/** The position a draft page's setting stores (undefined: the portal's default). */
export const storedPosition = (position: string) => (position === 'hidden' ? HIDDEN_POSITION : position ? Number(position) : undefined);

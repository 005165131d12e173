/**
 * The portal's navigation (docs/contract/portal.md#shell): which pages a signed-in enduser is offered, under which
 * titles, in which order, and which of them sit in the mobile bottom bar. Pure, so the server and
 * the browser agree and it is easy to test.
 */

/** A page setting (portal_customizations) as far as navigation reads it. */
export interface PageSetting {
  page: string;
  title?: string;
  disabled?: boolean;
  mobileBottomNavigationPosition?: number;
}

/** Facts about the enduser and the organization that show or hide pages. */
export interface NavigationFacts {
  /** The enduser has at least one care-plan item (a care plan or a care-plan event). */
  hasCarePlan: boolean;
  /** At least one calendar event type has enableSelfScheduling. */
  selfScheduling: boolean;
}

export interface NavEntry {
  page: string;
  title: string;
  path: string;
  /** Sort weight: the page setting's mobileBottomNavigationPosition, else the default. */
  weight: number;
}

/** Weight that keeps a page out of the mobile bottom bar (the reference's hidden marker). */
export const BOTTOM_NAVIGATION_HIDDEN = 1000;

/** A page's default title in the catalogue (i18n/catalogue/<language>/shell.ts, pages). */
export type PageTitleKey = 'home' | 'communications' | 'documents' | 'education' | 'myEvents' | 'carePlan' | 'appointmentBooking' | 'community';

interface PageDefinition {
  page: string;
  /** The English default title (the staff app's names for the pages). */
  title: string;
  titleKey: PageTitleKey;
  path: string;
  weight: number;
  visible: (facts: NavigationFacts, setting: PageSetting | undefined) => boolean;
}

const always = () => true;

/** Every page the navigation knows, in the spec's order (docs/contract/portal.md#shell), with its default weight. */
export const PAGES: PageDefinition[] = [
  { page: 'Home', title: 'Home', titleKey: 'home', path: '/home', weight: 0, visible: always },
  { page: 'Communications', title: 'Communications', titleKey: 'communications', path: '/communications', weight: 1, visible: always },
  { page: 'Documents', title: 'Documents', titleKey: 'documents', path: '/documents', weight: 2, visible: always },
  { page: 'Education', title: 'Education', titleKey: 'education', path: '/content', weight: 3, visible: always },
  { page: 'My Events', title: 'My Events', titleKey: 'myEvents', path: '/events', weight: BOTTOM_NAVIGATION_HIDDEN, visible: always },
  { page: 'Care Plan', title: 'Care Plan', titleKey: 'carePlan', path: '/care-plan', weight: BOTTOM_NAVIGATION_HIDDEN, visible: (facts) => facts.hasCarePlan },
  {
    page: 'Appointment Booking',
    title: 'Book an Appointment',
    titleKey: 'appointmentBooking',
    path: '/book-an-appointment',
    weight: BOTTOM_NAVIGATION_HIDDEN,
    visible: (facts) => facts.selfScheduling,
  },
  // Community exists only through its page setting.
  { page: 'Community', title: 'Community', titleKey: 'community', path: '/community', weight: BOTTOM_NAVIGATION_HIDDEN, visible: (_facts, setting) => !!setting },
];

const settingFor = (settings: PageSetting[], page: string) => settings.find((setting) => setting.page === page);

const weightOf = (definition: PageDefinition, setting: PageSetting | undefined) => {
  const position = setting?.mobileBottomNavigationPosition;
  return typeof position === 'number' && Number.isFinite(position) && position >= 0 ? position : definition.weight;
};

/**
 * The pages offered, ordered by weight (ties keep the spec's order). A page setting retitles a page
 * (the clinic's title, shown as given) and may disable it; Home cannot be disabled. Other pages take
 * `defaultTitle`: the portal passes the catalogue's in the patient's language, English otherwise.
 */
export const navigationEntries = (settings: PageSetting[], facts: NavigationFacts, defaultTitle: (key: PageTitleKey) => string = (key) => PAGES.find((page) => page.titleKey === key)?.title ?? key): NavEntry[] =>
  PAGES.map((definition, index) => ({ definition, index, setting: settingFor(settings, definition.page) }))
    .filter(({ definition, setting }) => definition.visible(facts, setting) && (definition.page === 'Home' || setting?.disabled !== true))
    .map(({ definition, index, setting }) => ({
      index,
      entry: { page: definition.page, title: setting?.title?.trim() || defaultTitle(definition.titleKey), path: definition.path, weight: weightOf(definition, setting) },
    }))
    // Home is always first.
    .sort((a, b) => (a.entry.page === 'Home' ? -1 : b.entry.page === 'Home' ? 1 : a.entry.weight - b.entry.weight || a.index - b.index))
    .map(({ entry }) => entry);

/** The mobile bottom bar: entries below the hidden marker, in weight order. */
export const bottomNavigationEntries = (entries: NavEntry[]) => entries.filter((entry) => entry.weight < BOTTOM_NAVIGATION_HIDDEN);

/** The page a path belongs to (for highlighting the current entry and for disabled pages). */
export const pageOfPath = (pathname: string) =>
  PAGES.find((definition) => pathname === definition.path || pathname.startsWith(`${definition.path}/`))?.page;

/**
 * Whether a path belongs to a page its setting disables, or to Community without an enabled
 * setting (docs/contract/portal.md#routes). Pages merely absent from the navigation (Care Plan with no items yet) open.
 */
export const isDisabledPath = (pathname: string, settings: PageSetting[]) => {
  const page = pageOfPath(pathname);
  if (!page || page === 'Home') return false;
  const setting = settingFor(settings, page);
  if (page === 'Community' && !setting) return true;
  return setting?.disabled === true;
};

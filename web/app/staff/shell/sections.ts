import type { Operation } from '../permissions.server';

/**
 * The staff app's sections, in the order the navigation shows them, each with the record type a role
 * must be able to read to see it (docs/contract/access.md, the role matrix; the api still decides every call).
 * Grouped so Calendar, Builders and Settings join their group when their screens land.
 */
export type SectionKey = 'today' | 'inbox' | 'patients' | 'calendar' | 'tasks' | 'journeys' | 'triggers' | 'forms' | 'templates' | 'content' | 'community' | 'portal' | 'scheduling' | 'products' | 'settings' | 'analytics' | 'errors';
export type SectionGroup = 'Work' | 'Automation' | 'Builders' | 'Organization';

export interface Section {
  key: SectionKey;
  path: string;
  /** The label; Patients is the organization's own name for them (organizations.enduserDisplayName). */
  label: string;
  group: SectionGroup;
  /** What the role must read to see the section; Today needs nothing (it shows what the role may read). */
  needs?: readonly [resource: string, operation: Operation];
  /** Shown when the role may do any one of these (a setup section is for those who may change some of it). */
  needsAny?: readonly (readonly [resource: string, operation: Operation])[];
  /**
   * Opened as a document, not by a data request: the staff cookie's path (/staff) does not cover
   * the data request of /staff itself (/staff.data), only the page (docs/decisions.md, "Today at /staff").
   */
  document?: boolean;
  /** Only for Admins: the whole setup of the organization (team, keys, webhooks, integrations) is theirs (docs/contract/access.md). */
  adminOnly?: boolean;
}

export const SECTIONS: readonly Section[] = [
  { key: 'today', path: '/staff', label: 'Today', group: 'Work', document: true },
  { key: 'inbox', path: '/staff/inbox', label: 'Inbox', group: 'Work', needs: ['chat_rooms', 'read'] },
  { key: 'patients', path: '/staff/patients', label: 'Patients', group: 'Work', needs: ['endusers', 'read'] },
  { key: 'calendar', path: '/staff/calendar', label: 'Calendar', group: 'Work', needs: ['calendar_events', 'read'] },
  { key: 'tasks', path: '/staff/tasks', label: 'Tasks', group: 'Work', needs: ['tickets', 'read'] },
  { key: 'journeys', path: '/staff/journeys', label: 'Journeys', group: 'Automation', needs: ['journeys', 'read'] },
  { key: 'triggers', path: '/staff/triggers', label: 'Triggers', group: 'Automation', needs: ['automation_triggers', 'read'] },
  // Builders are for those who may change what they build (a role that only reads forms fills them from the patient record).
  { key: 'forms', path: '/staff/forms', label: 'Forms', group: 'Builders', needsAny: [['forms', 'update']] },
  { key: 'templates', path: '/staff/templates', label: 'Templates', group: 'Builders', needsAny: [['templates', 'update']] },
  { key: 'content', path: '/staff/content', label: 'Content', group: 'Builders', needsAny: [['managed_content_records', 'update']] },
  {
    key: 'community',
    path: '/staff/community',
    label: 'Community',
    group: 'Builders',
    needsAny: [
      ['forums', 'update'],
      ['forum_posts', 'delete'],
      ['post_comments', 'delete'],
    ],
  },
  // Branding is an Admin matter (organizations); a role that may change the portal's pages still sees the section.
  { key: 'portal', path: '/staff/portal', label: 'Portal', group: 'Builders', needsAny: [['portal_customizations', 'update']] },
  {
    key: 'scheduling',
    path: '/staff/scheduling',
    label: 'Scheduling',
    group: 'Organization',
    needsAny: [
      ['calendar_event_templates', 'update'],
      ['appointment_locations', 'update'],
      ['appointment_booking_pages', 'update'],
      ['availability_blocks', 'create'],
    ],
  },
  { key: 'products', path: '/staff/products', label: 'Products', group: 'Organization', needsAny: [['products', 'update']] },
  { key: 'settings', path: '/staff/settings', label: 'Settings', group: 'Organization', adminOnly: true },
  { key: 'analytics', path: '/staff/analytics', label: 'Analytics', group: 'Organization', needs: ['analytics_frames', 'read'] },
  { key: 'errors', path: '/staff/errors', label: 'Errors', group: 'Organization', needs: ['background_errors', 'read'] },
];

/** The section an address belongs to (its first segment under /staff), so the navigation marks it as current. */
export const sectionOfPath = (pathname: string): SectionKey | undefined => {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === '/staff') return 'today';
  return SECTIONS.find((section) => section.key !== 'today' && (trimmed === section.path || trimmed.startsWith(`${section.path}/`)))?.key;
};

/** The plural the organization calls its patients by ('Patients' unless it set enduserDisplayName). */
export const patientsLabel = (enduserDisplayName: unknown) => {
  const name = typeof enduserDisplayName === 'string' ? enduserDisplayName.trim() : '';
  if (!name) return 'Patients';
  const capital = name[0]!.toUpperCase() + name.slice(1);
  return /s$/i.test(capital) ? capital : `${capital}s`;
};

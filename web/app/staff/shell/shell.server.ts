import { callApi } from '../../api.server';
import { staffAbilities, type StaffAbilities } from '../permissions.server';
import type { StaffUser } from '../session.server';
import { patientsLabel, SECTIONS, type Section } from './sections';
import { inboxUnreadCount } from '../inbox/unread.server';

export interface StaffShellData {
  /** Who is signed in, by name. */
  name: string;
  /** The sections this staff member's role may read, with the organization's name for patients. */
  sections: Section[];
  unread: number;
}

/** A staff member by name: first and last name, else their email, else 'Staff member' (never an id). */
export const staffName = (user: Pick<StaffUser, 'fname' | 'lname' | 'email'>) => [user.fname, user.lname].filter(Boolean).join(' ') || user.email || 'Staff member';

/** The organization's own word for patients (read from its record; 'Patients' when unset or unreadable). */
export const organizationPatientsLabel = async (authToken: string, businessId: string | undefined) => {
  if (!businessId) return patientsLabel(undefined);
  const organization = await callApi<{ enduserDisplayName?: string }>(`/v1/organization/${encodeURIComponent(businessId)}`, { authToken }).catch(() => undefined);
  return patientsLabel(organization?.enduserDisplayName);
};

/** The sections a role may see: those whose record type it may read (the api still decides each call). */
export const visibleSections = (abilities: StaffAbilities, patients: string) =>
  SECTIONS.filter(
    (section) =>
      (!section.adminOnly || abilities.admin) &&
      (!section.needs || abilities.can(section.needs[0], section.needs[1])) &&
      (!section.needsAny || section.needsAny.some(([resource, operation]) => abilities.can(resource, operation))),
  ).map((section) =>
    section.key === 'patients' ? { ...section, label: patients } : section,
  );

/** What the staff frame needs on every page: the signed-in name, the navigation and the inbox's unread count. */
export const loadStaffShell = async (authToken: string, user: StaffUser): Promise<StaffShellData> => {
  const [abilities, patients] = await Promise.all([staffAbilities(authToken, user), organizationPatientsLabel(authToken, user.businessId)]);
  const sections = visibleSections(abilities, patients);
  // The inbox's count never fails the frame: a refused or failed read shows no count.
  const unread = sections.some((section) => section.key === 'inbox') ? await inboxUnreadCount(authToken, user).catch(() => 0) : 0;
  return { name: staffName(user), sections, unread };
};

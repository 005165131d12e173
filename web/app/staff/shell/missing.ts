/**
 * What a staff page says when its record is missing or the role may not see it. The two read the
 * same on purpose: telling them apart would tell a staff member that a record they may not see exists.
 */
export const MISSING = {
  page: { title: 'Page not found', text: 'Nothing in the staff app lives at this address. It may have been mistyped, or the page has moved.' },
  patient: { title: 'This patient does not exist or you cannot see them', text: 'They may have been removed, or they are not among the patients your role shows you.' },
  journey: { title: 'This journey does not exist or you cannot see it', text: 'It may have been deleted, or your role does not show it.' },
  task: { title: 'This task does not exist or you cannot see it', text: 'It may have been deleted, or it is not among the tasks your role shows you.' },
  record: { title: 'This record does not exist or you cannot see it', text: 'It may have been deleted, or your role does not show it.' },
  appointment: { title: 'This appointment does not exist or you cannot see it', text: 'It may have been deleted, or it is not among the appointments your role shows you.' },
  conversation: { title: 'This conversation does not exist or you cannot see it', text: 'It may have been deleted, or you are not one of its members.' },
} as const;
export type MissingKind = keyof typeof MISSING;

/** The 404 answer's body, read by the staff not-found page. */
export interface MissingData {
  missing: MissingKind;
}
export const isMissingData = (value: unknown): value is MissingData =>
  !!value && typeof value === 'object' && typeof (value as { missing?: unknown }).missing === 'string' && (value as { missing: string }).missing in MISSING;

/** The 403 answer's body: what the role may not do, in words ('see background errors'). */
export interface ForbiddenData {
  forbidden: string;
}
export const isForbiddenData = (value: unknown): value is ForbiddenData =>
  !!value && typeof value === 'object' && typeof (value as { forbidden?: unknown }).forbidden === 'string';

import { CONTENT_FILES_PATH } from '../../portal/content';

/**
 * Where an uploaded content file is served. The record stores the portal's address (the patient opens
 * it with their own session); the staff app's preview shows the same file through its own attachment
 * route, with the staff member's session.
 */
export const CONTENT_FILES_PATH_PREFIX = CONTENT_FILES_PATH;

export const contentFileLink = (file: { id: string; name: string }) => `${CONTENT_FILES_PATH_PREFIX}${encodeURIComponent(file.id)}?${new URLSearchParams({ name: file.name })}`;

/** A portal content-file address as the staff app's (other links are unchanged). */
export const staffLinkOf = (link: string) => (link.startsWith(CONTENT_FILES_PATH_PREFIX) ? `/staff/content-files/${link.slice(CONTENT_FILES_PATH_PREFIX.length)}` : link);

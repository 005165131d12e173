import type { Request } from 'express';
import { badRequest } from '../../errors';
import type { Services } from '../action';

/** Download links last a day: within the spec's "at most 7 days", short enough that a leaked link soon dies. */
export const DOWNLOAD_LINK_SECONDS = 24 * 60 * 60;
export const UPLOAD_LINK_SECONDS = 60 * 60;

/**
 * Download links count as issued at the start of the current hour, so asking again within the hour
 * (staff or the enduser) answers the very same link, which clients and browsers cache; a link then
 * lives 23 to 24 hours.
 */
const LINK_WINDOW_MS = 60 * 60 * 1000;
export const downloadLinkIssuedAt = (now = Date.now()) => new Date(Math.floor(now / LINK_WINDOW_MS) * LINK_WINDOW_MS);

/** Where the caller reaches this api: configured, or the request's own scheme and host. */
export const apiBaseUrl = (services: Services, req: Request) => services.config.publicUrl ?? `${req.protocol}://${req.get('host')}`;

/** Anything but a non-empty string is no secureName (the message carries no field info, as before). */
export const secureNameText = (value: unknown) => {
  if (typeof value !== 'string' || !value) throw badRequest('Value not provided for required field: secureName');
  return value;
};

/** A download link for a stored file, issued per the window above. */
export const downloadLinkFor = (services: Services, req: Request, secureName: string, filename: string) =>
  services.storage.downloadUrl({ key: secureName, filename, expiresInSeconds: DOWNLOAD_LINK_SECONDS, apiBaseUrl: apiBaseUrl(services, req), issuedAt: downloadLinkIssuedAt() });
